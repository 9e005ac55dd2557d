/**
 * The analytics charts (recharts), in their own chunk: only the analytics screen loads them. Lines
 * are straight between days and the per-episode reach is bars, so nothing is drawn between two points. Day axes
 * show the day and month in the page's language and skip labels that would collide, so a 90-day chart
 * reads at 1440 px and on a tablet; numbers, legends and tooltips follow the language too.
 */
import { currentLanguage, formatNumber } from '@cliffhanger/shared';
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
import type { AdminAnalytics } from '../../lib/api/admin.types';
import { dayName, episodeLabel, funnelSteps } from './analytics-figures';
import { useInsightsT } from './messages';

/** "24 Nov" / "24 нояб.": a UTC day of the API, short enough for an axis tick. */
const shortDay = (day: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
const count = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : String(value ?? ''));
const dayLabel = (day: unknown) => (typeof day === 'string' ? dayName(day) : String(day ?? ''));
/** A whole percentage (0–100) in the page's language. */
const share = (value: unknown) =>
  typeof value === 'number'
    ? new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 0 }).format(value / 100)
    : String(value ?? '');
const dayAxis = <XAxis dataKey="day" tickFormatter={shortDay} interval="preserveStartEnd" minTickGap={16} />;

type Kind = 'views' | 'retention' | 'funnel' | 'revenue' | 'gold';

export default function AnalyticsCharts({ kind, data }: { kind: Kind; data: AdminAnalytics }) {
  const { t, language } = useInsightsT();
  if (kind === 'views') {
    return (
      <div className="admin-chart">
        <ResponsiveContainer>
          <LineChart data={data.daily}>
            <CartesianGrid strokeDasharray="3 3" />
            {dayAxis}
            <YAxis allowDecimals={false} width={40} tickFormatter={count} />
            <Tooltip labelFormatter={dayLabel} formatter={count} />
            <Legend itemSorter={null} />
            <Line type="linear" dataKey="views" name={t('views.views')} stroke="#e91e63" dot={false} />
            <Line type="linear" dataKey="viewers" name={t('views.viewers')} stroke="#2196f3" dot={false} />
            <Line type="linear" dataKey="active_viewers" name={t('views.activeViewers')} stroke="#9c27b0" dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    );
  }
  if (kind === 'retention' && data.funnel) {
    const label = episodeLabel(data.funnel.episodes);
    const rows = data.funnel.episodes.map((e) => ({
      name: label(e),
      reached: e.reached_share === null ? 0 : Math.round(e.reached_share * 100),
      finished: e.viewers === 0 ? 0 : Math.round((e.finished / e.viewers) * 100),
    }));
    return (
      <div className="admin-chart">
        <ResponsiveContainer>
          {/* Bars per episode: a share belongs to one episode, nothing lies between two of them. */}
          <BarChart data={rows} barGap={2}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" interval="preserveStartEnd" minTickGap={8} />
            <YAxis domain={[0, 100]} width={48} tickFormatter={share} />
            <Tooltip formatter={share} />
            <Legend itemSorter={null} />
            <Bar dataKey="reached" name={t('retention.reached')} fill="#e91e63" maxBarSize={28} />
            <Bar dataKey="finished" name={t('retention.finished')} fill="#4caf50" maxBarSize={28} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    );
  }
  if (kind === 'funnel' && data.funnel) {
    const { drawn, empty } = funnelSteps(data.funnel.episodes);
    const label = episodeLabel(data.funnel.episodes);
    const rows = data.funnel.episodes.map((e) => ({ ...e, name: label(e) }));
    if (drawn.length === 0) return <p className="ch-muted">{t('funnel.nobody')}</p>;
    return (
      <>
        <div className="admin-chart">
          <ResponsiveContainer>
            <BarChart data={rows} barGap={2}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tickMargin={6} />
              <YAxis allowDecimals={false} width={40} tickFormatter={count} />
              <Tooltip formatter={count} />
              <Legend itemSorter={null} />
              {drawn.map(([key, name, colour]) => (
                <Bar key={key} dataKey={key} name={t(name)} fill={colour} maxBarSize={28} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
        {empty.length > 0 && (
          <p className="ch-muted admin-hint">
            {t('funnel.noneOf', { steps: empty.join(', ').toLocaleLowerCase(language) })}
          </p>
        )}
      </>
    );
  }
  if (kind === 'revenue' && data.revenue[0]) {
    const rows = data.revenue[0].daily.map((d) => ({
      day: d.day,
      coins: d.coins_minor / 100,
      gold: d.gold_minor / 100,
    }));
    return (
      <div className="admin-chart">
        <ResponsiveContainer>
          <BarChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            {dayAxis}
            <YAxis width={56} tickFormatter={count} />
            <Tooltip labelFormatter={dayLabel} formatter={count} />
            <Legend itemSorter={null} />
            <Bar dataKey="coins" name={t('revenue.coins')} stackId="revenue" fill="#f5c451" />
            <Bar dataKey="gold" name={t('revenue.gold')} stackId="revenue" fill="#b8862a" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    );
  }
  if (kind === 'gold') {
    return (
      <div className="admin-chart admin-chart--short">
        <ResponsiveContainer>
          <BarChart data={data.gold_conversions}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            {dayAxis}
            <YAxis allowDecimals={false} width={40} tickFormatter={count} />
            <Tooltip labelFormatter={dayLabel} formatter={count} />
            <Bar dataKey="subscriptions" name={t('gold.subscriptions')} fill="#b8862a" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    );
  }
  return null;
}
