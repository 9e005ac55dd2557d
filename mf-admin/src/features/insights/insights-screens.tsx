/**
 * The analytics screen: views per day, how viewers went through one series (retention curve, quartiles,
 * paywall → unlock → purchase), revenue kept per day and Gold conversions. The figures and tables
 * render at once; the charts come in their own chunk (analytics-charts.tsx), loaded only here.
 */
import { ErrorNotice, formatNumber, InlineSpinner } from '@cliffhanger/shared';
import { lazy, Suspense, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import type { AdminAnalytics, FunnelSteps } from '../../lib/api/admin.types';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { Field } from '../../lib/layout/form';
import { conversionSteps, dayName, episodeLabel, percent } from './analytics-figures';
import { money } from './dashboard-screen';
import { useInsightsT } from './messages';

export { Dashboard } from './dashboard-screen';

const Charts = lazy(() => import('./analytics-charts'));

const PERIODS = [7, 30, 90] as const;

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

function DropOffTable({ funnel }: { funnel: NonNullable<AdminAnalytics['funnel']> }) {
  const { t, language } = useInsightsT();
  const label = episodeLabel(funnel.episodes);
  const n = (value: number) => formatNumber(value, language);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-numbers">
        <caption className="ch-muted">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.episode')}</th>
            <th scope="col">{t('table.viewers')}</th>
            <th scope="col">{t('table.reached')}</th>
            <th scope="col">{percent(0.25)}</th>
            <th scope="col">{percent(0.5)}</th>
            <th scope="col">{percent(0.75)}</th>
            <th scope="col">{t('table.finished')}</th>
            <th scope="col">{t('table.paywallHits')}</th>
            <th scope="col">{t('table.unlocks')}</th>
          </tr>
        </thead>
        <tbody>
          {funnel.episodes.map((e) => (
            <tr key={e.episode_id}>
              <th scope="row">
                {label(e)} <span className="ch-muted">{e.is_free ? t('table.free') : ''}</span>
              </th>
              <td>{n(e.viewers)}</td>
              <td>{percent(e.reached_share)}</td>
              <td>{n(e.quartile_25)}</td>
              <td>{n(e.quartile_50)}</td>
              <td>{n(e.quartile_75)}</td>
              <td>{n(e.finished)}</td>
              <td>{n(e.paywall_hits)}</td>
              <td>{n(e.unlocks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The For you feed's part in the series: the period's figures, then each day that had a clip shown or played. */
export function FeedFigures({ funnel }: { funnel: NonNullable<AdminAnalytics['funnel']> }) {
  const { t, language } = useInsightsT();
  const n = (value: number) => formatNumber(value, language);
  const { feed } = funnel;
  const days = feed.daily.filter((d) => d.impressions > 0 || d.plays > 0).reverse();
  const figures: Array<[string, string, string]> = [
    ['impressions', n(feed.impressions), t('feed.shown')],
    ['plays', n(feed.plays), t('feed.played')],
    ['rate', percent(feed.play_rate), t('feed.rate')],
    ['went-on', n(feed.went_on), t('feed.wentOn')],
  ];
  return (
    <>
      <div className="admin-cards" data-testid="feed-figures">
        {figures.map(([key, value, label]) => (
          <div key={key} className="ch-card admin-figure" data-figure={key}>
            <strong>{value}</strong>
            <span className="ch-muted">{label}</span>
          </div>
        ))}
      </div>
      {days.length === 0 ? (
        <p className="ch-muted">{t('feed.none')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-numbers">
            <caption className="ch-muted">{t('feed.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('feed.day')}</th>
                <th scope="col">{t('feed.shownColumn')}</th>
                <th scope="col">{t('feed.playedColumn')}</th>
                <th scope="col">{t('feed.rate')}</th>
                <th scope="col">{t('feed.ledOn')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{dayName(d.day)}</th>
                  <td>{n(d.impressions)}</td>
                  <td>{n(d.plays)}</td>
                  <td>{percent(d.play_rate)}</td>
                  <td>{n(d.went_on)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export function Analytics() {
  const { t, language } = useInsightsT();
  const [days, setDays] = useState(30);
  const [seriesId, setSeriesId] = useState<number | undefined>(undefined);
  const { data, isFetching, isError, refetch } = adminApi.useAdminAnalyticsQuery({ days, series_id: seriesId });
  const series = adminApi.useAdminSeriesListQuery({ limit: 100 });
  const revenue = data?.revenue[0];
  const kept = revenue?.daily.reduce((sum, d) => sum + d.coins_minor + d.gold_minor, 0) ?? 0;
  const returned = revenue?.daily.reduce((sum, d) => sum + d.returned_minor, 0) ?? 0;
  const goldTotal = data?.gold_conversions.reduce((sum, d) => sum + d.subscriptions, 0) ?? 0;
  return (
    <AdminLayout title={t('analytics.title')}>
      <div className="admin-toolbar">
        <Field label={t('analytics.period')}>
          {(props) => (
            <select {...props} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {PERIODS.map((period) => (
                <option key={period} value={period}>
                  {t('analytics.days', { count: period })}
                </option>
              ))}
            </select>
          )}
        </Field>
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
      {isFetching && <InlineSpinner />}
      {isError && <ErrorNotice message={t('analytics.failed')} onRetry={refetch} />}
      {data && (
        <>
          <section aria-labelledby="views-title">
            <h2 id="views-title">{t('views.title')}</h2>
            <Suspense fallback={<div className="admin-chart" />}>
              <Charts kind="views" data={data} />
            </Suspense>
          </section>
          {data.funnel && (
            <>
              <section aria-labelledby="retention-curve-title">
                <h2 id="retention-curve-title">{t('retention.title', { series: data.funnel.series_title })}</h2>
                {data.funnel.steps.starters === 0 ? (
                  <p className="ch-muted">{t('retention.nobody')}</p>
                ) : (
                  <Suspense fallback={<div className="admin-chart" />}>
                    <Charts kind="retention" data={data} />
                  </Suspense>
                )}
                <DropOffTable funnel={data.funnel} />
              </section>
              <section aria-labelledby="feed-title">
                <h2 id="feed-title">{t('feed.title', { series: data.funnel.series_title })}</h2>
                <FeedFigures funnel={data.funnel} />
              </section>
              <section aria-labelledby="conversion-title">
                <h2 id="conversion-title">{t('conversion.title')}</h2>
                <ConversionFunnel steps={data.funnel.steps} />
                <h3>{t('conversion.perEpisode')}</h3>
                <Suspense fallback={<div className="admin-chart" />}>
                  <Charts kind="funnel" data={data} />
                </Suspense>
              </section>
            </>
          )}
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
              </>
            ) : (
              <p className="ch-muted">{t('revenue.none')}</p>
            )}
          </section>
          <section aria-labelledby="gold-title">
            <h2 id="gold-title">{t('gold.title')}</h2>
            <p className="ch-muted">
              {t('gold.total', { count: goldTotal, value: formatNumber(goldTotal, language) })}
            </p>
            {goldTotal > 0 && (
              <Suspense fallback={<div className="admin-chart" />}>
                <Charts kind="gold" data={data} />
              </Suspense>
            )}
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
      )}
    </AdminLayout>
  );
}
