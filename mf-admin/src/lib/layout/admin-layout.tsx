import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { type LayoutKey, useLayoutT } from './messages';

const SECTIONS: ReadonlyArray<readonly [string, LayoutKey]> = [
  ['/admin', 'nav.dashboard'],
  ['/admin/series', 'nav.series'],
  ['/admin/episodes', 'nav.episodes'],
  ['/admin/media', 'nav.media'],
  ['/admin/users', 'nav.users'],
  ['/admin/subscriptions', 'nav.subscriptions'],
  ['/admin/analytics', 'nav.analytics'],
  ['/admin/settings', 'nav.settings'],
  ['/admin/releases', 'nav.releases'],
  ['/admin/audit', 'nav.audit'],
  ['/admin/payments', 'nav.payments'],
  ['/admin/test-thumbnail', 'nav.thumbnails'],
];

/**
 * Scrolls a horizontal section strip (a phone's) so its current section is in view, centred where it can
 * be: a staff member on Media sees "Media" marked, not the strip's first few sections.
 */
export function revealCurrentSection(nav: HTMLElement) {
  const current = nav.querySelector<HTMLElement>('a.active');
  if (!current || nav.scrollWidth <= nav.clientWidth) return;
  nav.scrollLeft = Math.max(0, current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2);
}

/** The staff area's own chrome: a section list beside the work area (a scrolling strip on a phone). */
export function AdminLayout({ title, children }: { title: string; children?: ReactNode }) {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const { t, language } = useLayoutT();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address marks a new current section
  useLayoutEffect(() => {
    if (navRef.current) revealCurrentSection(navRef.current);
  }, [pathname, language]);
  return (
    <div className="admin-layout">
      <nav ref={navRef} aria-label={t('nav.label')} className="admin-nav">
        <strong className="admin-brand">{t('nav.brand')}</strong>
        {SECTIONS.map(([to, key]) => (
          <NavLink key={to} to={to} end={to === '/admin'}>
            {t(key)}
          </NavLink>
        ))}
      </nav>
      <main className="admin-main">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
