import { selectIsGold, selectUser, usePhoneLayout, useSharedSelector } from '@cliffhanger/shared';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Header } from './header';
import { useShellT } from './messages';
import { ProfileMenu } from './profile-menu';

/** Under 768 px a bottom tab bar with Home and Profile (product.md#shell); the CSS hides it on wider screens. */
function HomeIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" fill="currentColor" />
    </svg>
  );
}

export function BottomTabBar() {
  const user = useSharedSelector(selectUser);
  const isGold = useSharedSelector(selectIsGold);
  const { t } = useShellT();
  return (
    <nav className="bottom-tab-bar" aria-label={t('nav.tabs')}>
      <NavLink to="/" end className="tab-link">
        <HomeIcon />
        <span>{t('nav.home')}</span>
      </NavLink>
      <ProfileMenu user={user} isGold={isGold} compact />
    </nav>
  );
}

export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--main">
      <Header />
      <LayoutContent>{children}</LayoutContent>
      <BottomTabBar />
    </div>
  );
}

/** Where the skip link lands: the screen's own content, past the header and its navigation. */
export const CONTENT_ID = 'content';

function LayoutContent({ children }: { children: ReactNode }) {
  return (
    <div className="layout-content" id={CONTENT_ID} tabIndex={-1}>
      {children}
    </div>
  );
}

/**
 * A screen without the tab bar: in the phone layout its header starts with Back. `immersive`: in the phone
 * layout (under 768 px, or a phone held sideways) the screen fills the phone and the header steps aside
 * (the player, which has its own Back).
 */
export function StandaloneLayout({ children, immersive = false }: { children: ReactNode; immersive?: boolean }) {
  const phone = usePhoneLayout();
  return (
    <div className={`layout layout--standalone${immersive ? ' layout--immersive' : ''}`}>
      {!(immersive && phone) && <Header back={phone} />}
      <LayoutContent>{children}</LayoutContent>
    </div>
  );
}
