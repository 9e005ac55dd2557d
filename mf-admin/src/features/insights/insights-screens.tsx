/**
 * The analytics screen, for any period: views, viewers and active viewers (each defined under its
 * figure), how viewers went through one series (reach per episode as bars, quartiles, paywall → unlock
 * → purchase), revenue kept per day, unlocks and money per episode, Gold conversions; every table
 * exports as CSV. The figures and tables
 * render at once; the charts come in their own chunk (analytics-charts.tsx), loaded only here.
 */
import { ErrorNotice, formatNumber, InlineSpinner } from '@cliffhanger/shared';
import { lazy, Suspense, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import type { AdminAnalytics, FunnelSteps } from '../../lib/api/admin.types';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { Field } from '../../lib/layout/form';
import { conversionSteps, dayName, percent } from './analytics-figures';
import {
  DropOffTable,
  EpisodeRevenueTable,
  ExportButton,
  ExportSource,
  FeedFigures,
  ViewsTable,
} from './analytics-tables';
import { DEFINITIONS, FigureCard, money } from './dashboard-screen';
import { type InsightsKey, useInsightsT } from './messages';
import { lastDays, type Period, PeriodPicker } from './period-picker';

export { FeedFigures } from './analytics-tables';
export { Dashboard } from './dashboard-screen';

const Charts = lazy(() => import('./analytics-charts'));

function ConversionFunnel({ steps }: { steps: FunnelSteps }) {
  const { t, language } = useInsightsT();
  const rows = conversionSteps(steps);
  const top = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ol className="admin-funnel" aria-label={t('conversion.title')}>
      {rows.map((row) => (
        <li key={row.label}>
          <span className="admin-funnel-label">{row.label}</span>
          <span className="admin-funnel-bar" aria-hidden="true">
            <span style={{ width: `${(row.value / top) * 100}%` }} />
          </span>
          <strong className="admin-funnel-value">
            {formatNumber(row.value, language)} <span className="ch-muted">{percent(row.share)}</span>
          </strong>
        </li>
      ))}
    </ol>
  );
}

/** The period's views, viewers and active viewers, each with its definition under it. */
function ViewingTotals({ data }: { data: AdminAnalytics }) {
  const { t, language } = useInsightsT();
  return (
    <>
      <div className="admin-cards" data-testid="viewing-totals">
        {(['views', 'viewers', 'active_viewers'] as const).map((key) => (
          <FigureCard
            key={key}
            label={t(key === 'views' ? 'figure.views' : key === 'viewers' ? 'figure.viewers' : 'figure.activeViewers')}
            value={formatNumber(data.totals[key], language)}
            definition={t(DEFINITIONS[key] as InsightsKey)}
          />
        ))}
      </div>
      <p className="ch-muted admin-hint">{t('define.period')}</p>
    </>
  );
}

/** How viewers went through the series: reach as bars per episode, the drop-off table, the feed, the funnel. */
function SeriesSections({ funnel, data }: { funnel: NonNullable<AdminAnalytics['funnel']>; data: AdminAnalytics }) {
  const { t } = useInsightsT();
  return (
    <>
      <section aria-labelledby="retention-curve-title">
        <h2 id="retention-curve-title">{t('retention.title', { series: funnel.series_title })}</h2>
        {funnel.steps.starters === 0 ? (
          <p className="ch-muted">{t('retention.nobody')}</p>
        ) : (
          <Suspense fallback={<div className="admin-chart" />}>
            <Charts kind="retention" data={data} />
          </Suspense>
        )}
        <DropOffTable funnel={funnel} />
      </section>
      <section aria-labelledby="feed-title">
        <h2 id="feed-title">{t('feed.title', { series: funnel.series_title })}</h2>
        <FeedFigures funnel={funnel} />
      </section>
      <section aria-labelledby="conversion-title">
        <h2 id="conversion-title">{t('conversion.title')}</h2>
        <ConversionFunnel steps={funnel.steps} />
        <h3>{t('conversion.perEpisode')}</h3>
        <Suspense fallback={<div className="admin-chart" />}>
          <Charts kind="funnel" data={data} />
        </Suspense>
      </section>
    </>
  );
}

/** Revenue kept per day, then unlocks and money per episode beside the paywall funnel. */
function RevenueSection({ data }: { data: AdminAnalytics }) {
  const { t } = useInsightsT();
  const revenue = data.revenue[0];
  const kept = revenue?.daily.reduce((sum, d) => sum + d.coins_minor + d.gold_minor, 0) ?? 0;
  const returned = revenue?.daily.reduce((sum, d) => sum + d.returned_minor, 0) ?? 0;
  return (
    <section aria-labelledby="revenue-title">
      <h2 id="revenue-title">
        {revenue ? t('revenue.titleIn', { currency: revenue.currency.toUpperCase() }) : t('revenue.title')}
      </h2>
      {revenue ? (
        <>
          <p className="ch-muted">
            {returned > 0
              ? t('revenue.keptReturned', {
                  amount: money(kept, revenue.currency),
                  returned: money(returned, revenue.currency),
                })
              : t('revenue.kept', { amount: money(kept, revenue.currency) })}
          </p>
          <Suspense fallback={<div className="admin-chart" />}>
            <Charts kind="revenue" data={data} />
          </Suspense>
          <ExportButton table="revenue" name={t('revenue.table')} />
        </>
      ) : (
        <p className="ch-muted">{t('revenue.none')}</p>
      )}
      <h3>{t('episodeRevenue.title')}</h3>
      <EpisodeRevenueTable data={data} />
    </section>
  );
}

function GoldAndCohort({ data }: { data: AdminAnalytics }) {
  const { t, language } = useInsightsT();
  const goldTotal = data.gold_conversions.reduce((sum, d) => sum + d.subscriptions, 0);
  return (
    <>
      <section aria-labelledby="gold-title">
        <h2 id="gold-title">{t('gold.title')}</h2>
        <p className="ch-muted">{t('gold.total', { count: goldTotal, value: formatNumber(goldTotal, language) })}</p>
        {goldTotal > 0 && (
          <Suspense fallback={<div className="admin-chart" />}>
            <Charts kind="gold" data={data} />
          </Suspense>
        )}
        <ExportButton table="gold" name={t('gold.table')} />
      </section>
      <section aria-labelledby="retention-title">
        <h2 id="retention-title">{t('cohort.title')}</h2>
        <div className="admin-cards">
          {(['d1', 'd7'] as const).map((key) => (
            <div key={key} className="ch-card admin-figure">
              <strong>{percent(data.retention[key].rate)}</strong>
              <span className="ch-muted">
                {t(key === 'd1' ? 'cohort.d1' : 'cohort.d7', {
                  returned: formatNumber(data.retention[key].returned, language),
                  cohort: formatNumber(data.retention[key].cohort, language),
                })}
              </span>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}

/**
 * The analytics of a period and a series. Only the answer to the period and series asked for is ever
 * shown (`currentData`): while another loads, a spinner; when it fails, the error alone — never the
 * previous answer's figures under the new choice.
 */
export function Analytics() {
  const { t } = useInsightsT();
  const [period, setPeriod] = useState<Period>(() => lastDays(30));
  const [seriesId, setSeriesId] = useState<number | undefined>(undefined);
  const {
    currentData: data,
    isFetching,
    isError,
    refetch,
  } = adminApi.useAdminAnalyticsQuery({
    ...period,
    series_id: seriesId,
  });
  const series = adminApi.useAdminSeriesListQuery({ limit: 100 });
  return (
    <AdminLayout title={t('analytics.title')}>
      <PeriodPicker period={period} onChange={setPeriod} />
      <div className="admin-toolbar">
        <Field label={t('analytics.series')}>
          {(props) => (
            <select
              {...props}
              value={seriesId ?? data?.funnel?.series_id ?? ''}
              onChange={(e) => setSeriesId(Number(e.target.value) || undefined)}
            >
              {series.data?.results.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <p className="ch-muted" data-testid="analytics-period">
        {t('range.shown', { from: dayName(period.from), to: dayName(period.to) })}
      </p>
      {isFetching && <InlineSpinner />}
      {isError && !isFetching && <ErrorNotice message={t('analytics.failed')} onRetry={refetch} />}
      {data && !isError && (
        <ExportSource.Provider value={data}>
          <section aria-labelledby="views-title">
            <h2 id="views-title">{t('views.title')}</h2>
            <ViewingTotals data={data} />
            <Suspense fallback={<div className="admin-chart" />}>
              <Charts kind="views" data={data} />
            </Suspense>
            <ViewsTable data={data} />
          </section>
          {data.funnel && <SeriesSections funnel={data.funnel} data={data} />}
          <RevenueSection data={data} />
          <GoldAndCohort data={data} />
        </ExportSource.Provider>
      )}
    </AdminLayout>
  );
}
