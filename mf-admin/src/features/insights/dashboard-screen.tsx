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
  ['figure.views', 'views'],
  ['figure.viewers', 'viewers'],
  ['figure.activeViewers', 'active_viewers'],
  ['figure.episodesWatched', 'episodes_watched'],
  ['figure.unlocks', 'unlocks'],
  ['figure.coinsSpent', 'coins_spent'],
  ['figure.newRegistrations', 'new_registrations'],
  ['figure.goldMembers', 'gold_members'],
  ['figure.newGold', 'new_gold_subscriptions'],
];

/** What each viewing figure counts, written under it here and on the analytics screen (the API's one definition). */
export const DEFINITIONS: Partial<Record<keyof DashboardFigures, InsightsKey>> = {
  views: 'define.views',
  viewers: 'define.viewers',
  active_viewers: 'define.activeViewers',
};

/** One figure in a card, with its definition under it when it has one. */
export function FigureCard({ label, value, definition }: { label: string; value: string; definition?: string }) {
  return (
    // An amount is long: its card takes two columns, and the figure shrinks rather than overflow (admin.css).
    <div className={`ch-card admin-figure${value.length > 7 ? ' admin-figure--wide' : ''}`}>
      <strong className={value.length > 7 ? 'admin-figure-long' : undefined}>{value}</strong>
      <span className="ch-muted">{label}</span>
      {definition && <small className="ch-muted admin-definition">{definition}</small>}
    </div>
  );
}

function FigureCards({ figures }: { figures: DashboardFigures }) {
  const { t, language } = useInsightsT();
  const cards: Array<[string, string, string | undefined]> = [
    ...COUNTS.map(([label, key]): [string, string, string | undefined] => {
      const definition = DEFINITIONS[key];
      return [t(label), formatNumber(Number(figures[key]), language), definition && t(definition)];
    }),
    ...figures.revenue.map((r): [string, string, undefined] => [
      t('figure.revenueIn', { currency: r.currency.toUpperCase() }),
      money(r.total_minor, r.currency),
      undefined,
    ]),
  ];
  if (figures.revenue.length === 0) cards.push([t('figure.revenue'), '—', undefined]);
  return (
    <div className="admin-cards">
      {cards.map(([label, value, definition]) => (
        <FigureCard key={label} label={label} value={value} definition={definition} />
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
          <p className="ch-muted admin-hint">{t('define.period')}</p>
        </>
      )}
    </AdminLayout>
  );
}
