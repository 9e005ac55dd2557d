/**
 * The analytics screen: views per day, how viewers went through one series (retention curve, quartiles,
 * paywall → unlock → purchase), revenue kept per day and Gold conversions. The figures and tables
 * render at once; the charts come in their own chunk (analytics-charts.tsx), loaded only here.
 */
import { ErrorNotice, InlineSpinner } from '@cliffhanger/shared';
import { lazy, Suspense, useState } from 'react';
import { adminApi } from '../api/admin.api';
import type { AdminAnalytics, FunnelEpisode, FunnelSteps } from '../api/admin.types';
import { AdminLayout } from '../layout/admin-layout';
import { Field } from '../layout/form';
import { money } from './dashboard-screen';

export { Dashboard } from './dashboard-screen';

const Charts = lazy(() => import('./analytics-charts'));

export const FUNNEL_STEPS = [
  ['starts', 'Starts', '#2196f3'],
  ['completions', 'Completions', '#4caf50'],
  ['paywall_hits', 'Paywall hits', '#ff9800'],
  ['unlocks', 'Unlocks', '#e91e63'],
] as const;

/**
 * The funnel steps to draw: a step with nothing in any episode is left out of the chart (and named
 * below it), so each episode's bars sit centred on its label instead of beside empty slots.
 */
export function funnelSteps(episodes: FunnelEpisode[]) {
  const drawn = FUNNEL_STEPS.filter(([key]) => episodes.some((episode) => episode[key] > 0));
  const empty = FUNNEL_STEPS.filter((step) => !drawn.includes(step)).map(([, label]) => label);
  return { drawn, empty };
}

export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** The series funnel from first play to purchase, each step with its share of the first. */
export function conversionSteps(steps: FunnelSteps): Array<{ label: string; value: number; share: number | null }> {
  const rows: Array<[string, number]> = [
    ['Started an episode', steps.starters],
    ['Met the paywall', steps.paywall_viewers],
    ['Unlocked an episode', steps.unlockers],
    ['Bought coins after the paywall', steps.coin_buyers],
    ['Took Gold after the paywall', steps.gold_buyers],
  ];
  return rows.map(([label, value]) => ({
    label,
    value,
    share: steps.starters === 0 ? null : value / steps.starters,
  }));
}

/** A label for an episode: "EP3", or "S2E3" when the series has more than one season. */
export function episodeLabel(episodes: FunnelEpisode[]) {
  const seasons = new Set(episodes.map((e) => e.season_number)).size;
  return (e: FunnelEpisode) => (seasons > 1 ? `S${e.season_number}E${e.episode_number}` : `EP${e.episode_number}`);
}

function ConversionFunnel({ steps }: { steps: FunnelSteps }) {
  const rows = conversionSteps(steps);
  const top = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ol className="admin-funnel" aria-label="From first play to purchase">
      {rows.map((row) => (
        <li key={row.label}>
          <span className="admin-funnel-label">{row.label}</span>
          <span className="admin-funnel-bar" aria-hidden="true">
            <span style={{ width: `${(row.value / top) * 100}%` }} />
          </span>
          <strong className="admin-funnel-value">
            {row.value} <span className="ch-muted">{percent(row.share)}</span>
          </strong>
        </li>
      ))}
    </ol>
  );
}

function DropOffTable({ funnel }: { funnel: NonNullable<AdminAnalytics['funnel']> }) {
  const label = episodeLabel(funnel.episodes);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-numbers">
        <caption className="ch-muted">
          Distinct viewers per episode. “Reached” is the share of the series’ starters who started it.
        </caption>
        <thead>
          <tr>
            <th scope="col">Episode</th>
            <th scope="col">Viewers</th>
            <th scope="col">Reached</th>
            <th scope="col">25%</th>
            <th scope="col">50%</th>
            <th scope="col">75%</th>
            <th scope="col">Finished</th>
            <th scope="col">Paywall hits</th>
            <th scope="col">Unlocks</th>
          </tr>
        </thead>
        <tbody>
          {funnel.episodes.map((e) => (
            <tr key={e.episode_id}>
              <th scope="row">
                {label(e)} <span className="ch-muted">{e.is_free ? 'free' : ''}</span>
              </th>
              <td>{e.viewers}</td>
              <td>{percent(e.reached_share)}</td>
              <td>{e.quartile_25}</td>
              <td>{e.quartile_50}</td>
              <td>{e.quartile_75}</td>
              <td>{e.finished}</td>
              <td>{e.paywall_hits}</td>
              <td>{e.unlocks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The For you feed's part in the series: the period's figures, then each day that had a clip shown or played. */
export function FeedFigures({ funnel }: { funnel: NonNullable<AdminAnalytics['funnel']> }) {
  const { feed } = funnel;
  const days = feed.daily.filter((d) => d.impressions > 0 || d.plays > 0).reverse();
  const figures: Array<[string, string, string]> = [
    ['impressions', String(feed.impressions), 'Clips shown'],
    ['plays', String(feed.plays), 'Clips played'],
    ['rate', percent(feed.play_rate), 'Play rate'],
    ['went-on', String(feed.went_on), 'Plays that led on to the series'],
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
        <p className="ch-muted">No clip of this series was shown in For you in this period.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-numbers">
            <caption className="ch-muted">
              For you per day, newest first. “Led on” counts the plays after which the viewer started an episode of the
              series.
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Shown</th>
                <th scope="col">Played</th>
                <th scope="col">Play rate</th>
                <th scope="col">Led on</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.impressions}</td>
                  <td>{d.plays}</td>
                  <td>{percent(d.play_rate)}</td>
                  <td>{d.went_on}</td>
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
  const [days, setDays] = useState(30);
  const [seriesId, setSeriesId] = useState<number | undefined>(undefined);
  const { data, isFetching, isError, refetch } = adminApi.useAdminAnalyticsQuery({ days, series_id: seriesId });
  const series = adminApi.useAdminSeriesListQuery({ limit: 100 });
  const revenue = data?.revenue[0];
  const kept = revenue?.daily.reduce((sum, d) => sum + d.coins_minor + d.gold_minor, 0) ?? 0;
  const returned = revenue?.daily.reduce((sum, d) => sum + d.returned_minor, 0) ?? 0;
  const goldTotal = data?.gold_conversions.reduce((sum, d) => sum + d.subscriptions, 0) ?? 0;
  return (
    <AdminLayout title="Analytics">
      <div className="admin-toolbar">
        <Field label="Period">
          {(props) => (
            <select {...props} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              <option value={7}>7 days</option>
              <option value={30}>30 days</option>
              <option value={90}>90 days</option>
            </select>
          )}
        </Field>
        <Field label="Series">
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
      {isError && <ErrorNotice message="The analytics could not be loaded" onRetry={refetch} />}
      {data && (
        <>
          <section aria-labelledby="views-title">
            <h2 id="views-title">Views and viewers per day</h2>
            <Suspense fallback={<div className="admin-chart" />}>
              <Charts kind="views" data={data} />
            </Suspense>
          </section>
          {data.funnel && (
            <>
              <section aria-labelledby="retention-curve-title">
                <h2 id="retention-curve-title">How far viewers of “{data.funnel.series_title}” got</h2>
                {data.funnel.steps.starters === 0 ? (
                  <p className="ch-muted">Nobody has started this series in this period.</p>
                ) : (
                  <Suspense fallback={<div className="admin-chart" />}>
                    <Charts kind="retention" data={data} />
                  </Suspense>
                )}
                <DropOffTable funnel={data.funnel} />
              </section>
              <section aria-labelledby="feed-title">
                <h2 id="feed-title">“{data.funnel.series_title}” in the For you feed</h2>
                <FeedFigures funnel={data.funnel} />
              </section>
              <section aria-labelledby="conversion-title">
                <h2 id="conversion-title">From first play to purchase</h2>
                <ConversionFunnel steps={data.funnel.steps} />
                <h3>Per episode</h3>
                <Suspense fallback={<div className="admin-chart" />}>
                  <Charts kind="funnel" data={data} />
                </Suspense>
              </section>
            </>
          )}
          <section aria-labelledby="revenue-title">
            <h2 id="revenue-title">Revenue kept per day{revenue ? ` (${revenue.currency.toUpperCase()})` : ''}</h2>
            {revenue ? (
              <>
                <p className="ch-muted">
                  {money(kept, revenue.currency)} kept in the period. Refunds and disputed payments are left out
                  {returned > 0 ? `: ${money(returned, revenue.currency)} went back to payers.` : '.'}
                </p>
                <Suspense fallback={<div className="admin-chart" />}>
                  <Charts kind="revenue" data={data} />
                </Suspense>
              </>
            ) : (
              <p className="ch-muted">No payments in this period.</p>
            )}
          </section>
          <section aria-labelledby="gold-title">
            <h2 id="gold-title">Gold conversions per day</h2>
            <p className="ch-muted">{goldTotal} new Gold subscriptions in the period.</p>
            {goldTotal > 0 && (
              <Suspense fallback={<div className="admin-chart" />}>
                <Charts kind="gold" data={data} />
              </Suspense>
            )}
          </section>
          <section aria-labelledby="retention-title">
            <h2 id="retention-title">Retention of new users</h2>
            <div className="admin-cards">
              {(['d1', 'd7'] as const).map((key) => (
                <div key={key} className="ch-card admin-figure">
                  <strong>{percent(data.retention[key].rate)}</strong>
                  <span className="ch-muted">
                    {key.toUpperCase()}: {data.retention[key].returned} of {data.retention[key].cohort}
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
