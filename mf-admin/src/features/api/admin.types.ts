/** The shapes the staff API answers (api/src/domains/admin, media-library). */
import type {
  AdminEpisode,
  AdminSeries,
  AdminSettings,
  PublishCheck,
  Publishing,
  PublishRefusal,
  Subscription,
  Translations,
} from '@cliffhanger/shared';

export type { AdminEpisode, AdminSeries, AdminSettings, PublishCheck, Publishing, PublishRefusal };

export interface AdminCategory {
  id: number;
  name: string;
  slug: string;
  icon: string;
  color: string;
  /** The name in other languages (`{ ru: { title } }`), shown to viewers in that language. */
  translations?: Translations | null;
}
export interface Page<T> {
  results: T[];
  count: number;
  page: number;
  limit: number;
}

export interface AdminUser {
  id: number;
  email: string;
  username: string;
  is_guest: boolean;
  is_gold_member: boolean;
  is_staff: boolean;
  is_superuser: boolean;
  is_active: boolean;
  coin_balance: number;
  gold_until: string | null;
  last_login_at: string | null;
  created_at: string;
}

export interface AdminUserDetail {
  user: AdminUser;
  ledger: Array<{ id: number; delta: number; reason: string; balance_after: number; created_at: string }>;
  unlocks: Array<{
    id: number;
    episode_id: number;
    coin_cost: number;
    created_at: string;
    episode_number: number;
    series_title: string;
  }>;
  subscriptions: SubscriptionRow[];
}

/** A Gold subscription; the staff list adds whose it is and how it was paid. */
export type SubscriptionRow = Subscription & {
  user_id?: number;
  user_email?: string | null;
  user_username?: string;
  provider?: string;
};

export interface Figures {
  active_viewers: number;
  views: number;
  episodes_watched: number;
  unlocks: number;
  coins_spent: number;
  revenue: Array<{ currency: string; coins_minor: number; gold_minor: number; total_minor: number }>;
  new_registrations: number;
  new_guests: number;
  gold_members: number;
  new_gold_subscriptions: number;
}

export interface AdminDashboard {
  generated_at: string;
  today: Figures;
  last_30_days: Figures;
}

export interface FunnelEpisode {
  episode_id: number;
  season_number: number;
  episode_number: number;
  title: string;
  is_free: boolean;
  starts: number;
  completions: number;
  paywall_hits: number;
  unlocks: number;
  /** Distinct viewers who started it, passed each quartile, finished it (from the player's events). */
  viewers: number;
  quartile_25: number;
  quartile_50: number;
  quartile_75: number;
  finished: number;
  /** The share of the series' starters who reached this episode; null when nobody started. */
  reached_share: number | null;
}

export interface FunnelSteps {
  starters: number;
  finishers: number;
  paywall_viewers: number;
  unlockers: number;
  coin_buyers: number;
  gold_buyers: number;
}

/** One day of the For you feed's part in a series (or the whole period). */
export interface FeedFigures {
  impressions: number;
  plays: number;
  /** plays / impressions; null with no impression. */
  play_rate: number | null;
  /** Feed plays after which the viewer started an episode of the series in the player. */
  went_on: number;
}

export interface AdminAnalytics {
  days: number;
  daily: Array<{ day: string; views: number; unique_viewers: number }>;
  funnel: {
    series_id: number;
    series_title: string;
    steps: FunnelSteps;
    feed: FeedFigures & { daily: Array<FeedFigures & { day: string }> };
    episodes: FunnelEpisode[];
  } | null;
  revenue: Array<{
    currency: string;
    daily: Array<{ day: string; coins_minor: number; gold_minor: number; returned_minor: number }>;
  }>;
  gold_conversions: Array<{ day: string; subscriptions: number }>;
  retention: Record<'d1' | 'd7', { cohort: number; returned: number; rate: number | null }>;
}

export interface LedgerEntry {
  id: number;
  delta: number;
  reason: string;
  reference: string | null;
  balance_after: number;
  created_at: string;
}

export interface UserUnlock {
  id: number;
  episode_id: number;
  coin_cost: number;
  created_at: string;
  episode_number: number;
  episode_title: string;
  series_id: number;
  series_title: string;
}

export interface PricingRule {
  free_episodes: number;
  price: number;
  step: number;
  every: number;
}

export interface PricingPlan {
  rule: PricingRule;
  changed: number;
  episodes: Array<{
    episode_id: number;
    season_number: number;
    episode_number: number;
    title: string;
    before: { is_free: boolean; coin_cost: number };
    after: { is_free: boolean; coin_cost: number };
    changed: boolean;
  }>;
}

export interface MediaAsset {
  id: number;
  kind: 'video' | 'image';
  status: 'processing' | 'ready' | 'failed';
  original_name: string;
  size: number;
  url: string | null;
  hls_url: string | null;
  poster_url: string | null;
  thumbnail_url: string | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  episode_id: number | null;
  created_at: string;
}

export interface MediaJob {
  id: number;
  asset_id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  error: string | null;
  original_name: string;
  episode_id: number | null;
  hls_url: string | null;
  poster_url: string | null;
  created_at: string;
}

export interface AuditEntry {
  id: number;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
}
