/**
 * What the staff API answers about how the product does (product.md#admin): the dashboard's figures,
 * the analytics of a period (views, a series' funnel, revenue, Gold conversions, retention) and the
 * audit log. The API validates and documents with these; the admin reads them as types
 * (`AdminDashboard`, `AdminAnalytics`, … in entities.ts).
 */
import { Type } from '@sinclair/typebox';
import { ANALYTICS_TABLES } from './analytics-tables';
import { Nullable } from './common';

const Count = Type.Integer({ minimum: 0 });

/**
 * The viewing figures, one definition each, read by the dashboard and the analytics alike (the API
 * computes them in one place, so both always agree for the same days):
 * - a view is one episode start — one "Episode Started" event from the player;
 * - a viewer is a distinct person who started at least one episode: a signed-in user by account, an
 *   anonymous visitor by device;
 * - an active viewer is a distinct person (same identity) with any activity: any event, watch progress
 *   or a history entry.
 * Over several days, viewers and active viewers are counted once each, not summed per day.
 */
export const ViewingFiguresSchema = Type.Object({ views: Count, viewers: Count, active_viewers: Count });

/** A calendar day (UTC), e.g. 2026-12-07. */
export const AnalyticsDay = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: 'A day, YYYY-MM-DD (UTC)',
});

/** The most days one analytics answer covers. */
export const ANALYTICS_MAX_DAYS = 366;

/**
 * The analytics of the days `from` to `to` (both included, UTC), at most ANALYTICS_MAX_DAYS; without
 * them, the last `days` days up to today. `format=csv` answers one `table` as a CSV download.
 */
export const AnalyticsQuery = Type.Object({
  from: Type.Optional(AnalyticsDay),
  to: Type.Optional(AnalyticsDay),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: ANALYTICS_MAX_DAYS })),
  series_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
  table: Type.Optional(Type.Union(ANALYTICS_TABLES.map((table) => Type.Literal(table)))),
});

/** The dashboard's figures of one period (today, the last 30 days including today). */
export const DashboardFiguresSchema = Type.Object({
  ...ViewingFiguresSchema.properties,
  episodes_watched: Count,
  unlocks: Count,
  coins_spent: Count,
  /** Succeeded payments per currency, in minor units (kopecks, cents), less refunds and disputes. */
  revenue: Type.Array(
    Type.Object({ currency: Type.String(), coins_minor: Count, gold_minor: Count, total_minor: Count }),
  ),
  new_registrations: Count,
  new_guests: Count,
  gold_members: Count,
  new_gold_subscriptions: Count,
});

export const DashboardAnswer = Type.Object({
  generated_at: Type.String(),
  today: DashboardFiguresSchema,
  last_30_days: DashboardFiguresSchema,
});

/**
 * How far the demo catalogue a fresh install makes at start has got (`/api/admin/demo-catalogue/`):
 * `ready` of its `total` series are published, and the ones that could not be made, with why. `total`
 * is 0 when the catalogue is not the demo's.
 */
export const DemoCatalogueAnswer = Type.Object({
  total: Count,
  ready: Count,
  failed: Type.Array(Type.Object({ slug: Type.String(), title: Type.String(), message: Type.String() })),
});

/**
 * Distinct viewers of a series at each step, from the player's events (a viewer is a user, or an
 * anonymous device): who started an episode, finished one, met the paywall; who unlocked an episode;
 * and who, after meeting the paywall, bought coins or Gold.
 */
export const FunnelStepsSchema = Type.Object({
  starters: Count,
  finishers: Count,
  paywall_viewers: Count,
  unlockers: Count,
  coin_buyers: Count,
  gold_buyers: Count,
});

/**
 * The For you feed's part in a series, for a day or the whole period: its clips shown (impressions)
 * and played, plays / impressions (null with no impression), and the plays that led on — the viewer
 * started an episode of the series in the player afterwards.
 */
export const FeedFiguresSchema = Type.Object({
  impressions: Count,
  plays: Count,
  play_rate: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
  went_on: Count,
});

/** One episode of a series' funnel. */
export const FunnelEpisodeSchema = Type.Object({
  episode_id: Type.Integer(),
  season_number: Type.Integer(),
  episode_number: Type.Integer(),
  title: Type.String(),
  is_free: Type.Boolean(),
  starts: Count,
  completions: Count,
  paywall_hits: Count,
  unlocks: Count,
  /** Distinct viewers who started the episode, passed 25 / 50 / 75 % of it, and finished it. */
  viewers: Count,
  quartile_25: Count,
  quartile_50: Count,
  quartile_75: Count,
  finished: Count,
  /** viewers / the series' starters: the retention curve; null when nobody started the series. */
  reached_share: Nullable(Type.Number({ minimum: 0 })),
});

const Retention = Type.Object({
  /** Users of the period whose day 1 (day 7) has come. */
  cohort: Count,
  returned: Count,
  /** returned / cohort (0 to 1), or null for an empty cohort. */
  rate: Nullable(Type.Number()),
});

/**
 * Unlocks of one series' episodes per day: how many, the coins they spent, and the money attributed
 * to them — each coin valued at what the period's coin purchases kept per coin bought (money kept ÷
 * coins bought), per currency; 0 when no coins were bought in the period.
 */
export const EpisodeRevenueSchema = Type.Object({
  day: Type.String(),
  series_id: Type.Integer(),
  series_title: Type.String(),
  episode_id: Type.Integer(),
  episode_number: Type.Integer(),
  unlocks: Count,
  coins: Count,
  money: Type.Array(Type.Object({ currency: Type.String(), attributed_minor: Count })),
});

export const AnalyticsAnswer = Type.Object({
  days: Type.Integer(),
  /** The first and last day of the period (UTC, both included). */
  from: Type.String(),
  to: Type.String(),
  /** The period's viewing figures, each person counted once. */
  totals: ViewingFiguresSchema,
  daily: Type.Array(Type.Object({ day: Type.String(), ...ViewingFiguresSchema.properties })),
  /** The asked series, else the most watched of the period; null when there is no series at all. */
  funnel: Nullable(
    Type.Object({
      series_id: Type.Integer(),
      series_title: Type.String(),
      steps: FunnelStepsSchema,
      /** The feed's part in the series in all, and per day. */
      feed: Type.Object({
        ...FeedFiguresSchema.properties,
        daily: Type.Array(Type.Object({ day: Type.String(), ...FeedFiguresSchema.properties })),
      }),
      episodes: Type.Array(FunnelEpisodeSchema),
    }),
  ),
  revenue: Type.Array(
    Type.Object({
      currency: Type.String(),
      /**
       * Money kept per day of payment: refunds, and amounts held by an open or lost dispute, are taken
       * off (`returned_minor` says how much went back).
       */
      daily: Type.Array(
        Type.Object({ day: Type.String(), coins_minor: Count, gold_minor: Count, returned_minor: Count }),
      ),
    }),
  ),
  /** Per day, per series and episode with an unlock in the period: unlocks, coins and money attributed. */
  episode_revenue: Type.Array(EpisodeRevenueSchema),
  /** New Gold subscriptions per day. */
  gold_conversions: Type.Array(Type.Object({ day: Type.String(), subscriptions: Count })),
  retention: Type.Object({ d1: Retention, d7: Retention }),
});

/** One staff action in the audit log, with the record before and after it. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  actor_id: Nullable(Type.Integer()),
  actor_email: Nullable(Type.String()),
  /** e.g. 'series.create', 'user.coins_granted', 'settings.update'. */
  action: Type.String(),
  entity: Type.String(),
  entity_id: Nullable(Type.String()),
  before: Type.Unknown({ description: 'The record before the change (any JSON), or null' }),
  after: Type.Unknown({ description: 'The record after the change (any JSON), or null' }),
  /** The fields the action changed, each with its value before and after ('' names a value that is not a record). */
  changes: Type.Array(
    Type.Object({
      field: Type.String(),
      before: Type.Unknown({ description: 'Any JSON, or null' }),
      after: Type.Unknown({ description: 'Any JSON, or null' }),
    }),
  ),
  created_at: Type.String(),
});

/** The actions the audit log has recorded (`GET /api/admin/audit/actions/`), for the screen's filter. */
export const AuditActionsAnswer = Type.Array(Type.String());
