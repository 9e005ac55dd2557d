/**
 * The follow prompt dialog (product.md#shell): a modal that keeps focus inside while open, closes on Escape and
 * gives focus back to where it was. It invites the viewer to follow Cliffhanger, shows the 100-coin
 * reward and has a Continue button that claims it; once the reward is collected it says so, offers no
 * coins, and Continue only opens the product's page.
 */
import { CoinIcon, FOLLOW_PROMPT_COINS, runtimeConfig, useAppDispatch } from '@cliffhanger/shared';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useShellT } from '../layout/messages';
import {
  type FollowPromptState,
  followPromptClosed,
  followRewardRequested,
  selectFollowPrompt,
} from './follow-prompt.slice';

const FOCUSABLE = 'button:not([disabled]), a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function FollowPromptDialog() {
  const { open, claim } = useSelector(selectFollowPrompt as (s: unknown) => FollowPromptState);
  const dispatch = useAppDispatch();
  const { t } = useShellT();
  const dialog = useRef<HTMLDivElement>(null);
  const continueButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    continueButton.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;
  const collected = claim === 'claimed';

  const close = () => dispatch(followPromptClosed());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // A click on the dim backdrop closes, as people expect; keyboard users have Escape and Close.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is decoration, not a control
    <div
      className="modal-backdrop"
      role="presentation"
      onMouseDown={(event) => event.target === event.currentTarget && close()}
    >
      <div
        ref={dialog}
        className="modal follow-prompt"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="modal-close" aria-label={t('follow.close')} onClick={close}>
          ×
        </button>
        <h2 id={titleId}>{t('follow.title')}</h2>
        {collected ? (
          <p id={textId}>{t('follow.collected', { count: FOLLOW_PROMPT_COINS })}</p>
        ) : (
          <>
            <p id={textId}>{t('follow.body', { count: FOLLOW_PROMPT_COINS })}</p>
            <p className="follow-prompt-reward">
              <CoinIcon size={28} />
              <span>{t('follow.reward', { count: FOLLOW_PROMPT_COINS })}</span>
            </p>
          </>
        )}
        <button
          type="button"
          className="ch-button"
          ref={continueButton}
          onClick={() => {
            if (!collected) {
              dispatch(followRewardRequested());
              return;
            }
            window.open(runtimeConfig().socialFollowUrl, '_blank', 'noopener,noreferrer');
            close();
          }}
          disabled={claim === 'claiming'}
          aria-busy={claim === 'claiming'}
        >
          {t('follow.continue')}
        </button>
      </div>
    </div>
  );
}
