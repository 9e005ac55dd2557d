/**
 * The analytics charts (recharts), in their own chunk: only the analytics screen loads them. Day axes
 * show "MM-DD" and skip labels that would collide, so a 90-day chart reads at 1440 px and on a tablet.
 */
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
import type { AdminAnalytics } from '../api/admin.types';
import { episodeLabel, funnelSteps } from './insights-screens';

const shortDay = (day: string) => day.slice(5);
const dayAxis = <XAxis dataKey="day" tickFormatter={shortDay} interval="preserveStartEnd" minTickGap={16} />;

type Kind = 'views' | 'retention' | 'funnel' | 'revenue' | 'gold';

export default function AnalyticsCharts({ kind, data }: { kind: Kind; data: AdminAnalytics }) {
  if (kind === 'views') {
    return (
      <div className="admin-chart">
        <ResponsiveContainer>
          <LineChart data={data.daily}>
            <CartesianGrid strokeDasharray="3 3" />
            {dayAxis}
            <YAxis allowDecimals={false} width={40} />
            <Tooltip />
            <Legend itemSorter={null} />
            <Line type="monotone" dataKey="views" name="Views" stroke="#e91e63" dot={false} />
            <Line type="monotone" dataKey="unique_viewers" name="Viewers" stroke="#2196f3" dot={false} />
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
          <LineChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" interval="preserveStartEnd" minTickGap={8} />
            <YAxis domain={[0, 100]} unit="%" width={48} />
            <Tooltip formatter={(value) => `${value}%`} />
            <Legend itemSorter={null} />
            <Line type="monotone" dataKey="reached" name="Starters who reached it" stroke="#e91e63" />
            <Line type="monotone" dataKey="finished" name="Its viewers who finished it" stroke="#4caf50" />
          </LineChart>
        </ResponsiveContainer>
      </div>
    );
  }
  if (kind === 'funnel' && data.funnel) {
    const { drawn, empty } = funnelSteps(data.funnel.episodes);
    const label = episodeLabel(data.funnel.episodes);
    const rows = data.funnel.episodes.map((e) => ({ ...e, name: label(e) }));
    if (drawn.length === 0) return <p className="ch-muted">Nobody has watched this series in this period.</p>;
    return (
      <>
        <div className="admin-chart">
          <ResponsiveContainer>
            <BarChart data={rows} barGap={2}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tickMargin={6} />
              <YAxis allowDecimals={false} width={40} />
              <Tooltip />
              <Legend itemSorter={null} />
              {drawn.map(([key, name, colour]) => (
                <Bar key={key} dataKey={key} name={name} fill={colour} maxBarSize={28} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
        {empty.length > 0 && (
          <p className="ch-muted admin-hint">None in this period: {empty.join(', ').toLowerCase()}.</p>
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
            <YAxis width={56} />
            <Tooltip />
            <Legend itemSorter={null} />
            <Bar dataKey="coins" name="Coins" stackId="revenue" fill="#f5c451" />
            <Bar dataKey="gold" name="Gold" stackId="revenue" fill="#b8862a" />
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
            <YAxis allowDecimals={false} width={40} />
            <Tooltip />
            <Bar dataKey="subscriptions" name="New Gold subscriptions" fill="#b8862a" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    );
  }
  return null;
}
