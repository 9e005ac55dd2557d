/**
 * The analytics screen's tables, each scrolling inside its own box on a phone and each with an Export
 * CSV button that saves the same rows the API's `format=csv` answers (shared's analyticsTable).
 */
import { type AnalyticsTable, analyticsTable, Button, formatNumber } from '@cliffhanger/shared';
import { csvText } from '@cliffhanger/shared/csv';
import { saveCsvFile } from '@cliffhanger/shared/csv-download';
import { createContext, useContext } from 'react';
import type { AdminAnalytics } from '../../lib/api/admin.types';
import { dayName, episodeLabel, percent } from './analytics-figures';
import { money } from './dashboard-screen';
import { useInsightsT } from './messages';

/** The loaded analytics the Export CSV buttons write from. */
export const ExportSource = createContext<AdminAnalytics | null>(null);

/** Saves one table of the shown analytics as `analytics-<table>-<from>-<to>.csv`. */
export function ExportButton({ table, name }: { table: AnalyticsTable; name: string }) {
  const { t } = useInsightsT();
  const data = useContext(ExportSource);
  if (!data) return null;
  const save = () => {
    const [header, rows] = analyticsTable(data, table);
    saveCsvFile(csvText(header, rows), `analytics-${table}-${data.from}-${data.to}.csv`);
  };
  return (
    <Button variant="secondary" className="admin-export" aria-label={t('export.label', { table: name })} onClick={save}>
      {t('export.csv')}
    </Button>
  );
}

/** Views, viewers and active viewers per day, newest first, under the period's totals. */
export function ViewsTable({ data }: { data: AdminAnalytics }) {
  const { t, language } = useInsightsT();
  const n = (value: number) => formatNumber(value, language);
  return (
    <div className="admin-table-wrap">
      <ExportButton table="daily" name={t('views.title')} />
      <table className="admin-table admin-numbers">
        <thead>
          <tr>
            <th scope="col">{t('feed.day')}</th>
            <th scope="col">{t('figure.views')}</th>
            <th scope="col">{t('figure.viewers')}</th>
            <th scope="col">{t('figure.activeViewers')}</th>
          </tr>
        </thead>
        <tbody>
          {[...data.daily].reverse().map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayName(d.day)}</th>
              <td>{n(d.views)}</td>
              <td>{n(d.viewers)}</td>
              <td>{n(d.active_viewers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Unlocks, coins and the money attributed per day and episode, every series. */
export function EpisodeRevenueTable({ data }: { data: AdminAnalytics }) {
  const { t, language } = useInsightsT();
  const n = (value: number) => formatNumber(value, language);
  if (data.episode_revenue.length === 0) return <p className="ch-muted">{t('episodeRevenue.none')}</p>;
  return (
    <div className="admin-table-wrap">
      <ExportButton table="series_revenue" name={t('episodeRevenue.title')} />
      <table className="admin-table admin-numbers">
        <caption className="ch-muted">{t('episodeRevenue.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('episodeRevenue.day')}</th>
            <th scope="col">{t('episodeRevenue.series')}</th>
            <th scope="col">{t('episodeRevenue.episode')}</th>
            <th scope="col">{t('episodeRevenue.unlocks')}</th>
            <th scope="col">{t('episodeRevenue.coins')}</th>
            <th scope="col">{t('episodeRevenue.money')}</th>
          </tr>
        </thead>
        <tbody>
          {[...data.episode_revenue].reverse().map((r) => (
            <tr key={`${r.day}-${r.episode_id}`}>
              <th scope="row">{dayName(r.day)}</th>
              <td>{r.series_title}</td>
              <td>{r.episode_number}</td>
              <td>{n(r.unlocks)}</td>
              <td>{n(r.coins)}</td>
              <td>{r.money.map((m) => money(m.attributed_minor, m.currency)).join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DropOffTable({ funnel }: { funnel: NonNullable<AdminAnalytics['funnel']> }) {
  const { t, language } = useInsightsT();
  const label = episodeLabel(funnel.episodes);
  const n = (value: number) => formatNumber(value, language);
  return (
    <div className="admin-table-wrap">
      <ExportButton table="episodes" name={t('table.episode')} />
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
          <ExportButton table="feed" name={t('feed.title', { series: funnel.series_title })} />
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
