import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

const SECTIONS = [
  ['/admin', 'Dashboard'],
  ['/admin/series', 'Series'],
  ['/admin/episodes', 'Episodes'],
  ['/admin/media', 'Media'],
  ['/admin/users', 'Users'],
  ['/admin/subscriptions', 'Subscriptions'],
  ['/admin/analytics', 'Analytics'],
  ['/admin/settings', 'Settings'],
  ['/admin/test-thumbnail', 'Thumbnails'],
] as const;

/** The staff area's own chrome: a section list beside the work area. */
export function AdminLayout({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-layout">
      <nav aria-label="Staff sections" className="admin-nav">
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
