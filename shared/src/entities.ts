/**
 * The entities of the product specification (product.md#entities), shared by the frontends and the API. Field names
 * follow the specification exactly; optional fields are the ones the specification marks as
 * alternatives or that only some answers carry.
 */

import type { Translations } from './localized-text';
import type { EpisodeSubtitles } from './subtitles';

export type Id = number;
export type IsoDateTime = string;

export interface User {
  id: Id;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  is_guest: boolean;
  is_premium: boolean;
  is_gold_member: boolean;
  is_staff: boolean;
  is_superuser: boolean;
  coin_balance: number;
  subscription: Subscription | null;
  created_at: IsoDateTime;
  /** The interface language the viewer chose (issue #21); null until they choose. */
  language?: 'en' | 'ru' | null;
}

/** The flags of the public profile lookup (product.md#entities, product.md#requests). */
export interface PublicProfileFlags {
  paying: boolean;
  registered: boolean;
  verified: boolean;
  has_active_subs: boolean;
}

/**
 * What the signed-in viewer's own profile adds: whether the account has a password at all (an
 * account made by magic link has none, so it sets one instead of changing it).
 */
export interface OwnAccountFlags {
  has_password: boolean;
}

export interface AuthResponse {
  access: string;
  refresh: string;
  user: User;
}

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

export interface Category {
  id: Id;
  name: string;
  slug: string;
  icon: string;
  color: string;
  /** The name in other languages as `{ ru: { title } }` (issue #21); shown with `localizedCategoryName`. */
  translations?: Translations;
}

export interface Season {
  id: Id;
  number: number;
  title: string; // 'Season N'
  episodes_count: number;
}

export interface Series {
  id: Id;
  title: string;
  title_en: string;
  slug: string;
  description: string;
  cover_image: string | null;
  banner_image: string | null;
  poster_image: string | null;
  slider_image: string | null;
  categories: Category[];
  tags: string[];
  year: number | null;
  rating: number | null;
  is_gold_exclusive: boolean;
  is_featured: boolean;
  is_trending: boolean;
  is_top: boolean;
  total_episodes: number;
  episodes_count: number;
  seasons: Season[];
  created_at: IsoDateTime;
  /** On a series' own answer (GET /series/{id}/) only: its on-show episodes added up. */
  totals?: SeriesTotals;
  /** Titles and descriptions in other languages (localized-text.ts). */
  translations?: Translations;
  /** The language spoken in the series (a language tag); the player turns captions on when it differs from the viewer's. */
  audio_language?: string;
}

/**
 * A series' on-show episodes added up, for the honest line on its page ("N episodes · M min · K free ·
 * the rest for X coins or with Gold").
 */
export interface SeriesTotals {
  episodes: number;
  duration_seconds: number;
  free_episodes: number;
  paid_episodes: number;
  /** What unlocking every paid episode one by one costs; 0 for a Gold exclusive, whose paid episodes only Gold opens. */
  paid_coin_cost: number;
}

/** The admin side's view of a series, kept in browser storage (product.md#sync). */
export interface AdminSeries {
  id: Id;
  title_en?: string;
  title?: string;
  slug: string;
  description: string;
  cover_image?: string | null;
  poster_image?: string | null;
  banner_image: string | null;
  genre: string[];
  tags: string[];
  release_year: number | null;
  rating: number | null;
  is_gold_exclusive: boolean;
  is_featured: boolean;
  is_trending: boolean;
  created_at: IsoDateTime;
}

export interface Episode {
  id: Id;
  series: Id;
  series_id?: Id;
  series_title: string;
  /** The series' English title and titles by language (issue #21): shown with `localizedSeriesTitle`. */
  series_title_en?: string;
  series_translations?: Translations;
  season: number;
  season_number?: number;
  episode_number: number;
  title: string;
  description: string;
  thumbnail: string | null;
  duration: number; // seconds
  video_url: string | null;
  hls_url: string | null;
  is_free: boolean;
  coin_cost: number;
  is_unlocked: boolean;
  progress: number; // 0 to 100
  created_at: IsoDateTime;
  /** Titles and descriptions in other languages (localized-text.ts). */
  translations?: Translations;
  /** The subtitle tracks of the episode (subtitles.ts); absent or empty when it has none. */
  subtitles?: EpisodeSubtitles;
}

export interface FeedSeries {
  series_id: Id;
  name: string;
  description: string;
  /** The English title, and the name and description by language as `{ ru: { title, description } }` (issue #21). */
  title_en: string;
  translations: Translations;
  cover: string;
  cover_horizontal: string;
  episodes_count: number;
  feed_section: string; // 'gold' marks Gold exclusives
  last_view_episode_number: number | null;
  last_view_position: number | null;
  episode_cover: string;
  fragments: FeedEpisode[];
  videoLink: string;
  duration: number;
  is_fav: boolean;
  tags: string[];
  likes: number;
}

export interface FeedEpisode {
  episode_id: Id;
  series_id: Id;
  series_name: string;
  number: number;
  episode_cover: string;
  videoLink: string;
  duration: number;
  locked: 0 | 1; // 1 means locked
}

export interface FeedSubscriptionList {
  success: 0 | 1;
  date_end: Array<{ name: string; date_end: IsoDateTime }>;
}

export interface Subscription {
  id: Id;
  plan: string;
  name: string; // 'Gold' for the Gold tier
  status: 'active' | 'canceled' | 'past_due' | 'expired';
  current_period_end: IsoDateTime;
  cancel_at_period_end: boolean;
}

export interface CoinBalanceResponse {
  balance: number;
  /** Coins owed after a refund or dispute of coins already spent; paid first from the next coins. */
  owed?: number;
}

/**
 * A viewer's opt-in auto-unlock for one series (`/api/series/{id}/auto-unlock/`): off by default;
 * while on, the player unlocks the next locked episode by itself as long as `spent + price <= cap`.
 */
export interface AutoUnlockSetting {
  series_id: Id;
  enabled: boolean;
  /** The most coins automatic unlocks may spend on this series while it is on. */
  cap: number;
  /** Coins automatic unlocks spent since it was last turned on. */
  spent: number;
  /** What is left of the cap (0 when off). */
  left: number;
}

/** Why an automatic unlock was refused (409): it is off, or the next episode would pass the cap. */
export type AutoUnlockRefusal = 'auto_unlock_off' | 'auto_unlock_cap_reached';

export interface Paginated<T> {
  results: T[];
  count: number;
  next: string | null;
}

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

export interface MagicLinkVerification {
  success: number; // 1 means ok
  id: Id;
  email: string;
  /** The link was asked for from this browser's session; only then did its guest data move. */
  requested_here?: boolean;
  /** This browser's guest coins, unlocks, list, history and Gold moved to the account. */
  guest_merged?: boolean;
}

export interface SearchResults {
  series: Series[];
  episodes: Episode[];
}
