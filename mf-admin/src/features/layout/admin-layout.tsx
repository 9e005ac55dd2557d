import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';

const SECTIONS = [
  ['/admin', 'Dashboard'],
  ['/admin/series', 'Series'],
  ['/admin/episodes', 'Episodes'],
  ['/admin/media', 'Media'],
  ['/admin/users', 'Users'],
  ['/admin/subscriptions', 'Subscriptions'],
  ['/admin/analytics', 'Analytics'],
  ['/admin/settings', 'Settings'],
  ['/admin/releases', 'Releases'],
  ['/admin/test-thumbnail', 'Thumbnails'],
] as const;

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
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address marks a new current section
  useLayoutEffect(() => {
    if (navRef.current) revealCurrentSection(navRef.current);
  }, [pathname]);
  return (
    <div className="admin-layout">
      <nav ref={navRef} aria-label="Staff sections" className="admin-nav">
        <strong className="admin-brand">Cliffhanger staff</strong>
        {SECTIONS.map(([to, label]) => (
          <NavLink key={to} to={to} end={to === '/admin'}>
            {label}
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
