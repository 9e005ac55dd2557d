import { Icon, type SessionUser, signOutRequested, useAppDispatch } from '@cliffhanger/shared';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShellT } from './messages';

/**
 * For a signed-in viewer, Profile opens a small menu (product.md#shell): Profile, Subscription and, for non-Gold
 * viewers only, Buy Coins. The avatar is the username's first letter. It follows the menu-button
 * pattern: opening moves focus to the first item, arrow keys move between items, Escape closes and
 * gives focus back to the button, and a click outside closes it.
 */
export function ProfileMenu({
  user,
  isGold,
  compact = false,
}: {
  user: SessionUser | null;
  isGold: boolean;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const dispatch = useAppDispatch();
  const { t } = useShellT();

  useEffect(() => {
    if (!open) return;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusAt(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusAt(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusAt(items.length - 1);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const signedIn = !!user && !user.is_guest;
  if (!signedIn) {
    return (
      <Link to="/profile" className={compact ? 'tab-link' : 'profile-link'}>
        {compact ? (
          <span className="avatar" aria-hidden="true">
            <Icon name="person" size={18} />
          </span>
        ) : null}
        <span>{compact ? t('profile.profile') : t('profile.signIn')}</span>
      </Link>
    );
  }
  const initial = (user.username || user.email).charAt(0).toUpperCase();
  return (
    <div className="profile-menu" ref={ref}>
      <button
        ref={trigger}
        type="button"
        className={compact ? 'tab-link' : 'avatar-button'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {initial || <Icon name="person" size={18} />}
        </span>
        <span className={compact ? undefined : 'ch-visually-hidden'}>{t('profile.profile')}</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('profile.profile')}
          className="profile-menu-list"
          onKeyDown={onMenuKeyDown}
        >
          <Link role="menuitem" to="/profile" onClick={() => setOpen(false)}>
            {t('profile.profile')}
          </Link>
          <Link role="menuitem" to="/gold-subscription" onClick={() => setOpen(false)}>
            {t('profile.subscription')}
          </Link>
          {!isGold && (
            <Link role="menuitem" to="/coins" onClick={() => setOpen(false)}>
              {t('profile.buyCoins')}
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              dispatch(signOutRequested());
            }}
          >
            {t('profile.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
