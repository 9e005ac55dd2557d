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
import type { PublishStatus } from '@cliffhanger/shared/constants';
import type { ColumnType, Generated, Insertable, Kysely, Selectable, SqlBool, Transaction, Updateable } from 'kysely';

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
  /** The interface language the user chose (`en`, `ru`: SUPPORTED_LANGUAGES); null until they choose. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** The name in other languages, JSON text (issue #21); null when none. */
  translations: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A series' former address (migration 20261207050000): links under it are redirected to the current slug. */
export interface SeriesFormerSlugsTable {
  slug: string;
  series_id: number;
}

/** What series and episodes share: their publishing state (migration 20261201000100_publishing) and translations. */
interface PublishableColumns {
  /** 'draft' (never published), 'published' or 'unpublished'; no default: whoever creates a row says. */
  status: PublishStatus;
  /** When a published row goes live (may be in the future: scheduled); null while never published. */
  published_at: string | null;
  /** JSON `Translations` (shared/src/localized-text.ts): language → `{ title?, description? }`; null when none. */
  translations: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SeriesTable extends PublishableColumns {
  /** Assigned by `insertSeries`, which never hands out the ids product.md#catalogue hides (9 and 10). */
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
  /** Hidden by staff; hidden series are absent from every list and their detail is 404 (product.md#catalogue). */
  is_hidden: BoolColumn;
  /** The announced number of episodes; null means "as many as exist". */
  total_episodes: number | null;
  likes: IntColumn;
  deleted_at: string | null;
  /** The language spoken in the series (`en` by default). */
  audio_language: ColumnType<string, string | undefined, string>;
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

export interface EpisodesTable extends PublishableColumns {
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
  /** Where the closing credits start, in seconds (migration 20261207030000_episode_credits); null: the default. */
  credits_start: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

export interface MyListTable {
  user_id: number;
  series_id: number;
  created_at: string;
}

/** A viewer's like of a series (migration 20261207070000_series_likes); `series.likes` counts them. */
export interface SeriesLikesTable {
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
  /** What staff wrote for a grant or deduction (migration 20261207090000); shown to staff only. */
  note: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export interface MagicLinksTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  /** 'auth' for an existing account, 'registration' for a new one, 'keep' for a guest keeping its coins. */
  purpose: string;
  next_path: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** The guest whose session asked for the link: only its data moves when the link is used. */
  requested_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The guest this link gives its address to when used (purpose 'keep'): it becomes that address's account. */
  keeps_user_id: ColumnType<number | null, number | null | undefined, number | null>;
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

/** The one-time device and marketing report of the feed API (product.md#feed-api); one row per user. */
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

// ─── Money: payments, subscriptions, rewards, analytics events ───

export type PaymentKind = 'coins' | 'gold' | 'intent';
/** `expired`: a checkout or card payment left unpaid for an hour (payments.service.ts); a late payment still succeeds it. */
export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired';
export type ProviderKind = 'stripe' | 'dev';
export type SubscriptionStatus = 'active' | 'canceled' | 'past_due' | 'expired';

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  kind: PaymentKind;
  status: PaymentStatus;
  provider: ProviderKind;
  /** The checkout session id (cs_…) or payment intent id (pi_…). */
  provider_ref: string;
  amount_minor: number;
  currency: string;
  coins: ColumnType<number, number | undefined, number>;
  package_id: number | null;
  plan: string | null;
  description: string;
  success_url: string | null;
  cancel_url: string | null;
  failure_message: string | null;
  created_at: string;
  updated_at: string;
  /** The processor's payment intent behind a checkout or invoice (a charge names it). */
  payment_intent_id: ColumnType<string | null, string | null | undefined, string | null>;
  invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Gold subscription a checkout or renewal paid for. */
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Cumulative amount refunded, as the processor last reported it (minor units). */
  refunded_minor: ColumnType<number, number | undefined, number>;
  /** The amount of the payment's dispute (minor units); what it holds depends on `dispute_status`. */
  disputed_minor: ColumnType<number, number | undefined, number>;
  dispute_status: ColumnType<DisputeState | null, DisputeState | null | undefined, DisputeState | null>;
  /** Coins taken back for this payment so far (from the balance or owed as a debt). */
  coins_reversed: ColumnType<number, number | undefined, number>;
  /** The guest that made this payment, when it moved to this account with a guest merge. */
  merged_from_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Where the processor sent the checkout's receipt (lower case), when it said; a guest recovers by it. */
  receipt_email: ColumnType<string | null, string | null | undefined, string | null>;
}

/** open: money held by the bank; won: returned to us; lost: gone for good. */
export type DisputeState = 'open' | 'won' | 'lost';

export interface CoinDebtsTable {
  id: Generated<number>;
  user_id: number;
  payment_id: number | null;
  /** The reference of the ledger row that took back what the balance had. */
  reference: string;
  coins: number;
  outstanding: number;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan: string;
  name: string;
  status: SubscriptionStatus;
  provider: ProviderKind;
  provider_subscription_id: string;
  current_period_end: string;
  cancel_at_period_end: BoolColumn;
  last_event_at: string;
  created_at: string;
  updated_at: string;
}

export interface PaymentCustomersTable {
  user_id: number;
  provider: ProviderKind;
  customer_id: string;
  created_at: string;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  user_id: number;
  provider_payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: BoolColumn;
  created_at: string;
  /** The processor's fingerprint of the card number (never the number); null for cards saved before. */
  fingerprint: string | null;
}

export interface ProcessedEventsTable {
  event_id: string;
  type: string;
  processed_at: string;
}

export interface RewardClaimsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'daily' | 'share' | 'follow';
  claim_key: string;
  day: string | null;
  channel: string | null;
  streak: number | null;
  coins: number;
  created_at: string;
}

/** Free coins given on one UTC day through one address or device (migration 20261207010000_free_coin_pools). */
export interface FreeCoinPoolsTable {
  /** SHA-256 (hex) of `address:<address>` or `device:<device id>`. */
  bucket: string;
  day: string;
  coins: Generated<number>;
}

/** A viewer's use of the first-purchase offer (migration 20261203010000_first_purchase_offer). */
export interface FirstPurchaseOfferClaimsTable {
  user_id: number;
  /** The checkout that carries the offer; null for the moment between the claim and its recording. */
  payment_id: number | null;
  /** The keyed idempotency key of the checkout start, so a retry of that start keeps the offer. */
  checkout_key: string | null;
  claimed_at: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  user_id: number | null;
  client_user_id: string | null;
  device_id: string | null;
  event_type: string;
  event_time: string;
  session_id: number | null;
  insert_id: string | null;
  event_properties: string;
  user_properties: string;
  revenue: number | null;
  price: number | null;
  quantity: number | null;
  product_id: string | null;
  platform: string | null;
  received_at: string;
}

// ─── Staff and media ───

export type MediaKind = 'video' | 'image';
export type AssetStatus = 'processing' | 'ready' | 'failed';
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';
export type JobKind = 'transcode';

export interface StaffInvitationsTable {
  id: Generated<number>;
  code_hash: string;
  created_by: number | null;
  expires_at: string;
  used_at: string | null;
  used_by: number | null;
  /** The address the invitation was made for and mailed to; null for a bare code (migration 20261207090000). */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a superuser withdrew it; a revoked invitation registers nobody. */
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/** One subtitle track of an episode: cleaned WebVTT per (episode, language) (migration 20261205010000). */
export interface EpisodeSubtitlesTable {
  id: Generated<number>;
  episode_id: number;
  /** A language tag (SUBTITLE_LANGUAGE_PATTERN). */
  language: string;
  label: string;
  vtt: string;
  cues: number;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string | null;
  /** e.g. 'series.create', 'user.coins', 'settings.update'. */
  action: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

export interface MediaAssetsTable {
  id: Generated<number>;
  kind: MediaKind;
  status: AssetStatus;
  original_name: string;
  /** The type found in the bytes (never the one the browser claimed). */
  content_type: string;
  size: number;
  /** The storage key of the uploaded original (videos keep it for re-transcoding). */
  source_key: string | null;
  /** Images: the WebP address. */
  url: string | null;
  hls_url: string | null;
  poster_url: string | null;
  thumbnail_url: string | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  renditions: number | null;
  /** The episode the finished video is attached to, if any. */
  episode_id: number | null;
  uploaded_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface MediaJobsTable {
  id: Generated<number>;
  asset_id: number;
  kind: JobKind;
  status: JobStatus;
  /** 0–1. */
  progress: ColumnType<number, number | undefined, number>;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

// Versioned remotes (migrations 20261204010000_remote_releases and 20261204020000_remote_load_reporters).

export interface RemoteRolloutsTable {
  remote: string;
  /** Null: the built-in build under `/remotes/<remote>/`. */
  stable_version: string | null;
  canary_version: string | null;
  /** 0–100; 0 whenever there is no canary. */
  canary_share: number;
  updated_at: string;
  /** The staff member who last changed the rule; null for the automatic rollback. */
  updated_by: number | null;
  auto_rollback_at: string | null;
  auto_rollback_version: string | null;
  auto_rollback_reason: string | null;
}

export interface RemoteLoadBucketsTable {
  remote: string;
  version: string;
  /** Minutes since the Unix epoch (UTC). */
  minute: number;
  loads: number;
  failures: number;
  errors: number;
  load_ms_sum: number;
}

export interface RemoteLoadSamplesTable {
  id: Generated<number>;
  remote: string;
  version: string;
  minute: number;
  load_ms: number;
}

/** One row per browser (a short hash) that reported on a version in a minute. */
export interface RemoteLoadReportersTable {
  remote: string;
  version: string;
  minute: number;
  reporter: string;
}

/** Every table of the app, one interface (hand-kept beside the migrations). */
export interface Database {
  users: UsersTable;
  categories: CategoriesTable;
  series: SeriesTable;
  series_categories: SeriesCategoriesTable;
  series_former_slugs: SeriesFormerSlugsTable;
  seasons: SeasonsTable;
  episodes: EpisodesTable;
  episode_subtitles: EpisodeSubtitlesTable;
  my_list: MyListTable;
  series_likes: SeriesLikesTable;
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
  // Money (migration 20250701000000_money and later).
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  payment_customers: PaymentCustomersTable;
  payment_methods: PaymentMethodsTable;
  processed_events: ProcessedEventsTable;
  reward_claims: RewardClaimsTable;
  free_coin_pools: FreeCoinPoolsTable;
  analytics_events: AnalyticsEventsTable;
  coin_debts: CoinDebtsTable;
  first_purchase_offer_claims: FirstPurchaseOfferClaimsTable;
  // Staff and media (migration 20250901000000_staff_media).
  staff_invitations: StaffInvitationsTable;
  audit_log: AuditLogTable;
  media_assets: MediaAssetsTable;
  media_jobs: MediaJobsTable;
  // Versioned remotes.
  remote_rollouts: RemoteRolloutsTable;
  remote_load_buckets: RemoteLoadBucketsTable;
  remote_load_samples: RemoteLoadSamplesTable;
  remote_load_reporters: RemoteLoadReportersTable;
}

/** The app's database. */
export type Db = Kysely<Database>;
/**
 * A handle whose every query runs inside one open transaction: Kysely's own `Transaction`, or (for
 * SQLite money writes, see `moneyTransaction`) one connection between `BEGIN IMMEDIATE` and `COMMIT`.
 * Functions that must run inside a transaction take a `Trx`; repositories take either as an `Executor`.
 */
export type Trx = Kysely<Database> | Transaction<Database>;
export type Executor = Db | Trx;

export type UserRow = Selectable<UsersTable>;
export type RemoteRolloutRow = Selectable<RemoteRolloutsTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SeriesRow = Selectable<SeriesTable>;
export type EpisodeRow = Selectable<EpisodesTable>;
export type EpisodeSubtitleRow = Selectable<EpisodeSubtitlesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type SeasonRow = Selectable<SeasonsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

export type AuditRow = Selectable<AuditLogTable>;
export type MediaAssetRow = Selectable<MediaAssetsTable>;
export type MediaJobRow = Selectable<MediaJobsTable>;
