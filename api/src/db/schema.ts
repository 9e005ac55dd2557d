/**
 * The table types of the database, shared by SQLite and PostgreSQL. Kysely reads them; the migrations
 * in ./migrations create them.
 *
 * Two conventions keep both engines answering alike:
 * - Booleans are `SqlBool` on read (SQLite gives 0/1, PostgreSQL true/false) and `boolean` on write;
 *   the SQLite dialect gets `SqliteBooleanPlugin`, which turns written booleans into 0/1. Services turn
 *   read values into real booleans with `Boolean(...)` before anything leaves the API.
 * - Timestamps are ISO-8601 UTC strings (`new Date().toISOString()`), written by the application,
 *   never by a database default. PostgreSQL stores them as timestamptz and the pool parses them back to
 *   the same ISO form (see database.ts), so ordering and comparisons behave the same on both.
 */
import type { PublishStatus } from '@cliffhanger/shared/src/constants';
import type { ColumnType, Generated, Insertable, Selectable, SqlBool, Updateable } from 'kysely';

/** A boolean column with a database default. */
export type BoolColumn = ColumnType<SqlBool, boolean | undefined, boolean>;
/** An integer column with a database default. */
export type IntColumn = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased; null for guests, whose address is derived from their guest id. */
  email: string | null;
  username: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  password_hash: string | null;
  /** The client-made id of a guest (`/user/signup/`); null for accounts. */
  guest_id: string | null;
  /** The guest signup payload (age, gender, poll answers …) as JSON. */
  signup_data: string | null;
  is_guest: BoolColumn;
  /** Has paid for something; maintained by the payments domain. */
  is_premium: BoolColumn;
  /** Gold granted outright (staff grant); subscriptions extend it through `gold_until`. */
  is_gold_member: BoolColumn;
  gold_until: string | null;
  is_staff: BoolColumn;
  is_superuser: BoolColumn;
  is_active: BoolColumn;
  email_verified: BoolColumn;
  /** Always equals the sum of this user's coin_ledger deltas; changed only together with a ledger row. */
  coin_balance: IntColumn;
  /** Set when a guest's data moved to an account; the guest can no longer sign in. */
  merged_into_user_id: number | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  icon: ColumnType<string, string | undefined, string>;
  color: ColumnType<string, string | undefined, string>;
  position: IntColumn;
  created_at: string;
}

export interface SeriesTable {
  /** Assigned by `insertSeries`, which never hands out the ids §5 hides (9 and 10). */
  id: number;
  title: string;
  title_en: ColumnType<string, string | undefined, string>;
  slug: string;
  description: ColumnType<string, string | undefined, string>;
  cover_image: string | null;
  banner_image: string | null;
  poster_image: string | null;
  slider_image: string | null;
  /** JSON array of strings. */
  tags: ColumnType<string, string | undefined, string>;
  year: number | null;
  rating: number | null;
  is_gold_exclusive: BoolColumn;
  is_featured: BoolColumn;
  is_trending: BoolColumn;
  is_top: BoolColumn;
  /** Hidden by staff; hidden series are absent from every list and their detail is 404 (§5). */
  is_hidden: BoolColumn;
  /** The announced number of episodes; null means "as many as exist". */
  total_episodes: number | null;
  likes: IntColumn;
  deleted_at: string | null;
  /**
   * 'draft' (never published), 'published' or 'unpublished' (migration 20261201000100_publishing). No
   * default on insert: whoever creates a row says whether viewers may see it.
   */
  status: PublishStatus;
  /** When a published row goes live (may be in the future: scheduled); null while never published. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SeriesCategoriesTable {
  series_id: number;
  category_id: number;
}

export interface SeasonsTable {
  id: Generated<number>;
  series_id: number;
  number: number;
  title: string;
}

export interface EpisodesTable {
  id: Generated<number>;
  series_id: number;
  season_id: number | null;
  season_number: IntColumn;
  episode_number: number;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  thumbnail: string | null;
  /** Seconds. */
  duration: IntColumn;
  video_url: string | null;
  hls_url: string | null;
  is_free: BoolColumn;
  coin_cost: IntColumn;
  /** Play order inside the series (seasons first, then episode number). */
  position: IntColumn;
  /**
   * 'draft' (never published), 'published' or 'unpublished' (migration 20261201000100_publishing). No
   * default on insert: whoever creates a row says whether viewers may see it.
   */
  status: PublishStatus;
  /** When a published row goes live (may be in the future: scheduled); null while never published. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MyListTable {
  user_id: number;
  series_id: number;
  created_at: string;
}

export interface WatchProgressTable {
  id: Generated<number>;
  user_id: number;
  episode_id: number;
  series_id: number;
  /** Percent watched, 0–100. */
  progress: number;
  position_seconds: number;
  completed: BoolColumn;
  created_at: string;
  updated_at: string;
}

export interface WatchHistoryTable {
  id: Generated<number>;
  user_id: number;
  episode_id: number;
  series_id: number;
  progress: number;
  watched_at: string;
}

/** One row per (user, episode) ever unlocked; the unique pair is what makes charging idempotent. */
export interface EpisodeUnlocksTable {
  id: Generated<number>;
  user_id: number;
  episode_id: number;
  /** Coins paid; 0 when the unlock came another way (e.g. moved from a guest). */
  coin_cost: number;
  created_at: string;
}

/**
 * Append-only: rows are inserted, never updated or deleted. `(user_id, reason, reference)` is unique,
 * so a credit or charge with a reference (episode id, payment event id, 'registration') is applied once.
 */
export interface CoinLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  reason: string;
  reference: string | null;
  balance_after: number;
  created_at: string;
}

export interface MagicLinksTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  /** 'auth' for an existing account, 'registration' for a new one. */
  purpose: string;
  next_path: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** The guest whose session asked for the link: only its data moves when the link is used. */
  requested_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  /** Every token issued by rotation from one sign-in shares the family; reuse revokes the family. */
  family_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** The guest whose session asked for the reset: only its data moves when the link is used. */
  requested_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Failed password sign-ins of one account (the per-account slow-down); `version` makes updates compare-and-set. */
export interface LoginThrottlesTable {
  user_id: number;
  failures: number;
  last_failure_at: string | null;
  blocked_until: string | null;
  version: number;
}

export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface NotificationPreferencesTable {
  user_id: number;
  email_new_episodes: BoolColumn;
  email_promotions: BoolColumn;
  push_enabled: BoolColumn;
  updated_at: string;
}

/** The one-time device and marketing report of the feed API (§7); one row per user. */
export interface DeviceReportsTable {
  id: Generated<number>;
  user_id: number;
  payload: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: string;
}

/**
 * Per-day rollups of analytics_events (migration 20261121300000_analytics_rollups), kept exact by
 * triggers on every write to the events. `day` is the UTC day, YYYY-MM-DD; `events` how many events.
 */
export interface AnalyticsDailyEventsTable {
  day: string;
  event_type: string;
  events: number;
}

/** `viewer`: the user id as text, or 'device:<device id>' for an anonymous device. */
export interface AnalyticsDailyViewersTable {
  day: string;
  viewer: string;
  user_id: number | null;
  events: number;
}

/** Events whose properties name an episode (an integer `episode_id`). */
export interface AnalyticsDailyEpisodesTable {
  day: string;
  event_type: string;
  episode_id: number;
  events: number;
}

/**
 * Opt-in auto-unlock of one viewer for one series (migration 20261203020000_auto_unlock): off by
 * default; while on, automatic unlocks may spend up to `cap_coins`, and `spent_coins` counts what they
 * spent since it was last turned on.
 */
export interface AutoUnlockSettingsTable {
  id: Generated<number>;
  user_id: number;
  series_id: number;
  enabled: BoolColumn;
  cap_coins: number;
  spent_coins: number;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  categories: CategoriesTable;
  series: SeriesTable;
  series_categories: SeriesCategoriesTable;
  seasons: SeasonsTable;
  episodes: EpisodesTable;
  my_list: MyListTable;
  watch_progress: WatchProgressTable;
  watch_history: WatchHistoryTable;
  episode_unlocks: EpisodeUnlocksTable;
  coin_ledger: CoinLedgerTable;
  magic_links: MagicLinksTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  login_throttles: LoginThrottlesTable;
  email_verifications: EmailVerificationsTable;
  notification_preferences: NotificationPreferencesTable;
  device_reports: DeviceReportsTable;
  settings: SettingsTable;
  analytics_daily_events: AnalyticsDailyEventsTable;
  analytics_daily_viewers: AnalyticsDailyViewersTable;
  analytics_daily_episodes: AnalyticsDailyEpisodesTable;
  auto_unlock_settings: AutoUnlockSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SeriesRow = Selectable<SeriesTable>;
export type EpisodeRow = Selectable<EpisodesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type SeasonRow = Selectable<SeasonsTable>;
export type CoinLedgerRow = Selectable<CoinLedgerTable>;
export type EpisodeUnlockRow = Selectable<EpisodeUnlocksTable>;
