/**
 * The analytics tables staff export as CSV, each with its header and rows. Schema-free, so the admin
 * bundles it without the schemas; the API's `format=csv` and the admin's Export CSV buttons both use it.
 */
import type { AdminAnalytics } from '../entities';

/** The analytics tables a CSV export names (`?format=csv&table=…`). */
export const ANALYTICS_TABLES = ['daily', 'episodes', 'feed', 'revenue', 'series_revenue', 'gold'] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

/**
 * Each analytics table as a CSV header and rows: the API's `format=csv` export and the admin's
 * Export CSV buttons both write these.
 */
export function analyticsTable(
  answer: AdminAnalytics,
  table: AnalyticsTable,
): [string[], Array<Array<string | number | null>>] {
  const episodes = answer.funnel?.episodes ?? [];
  switch (table) {
    case 'daily':
      return [
        ['day', 'views', 'viewers', 'active_viewers'],
        answer.daily.map((d) => [d.day, d.views, d.viewers, d.active_viewers]),
      ];
    case 'episodes':
      return [
        [
          'series',
          'season',
          'episode',
          'title',
          'viewers',
          'reached_share',
          'q25',
          'q50',
          'q75',
          'finished',
          'paywall_hits',
          'unlocks',
        ],
        episodes.map((e) => [
          answer.funnel?.series_title ?? '',
          e.season_number,
          e.episode_number,
          e.title,
          e.viewers,
          e.reached_share,
          e.quartile_25,
          e.quartile_50,
          e.quartile_75,
          e.finished,
          e.paywall_hits,
          e.unlocks,
        ]),
      ];
    case 'feed':
      return [
        ['day', 'impressions', 'plays', 'play_rate', 'went_on'],
        (answer.funnel?.feed.daily ?? []).map((d) => [d.day, d.impressions, d.plays, d.play_rate, d.went_on]),
      ];
    case 'revenue':
      return [
        ['day', 'currency', 'coins_minor', 'gold_minor', 'returned_minor'],
        answer.revenue.flatMap((r) =>
          r.daily.map((d) => [d.day, r.currency, d.coins_minor, d.gold_minor, d.returned_minor]),
        ),
      ];
    case 'series_revenue':
      return [
        [
          'day',
          'series_id',
          'series',
          'episode_id',
          'episode',
          'unlocks',
          'coins',
          'currency',
          'money_attributed_minor',
        ],
        answer.episode_revenue.flatMap((r) =>
          (r.money.length ? r.money : [{ currency: '', attributed_minor: 0 }]).map((m) => [
            r.day,
            r.series_id,
            r.series_title,
            r.episode_id,
            r.episode_number,
            r.unlocks,
            r.coins,
            m.currency,
            m.attributed_minor,
          ]),
        ),
      ];
    case 'gold':
      return [['day', 'subscriptions'], answer.gold_conversions.map((d) => [d.day, d.subscriptions])];
  }
}
