/**
 * The dashboard's figures: today and the last 30 days. No chart library here, so the first staff
 * screen after signing in loads as fast as a viewer screen.
 */
import { ErrorNotice, InlineSpinner } from '@cliffhanger/shared';
import { adminApi } from '../api/admin.api';
import type { Figures } from '../api/admin.types';
import { AdminLayout } from '../layout/admin-layout';

const DASHBOARD_REFRESH_MS = 60_000;

export function money(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(
      minor / 100,
    );
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

function FigureCards({ figures }: { figures: Figures }) {
  const cards: Array<[string, string | number]> = [
    ['Active viewers', figures.active_viewers],
    ['Views', figures.views],
    ['Episodes watched', figures.episodes_watched],
    ['Unlocks', figures.unlocks],
    ['Coins spent', figures.coins_spent],
    ['New registrations', figures.new_registrations],
    ['Gold members', figures.gold_members],
    ['New Gold subscriptions', figures.new_gold_subscriptions],
    ...figures.revenue.map((r): [string, string] => [
      `Revenue (${r.currency.toUpperCase()})`,
      money(r.total_minor, r.currency),
    ]),
  ];
  if (figures.revenue.length === 0) cards.push(['Revenue', '—']);
  return (
    <div className="admin-cards">
      {cards.map(([label, value]) => (
        // An amount is long: its card takes two columns, and the figure shrinks rather than overflow (admin.css).
        <div key={label} className={`ch-card admin-figure${String(value).length > 7 ? ' admin-figure--wide' : ''}`}>
          <strong className={String(value).length > 7 ? 'admin-figure-long' : undefined}>{value}</strong>
          <span className="ch-muted">{label}</span>
        </div>
      ))}
    </div>
  );
}

export function Dashboard() {
  const { data, isError, refetch } = adminApi.useAdminDashboardQuery(undefined, {
    pollingInterval: DASHBOARD_REFRESH_MS,
  });
  return (
    <AdminLayout title="Dashboard">
      {isError && <ErrorNotice message="The figures could not be loaded" onRetry={refetch} />}
      {!data && !isError && <InlineSpinner />}
      {data && (
        <>
          <h2>Today</h2>
          <FigureCards figures={data.today} />
          <h2>Last 30 days</h2>
          <FigureCards figures={data.last_30_days} />
        </>
      )}
    </AdminLayout>
  );
}
