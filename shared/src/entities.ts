/**
 * The entities of the product specification (product.md#entities), shared by the frontends and the API. Field names
 * follow the specification exactly; optional fields are the ones the specification marks as
 * alternatives or that only some answers carry.
 */

import type { Static } from '@sinclair/typebox';
import type {
  AdminCategorySchema,
  AdminEpisodeSchema,
  AdminSeriesSchema,
  EpisodePreviewAnswer,
  InvitationAnswer,
  PricingPlanAnswer,
  PricingRuleSchema,
  PublishCheckSchema,
  PublishRefusedAnswer,
  StaffInvitationSchema,
} from './contracts/admin';
import type {
  AnalyticsAnswer,
  AuditEntrySchema,
  DashboardAnswer,
  DashboardFiguresSchema,
  DemoCatalogueAnswer,
  FeedFiguresSchema,
  FunnelEpisodeSchema,
  FunnelStepsSchema,
} from './contracts/admin-insights';
import type {
  AdminMeSchema,
  AdminSubscriptionSchema,
  AdminUserSchema,
  CoinAdjustmentAnswer,
  LedgerEntrySchema,
  UserDetailSchema,
  UserUnlockSchema,
} from './contracts/admin-users';
import type { AuthAnswerSchema, MagicLinkVerifyAnswer } from './contracts/auth';
import type {
  CategorySchema,
  CategoryTranslationsSchema,
  EpisodeSchema,
  SearchAnswer,
  SeasonSchema,
  SeriesSchema,
  SeriesTotalsSchema,
  StreamAnswerSchema,
} from './contracts/catalogue';
import type { LinkedPageOf } from './contracts/common';
import type { FeedEpisodeSchema, FeedSeriesSchema, FeedSubscriptionListAnswer } from './contracts/feed';
import type { MediaAssetSchema, MediaJobListAnswer, MediaJobSchema } from './contracts/media-library';
import type { NotificationPreferencesSchema } from './contracts/notification-preferences';
import type {
  CheckoutAnswer,
  ConfirmAnswerSchema,
  DevCardAnswer,
  IntentAnswer,
  PaymentMethodSchema,
  SetupIntentAnswer,
  TransactionSchema,
} from './contracts/payments';
import type {
  LoadReportsBody,
  ReleasesViewAnswer,
  RemoteLoadOutcomeSchema,
  RemoteLoadReportSchema,
  RemoteReleaseAddressSchema,
  RemoteRolloutSchema,
  RemoteVersionFiguresSchema,
  RolloutsAnswer,
} from './contracts/releases';
import type {
  CalendarDaySchema,
  DailyBonusAnswer,
  FollowRewardAnswer,
  RewardsOverviewAnswer,
  ShareChannelSchema,
  ShareRewardAnswer,
} from './contracts/rewards';
import type {
  AdminSettingsAnswer,
  BalanceAnswer,
  CoinPackageSchema,
  GoldOfferSchema,
  GoldPlanSchema,
} from './contracts/settings';
import type { SubtitleTrackSchema, SubtitleUploadBody } from './contracts/subtitles';
import type {
  AutoUnlockSettingSchema,
  SeriesUnlockAnswerSchema,
  SeriesUnlockQuoteSchema,
  UnlockAnswerSchema,
} from './contracts/unlocks';
import type { SubscriptionSchema, UserSchema } from './contracts/users';
import type { ContinueWatchingEntrySchema, HistoryEntrySchema, SeriesLikeAnswer } from './contracts/viewing';

// The wire shapes, as the API's schemas in contracts/ declare them (types only: no schema code is bundled).
export type Category = Static<typeof CategorySchema>;
/** A genre's name by language (`{ ru: { title } }`): as answered, and as staff send it to rename one. */
export type CategoryTranslations = Static<typeof CategoryTranslationsSchema>;
export type Season = Static<typeof SeasonSchema>;
export type Series = Static<typeof SeriesSchema>;
/** A series' on-show episodes added up (its own answer, GET /series/{id}/, only). */
export type SeriesTotals = Static<typeof SeriesTotalsSchema>;
export type Episode = Static<typeof EpisodeSchema>;
/** A fresh stream address of an episode the viewer may watch (`GET /api/episodes/{id}/stream/`). */
export type EpisodeStream = Static<typeof StreamAnswerSchema>;
/**
 * A viewer's opt-in auto-unlock for one series (`/api/series/{id}/auto-unlock/`): off by default;
 * while on, the player unlocks the next locked episode by itself as long as `spent + price <= cap`.
 */
export type AutoUnlockSetting = Static<typeof AutoUnlockSettingSchema>;
/** The answer of unlocking one episode (`POST /api/episodes/{id}/unlock/`). */
export type UnlockAnswer = Static<typeof UnlockAnswerSchema>;
/** What unlocking the rest of a series costs this viewer: the server's total, never computed in a browser. */
export type SeriesUnlockQuote = Static<typeof SeriesUnlockQuoteSchema>;
export type SeriesUnlockAnswer = Static<typeof SeriesUnlockAnswerSchema>;

/** A series of the media-feed API (`/feed-api/`), with its first episodes as `fragments`. */
export type FeedSeries = Static<typeof FeedSeriesSchema>;
export type FeedEpisode = Static<typeof FeedEpisodeSchema>;
/** A user as the API answers them: the User (product.md#entities) with the profile's flags. */
export type UserProfile = Static<typeof UserSchema>;
/** The flags of the public profile lookup (product.md#entities, product.md#requests). */
export type PublicProfileFlags = Pick<UserProfile, 'paying' | 'registered' | 'verified' | 'has_active_subs'>;
/**
 * What the signed-in viewer's own profile adds: whether the account has a password at all (an
 * account made by magic link has none, so it sets one instead of changing it).
 */
export type OwnAccountFlags = Pick<UserProfile, 'has_password'>;
/** The User the session keeps (product.md#entities): the profile without its flags. */
export type User = Omit<UserProfile, 'email_verified' | keyof PublicProfileFlags | keyof OwnAccountFlags>;
/** A Gold subscription (User.subscription, /api/subscriptions/*). */
export type Subscription = Static<typeof SubscriptionSchema>;

/** A series as staff see it (`/api/admin/series/`): with where it stands with viewers. */
export type AdminSeries = Static<typeof AdminSeriesSchema>;
/** An episode as staff see it (`/api/admin/episodes/`). */
export type AdminEpisode = Static<typeof AdminEpisodeSchema>;
export type AdminCategory = Static<typeof AdminCategorySchema>;
/** Every setting staff may change (`GET /api/admin/settings/`). */
export type AdminSettings = Static<typeof AdminSettingsAnswer>;
/** A coin package on sale (product.md#coins). */
export type CoinPackage = Static<typeof CoinPackageSchema>;
/** A Gold plan (product.md#gold). */
export type GoldPlan = Static<typeof GoldPlanSchema>;
/** What Gold opens, counted by the server from the catalogue (`/api/subscriptions/gold-offer/`). */
export type GoldOffer = Static<typeof GoldOfferSchema>;
/** One line of a publish checklist. */
export type PublishCheck = Static<typeof PublishCheckSchema>;
/** Where a series or an episode stands with viewers. */
export type Publishing = Pick<AdminSeries, 'status' | 'published_at' | 'publish_state' | 'publish_checklist'>;
/** The 422 answer of a publish the checklist refuses. */
export type PublishRefusal = Static<typeof PublishRefusedAnswer>;
/** Where staff preview an episode (`/api/admin/episodes/{id}/preview/`). */
export type EpisodePreview = Static<typeof EpisodePreviewAnswer>;
/** A pricing rule for a whole series, and what it makes of each episode. */
export type PricingRule = Static<typeof PricingRuleSchema>;
export type PricingPlan = Static<typeof PricingPlanAnswer>;
/** A staff invitation (`POST /api/admin/invitations/`). */
export type StaffInvitation = Static<typeof InvitationAnswer>;
/** A staff invitation in the list, with its status (`GET /api/admin/invitations/`). */
export type StaffInvitationEntry = Static<typeof StaffInvitationSchema>;
/** The signed-in staff member with their grant limit (`GET /api/admin/me/`). */
export type AdminMe = Static<typeof AdminMeSchema>;

/** One page of a staff list (`/api/admin/…/?page=&limit=`). */
export type { PageOf } from './contracts/common';
/** A user as staff see them (`/api/admin/users/`), and their page with ledger, unlocks and Gold. */
export type AdminUser = Static<typeof AdminUserSchema>;
export type AdminUserDetail = Static<typeof UserDetailSchema>;
/** One movement of a user's coins. */
export type LedgerEntry = Static<typeof LedgerEntrySchema>;
/** An episode a user unlocked. */
export type UserUnlock = Static<typeof UserUnlockSchema>;
/** A staff grant or deduction of coins (`POST /api/admin/users/{id}/coins/`). */
export type CoinAdjustment = Static<typeof CoinAdjustmentAnswer>;
/** A Gold subscription in the staff list: with whose it is and how it is paid. */
export type AdminSubscription = Static<typeof AdminSubscriptionSchema>;
/** The staff dashboard (`/api/admin/dashboard/`) and the figures of one of its periods. */
export type AdminDashboard = Static<typeof DashboardAnswer>;
export type DashboardFigures = Static<typeof DashboardFiguresSchema>;
/** How far the demo catalogue made at start has got (`/api/admin/demo-catalogue/`). */
export type DemoCatalogueProgress = Static<typeof DemoCatalogueAnswer>;
/** The staff analytics of a period (`/api/admin/analytics/`) and the parts of a series' funnel. */
export type AdminAnalytics = Static<typeof AnalyticsAnswer>;
export type FunnelSteps = Static<typeof FunnelStepsSchema>;
export type FunnelEpisode = Static<typeof FunnelEpisodeSchema>;
/** The For you feed's part in a series, for a day or the whole period. */
export type FeedFigures = Static<typeof FeedFiguresSchema>;
/** One staff action in the audit log (`/api/admin/audit/`). */
export type AuditEntry = Static<typeof AuditEntrySchema>;
/** A stored video or image of the media library (`/api/admin/media/`). */
export type MediaAsset = Static<typeof MediaAssetSchema>;
/** A video's transcoding job, and the list of them (`/api/admin/media/jobs/`). */
export type MediaJob = Static<typeof MediaJobSchema>;
export type MediaJobList = Static<typeof MediaJobListAnswer>;

export type Id = number;
export type IsoDateTime = string;

/** The answer of signing in: the token pair and the user. */
export type AuthResponse = Static<typeof AuthAnswerSchema>;

export interface GuestSignupPayload {
  id: string;
  age: number;
  gender: number;
  web: boolean | string;
  email: string;
  [poll: `poll_${string}`]: string | number | boolean;
}

/** A guest that could not be registered with the API and lives only in this browser (product.md#browser-storage). */
export interface LocalGuestState {
  id: string;
  balance: number;
  watchHistory: Array<{ episodeId: Id; seriesId: Id; progress: number; watchedAt: IsoDateTime }>;
  purchases: Array<{ episodeId: Id; coinCost: number; purchasedAt: IsoDateTime }>;
  lastUpdated: number;
}

/** The viewer's subscriptions by name and end (`/feed-api/web/subscriptions/list/`). */
export type FeedSubscriptionList = Static<typeof FeedSubscriptionListAnswer>;

/** `GET /api/coins/balance/`: with the coins owed after a refund or dispute of coins already spent. */
export type CoinBalanceResponse = Static<typeof BalanceAnswer>;

/** Why an automatic unlock was refused (409): it is off, or the next episode would pass the cap. */
export type AutoUnlockRefusal = 'auto_unlock_off' | 'auto_unlock_cap_reached';

/** One page of a viewer list (`?page=`): its rows, how many in all, and the addresses of the pages beside it. */
export type Paginated<T> = LinkedPageOf<T>;

/** An episode begun and not finished, with its series (`GET /api/users/continue-watching/`). */
export type ContinueWatchingEntry = Static<typeof ContinueWatchingEntrySchema>;
/** One episode of the watch history, with its series (`GET /api/users/watch-history/`). */
export type HistoryEntry = Static<typeof HistoryEntrySchema>;
/** Whether the viewer likes a series and how many viewers do (`/api/series/{id}/like/`). */
export type SeriesLike = Static<typeof SeriesLikeAnswer>;
/** The viewer's notification preferences (`/api/users/notification-preferences/`). */
export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;

/** A saved card (`/api/payment-methods/`). */
export type PaymentMethod = Static<typeof PaymentMethodSchema>;
/** The dev provider's card check: the payment method id to save, and the card's face. */
export type DevCard = Static<typeof DevCardAnswer>;
/** The SetupIntent a new card is confirmed against. */
export type SetupIntent = Static<typeof SetupIntentAnswer>;
/** A PaymentIntent for a coin package, and its confirmation with the default saved card. */
export type PaymentIntent = Static<typeof IntentAnswer>;
export type PaymentConfirmation = Static<typeof ConfirmAnswerSchema>;
/** The payment page a coin purchase or a Gold subscription continues on. */
export type CheckoutSession = Static<typeof CheckoutAnswer>;
/** One line of the viewer's transactions (`GET /api/transactions/`). */
export type Transaction = Static<typeof TransactionSchema>;

/** The rewards screen's state (`GET /api/rewards/`) and one day of its daily-bonus calendar. */
export type RewardsOverview = Static<typeof RewardsOverviewAnswer>;
export type RewardCalendarDay = Static<typeof CalendarDaySchema>;
/** A channel the API rewards a share on. */
export type RewardShareChannel = Static<typeof ShareChannelSchema>;
/** The answers of claiming the daily bonus, a share and the follow prompt's coins. */
export type DailyBonusClaim = Static<typeof DailyBonusAnswer>;
export type ShareReward = Static<typeof ShareRewardAnswer>;
export type FollowReward = Static<typeof FollowRewardAnswer>;

/** Record fields that hold media addresses and are rewritten by the HTTP client (product.md#entities, product.md#requests). */
export const MEDIA_ADDRESS_FIELDS = [
  'cover_image',
  'banner_image',
  'poster_image',
  'thumbnail',
  'video_url',
  'hls_url',
  'image',
  'url',
  'src',
  'href',
  'thumbnail_url',
  'preview_url',
  'backdrop_url',
] as const;
export type MediaAddressField = (typeof MEDIA_ADDRESS_FIELDS)[number];

export interface SeriesMediaOverride {
  series_id: Id;
  poster_image: string | null;
  cover_image: string | null;
  banner_image: string | null;
  updated_at: IsoDateTime;
}

export type SearchHistory = string[];

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message: string;
  duration: number;
}

/** The magic link's verification: the account, and whether this browser's guest data moved to it. */
export type MagicLinkVerification = Static<typeof MagicLinkVerifyAnswer>;

/** The catalogue search (`GET /api/search/?q=`). */
export type SearchResults = Static<typeof SearchAnswer>;

// Remote releases (remote-releases.ts holds their rules and numbers).
/** One published version a page may load. `manifest` is absolute or relative to the site. */
export type RemoteReleaseAddress = Static<typeof RemoteReleaseAddressSchema>;
/** The rule for one remote: its stable version and, optionally, a canary for `share` % of sessions. */
export type RemoteRollout = Static<RemoteRolloutSchema>;
/** `GET /api/remotes/`: the rule for every remote (public, cached for REMOTE_ROLLOUT_CACHE_SECONDS). */
export type RemoteRolloutsAnswer = Static<typeof RolloutsAnswer>;
/** What happened when a page used one version of a remote. */
export type RemoteLoadOutcome = Static<typeof RemoteLoadOutcomeSchema>;
/** One report: `loaded` with the time its module took, `failed` to load, or a screen `error` after loading. */
export type RemoteLoadReport = Static<typeof RemoteLoadReportSchema>;
/** `POST /api/remotes/reports/` (public, rate limited): up to REMOTE_REPORTS_PER_REQUEST reports. */
export type RemoteLoadReportsBody = Static<typeof LoadReportsBody>;
/** One version as staff see it in Releases (figures over the auto-rollback window). */
export type RemoteVersionFigures = Static<typeof RemoteVersionFiguresSchema>;
/** `GET /api/admin/releases/`: every remote's rule, the versions seen and their figures. */
export type RemoteReleasesView = Static<typeof ReleasesViewAnswer>;

// Subtitles (subtitles.ts holds their limits).
export type SubtitleTrack = Static<typeof SubtitleTrackSchema>;
/** An upload: an optional label (the language's own name when empty) and the `.vtt` or `.srt` text. */
export type SubtitleUpload = Static<typeof SubtitleUploadBody>;
/** What an episode answer says of its subtitles. */
export type EpisodeSubtitles = ReadonlyArray<Pick<SubtitleTrack, 'language' | 'label'>>;
