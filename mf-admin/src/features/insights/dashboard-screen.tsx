/**
 * The dashboard's figures: today and the last 30 days. No chart library here, so the first staff
 * screen after signing in loads as fast as a viewer screen.
 */
import { ErrorNotice, formatMoney, formatNumber, InlineSpinner } from '@cliffhanger/shared';
import { adminApi } from '../../lib/api/admin.api';
import type { DashboardFigures } from '../../lib/api/admin.types';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { DemoCatalogueProgress } from './demo-catalogue-progress';
import { type InsightsKey, useInsightsT } from './messages';

const DASHBOARD_REFRESH_MS = 60_000;

/** An amount in minor units (kopecks, cents) in the page's language. */
export function money(minor: number, currency: string): string {
  try {
    return formatMoney(minor / 100, currency);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const COUNTS: ReadonlyArray<readonly [InsightsKey, keyof Omit<DashboardFigures, 'revenue'>]> = [
  ['figure.activeViewers', 'active_viewers'],
  ['figure.views', 'views'],
  ['figure.episodesWatched', 'episodes_watched'],
  ['figure.unlocks', 'unlocks'],
  ['figure.coinsSpent', 'coins_spent'],
  ['figure.newRegistrations', 'new_registrations'],
  ['figure.goldMembers', 'gold_members'],
  ['figure.newGold', 'new_gold_subscriptions'],
];

function FigureCards({ figures }: { figures: DashboardFigures }) {
  const { t, language } = useInsightsT();
  const cards: Array<[string, string]> = [
    ...COUNTS.map(([label, key]): [string, string] => [t(label), formatNumber(Number(figures[key]), language)]),
    ...figures.revenue.map((r): [string, string] => [
      t('figure.revenueIn', { currency: r.currency.toUpperCase() }),
      money(r.total_minor, r.currency),
    ]),
  ];
  if (figures.revenue.length === 0) cards.push([t('figure.revenue'), '—']);
  return (
    <div className="admin-cards">
      {cards.map(([label, value]) => (
        // An amount is long: its card takes two columns, and the figure shrinks rather than overflow (admin.css).
        <div key={label} className={`ch-card admin-figure${value.length > 7 ? ' admin-figure--wide' : ''}`}>
          <strong className={value.length > 7 ? 'admin-figure-long' : undefined}>{value}</strong>
          <span className="ch-muted">{label}</span>
        </div>
      ))}
    </div>
  );
}

export function Dashboard() {
  const { t } = useInsightsT();
  const { data, isError, refetch } = adminApi.useAdminDashboardQuery(undefined, {
    pollingInterval: DASHBOARD_REFRESH_MS,
  });
  return (
    <AdminLayout title={t('dashboard.title')}>
      <DemoCatalogueProgress />
      {isError && <ErrorNotice message={t('dashboard.failed')} onRetry={refetch} />}
      {!data && !isError && <InlineSpinner />}
      {data && (
        <>
          <h2>{t('dashboard.today')}</h2>
          <FigureCards figures={data.today} />
          <h2>{t('dashboard.last30')}</h2>
          <FigureCards figures={data.last_30_days} />
        </>
      )}
    </AdminLayout>
  );
}
