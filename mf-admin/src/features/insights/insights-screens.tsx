/** The dashboard's figures and the analytics charts (views, funnel, revenue, retention). */
import { ErrorNotice, InlineSpinner } from '@cliffhanger/shared';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { adminApi } from '../api/admin.api';
import type { AdminAnalytics, Figures, FunnelEpisode } from '../api/admin.types';
import { AdminLayout } from '../layout/admin-layout';
import { Field } from '../layout/form';

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

const FUNNEL_STEPS = [
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

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

export function Analytics() {
  const [days, setDays] = useState(30);
  const [seriesId, setSeriesId] = useState<number | undefined>(undefined);
  const { data, isFetching, isError, refetch } = adminApi.useAdminAnalyticsQuery({ days, series_id: seriesId });
  const series = adminApi.useAdminSeriesListQuery({ limit: 100 });
  const revenue = data?.revenue[0];
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
        <Field label="Funnel of series">
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
            <div className="admin-chart">
              <ResponsiveContainer>
                <LineChart data={data.daily}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="day" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend itemSorter={null} />
                  <Line type="monotone" dataKey="views" name="Views" stroke="#e91e63" />
                  <Line type="monotone" dataKey="unique_viewers" name="Viewers" stroke="#2196f3" />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </section>
          {data.funnel && <Funnel funnel={data.funnel} />}
          <section aria-labelledby="revenue-title">
            <h2 id="revenue-title">Revenue per day{revenue ? ` (${revenue.currency.toUpperCase()})` : ''}</h2>
            {revenue ? (
              <div className="admin-chart">
                <ResponsiveContainer>
                  <BarChart
                    data={revenue.daily.map((d) => ({
                      day: d.day,
                      coins: d.coins_minor / 100,
                      gold: d.gold_minor / 100,
                    }))}
                  >
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="day" />
                    <YAxis />
                    <Tooltip />
                    <Legend itemSorter={null} />
                    <Bar dataKey="coins" name="Coins" stackId="revenue" fill="#f5c451" />
                    <Bar dataKey="gold" name="Gold" stackId="revenue" fill="#b8862a" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            ) : (
              <p className="ch-muted">No payments in this period.</p>
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

function Funnel({ funnel }: { funnel: NonNullable<AdminAnalytics['funnel']> }) {
  const { drawn, empty } = funnelSteps(funnel.episodes);
  // Two seasons may both have an episode 1: the label names the season when there is more than one.
  const seasons = new Set(funnel.episodes.map((e) => e.season_number)).size;
  const rows = funnel.episodes.map((e) => ({
    ...e,
    name: seasons > 1 ? `S${e.season_number}E${e.episode_number}` : `EP${e.episode_number}`,
  }));
  return (
    <section aria-labelledby="funnel-title">
      <h2 id="funnel-title">Funnel of “{funnel.series_title}” by episode</h2>
      {drawn.length === 0 ? (
        <p className="ch-muted">Nobody has watched this series in this period.</p>
      ) : (
        <div className="admin-chart">
          <ResponsiveContainer>
            <BarChart data={rows} barGap={2}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tickMargin={6} />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend itemSorter={null} />
              {drawn.map(([key, label, colour]) => (
                <Bar key={key} dataKey={key} name={label} fill={colour} maxBarSize={28} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      {drawn.length > 0 && empty.length > 0 && (
        <p className="ch-muted admin-hint">None in this period: {empty.join(', ').toLowerCase()}.</p>
      )}
    </section>
  );
}
