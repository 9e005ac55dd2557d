/** Request and answer schemas of /api/admin/*: one place, so validation, types and OpenAPI agree. */
import { Type } from '@sinclair/typebox';
import { Id, Nullable, PageQuery } from '../../http/schemas';
import { Email, Password } from '../auth/auth.schemas';
import { AudioLanguageSchema, CategoryTranslationsSchema, TranslationsSchema } from '../catalogue/translations';
import { PlanId } from '../settings/settings.schemas';
import { SubscriptionSchema } from '../subscriptions/subscriptions.schemas';
import { UserSchema } from '../users/users.schemas';

// The answers about series and episodes are the shared contracts; bodies, queries and the rest stay here.
export {
  AdminEpisodeSchema,
  AdminSeriesSchema,
  PublishCheckSchema,
  PublishRefusedAnswer,
} from '@cliffhanger/shared/contracts';

/** The row id a staff search text names (searches match ids too): digits within the stored range, else null. */
export function idInSearch(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= (Id.minimum ?? 1) && id <= (Id.maximum ?? 0) ? id : null;
}

/**
 * A media field: an address on our media host (/media/…), an absolute http(s) address, or a small
 * inline image (`data:image/…;base64`), which the server stores as a WebP file (stored-images.ts).
 */
export const MediaAddress = Type.String({
  maxLength: 700_000,
  pattern: '^(/media/|https?://|data:image/)',
});

// --- Access ----------------------------------------------------------------------------------------

export const InvitationBody = Type.Object(
  { valid_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 30, default: 72 })) },
  { additionalProperties: false },
);
export const InvitationAnswer = Type.Object({ code: Type.String(), expires_at: Type.String() });

export const StaffRegisterBody = Type.Object(
  {
    email: Email,
    password: Password,
    username: Type.String({ minLength: 2, maxLength: 40, pattern: '^[A-Za-z0-9_.-]+$' }),
    invitation_code: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);

export const AuditQuery = Type.Object({
  ...PageQuery,
  entity: Type.Optional(Type.String({ maxLength: 40 })),
  entity_id: Type.Optional(Type.String({ maxLength: 40 })),
  actor_id: Type.Optional(Id),
});

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
  created_at: Type.String(),
});

/** The User (product.md#entities) as staff see it: with the account state and Gold end the viewer's own profile leaves out. */
export const AdminUserSchema = Type.Object({
  ...UserSchema.properties,
  is_active: Type.Boolean(),
  gold_until: Nullable(Type.String()),
  last_login_at: Nullable(Type.String()),
});

// --- Catalogue -------------------------------------------------------------------------------------

const SeriesFields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  title_en: Type.String({ maxLength: 200 }),
  slug: Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }),
  description: Type.String({ maxLength: 5_000 }),
  /** Title and description in other languages (issue #21). */
  translations: TranslationsSchema,
  /** The language spoken in the series (`en` when left out). */
  audio_language: AudioLanguageSchema,
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 30 }),
  category_ids: Type.Array(Id, { maxItems: 20 }),
  year: Nullable(Type.Integer({ minimum: 1900, maximum: 2100 })),
  rating: Nullable(Type.Number({ minimum: 0, maximum: 10 })),
  total_episodes: Nullable(Type.Integer({ minimum: 0, maximum: 10_000 })),
  is_gold_exclusive: Type.Boolean(),
  is_featured: Type.Boolean(),
  is_trending: Type.Boolean(),
  is_top: Type.Boolean(),
  is_hidden: Type.Boolean(),
  poster_image: Nullable(MediaAddress),
  cover_image: Nullable(MediaAddress),
  banner_image: Nullable(MediaAddress),
  slider_image: Nullable(MediaAddress),
};

const { title, ...optionalSeriesFields } = SeriesFields;
export const SeriesCreateBody = Type.Object(
  { title, ...Type.Partial(Type.Object(optionalSeriesFields)).properties },
  { additionalProperties: false },
);
export const SeriesUpdateBody = Type.Partial(Type.Object(SeriesFields), {
  additionalProperties: false,
  minProperties: 1,
});

export const SeriesMediaBody = Type.Object(
  {
    poster_image: Type.Optional(Nullable(MediaAddress)),
    cover_image: Type.Optional(Nullable(MediaAddress)),
    banner_image: Type.Optional(Nullable(MediaAddress)),
    slider_image: Type.Optional(Nullable(MediaAddress)),
  },
  { additionalProperties: false, minProperties: 1 },
);

// --- Publishing ------------------------------------------------------------------------------------

/** A bare request publishes now; `publish_at` in the future schedules it (a past time means now). */
export const PublishBody = Type.Object(
  { publish_at: Type.Optional(Nullable(Type.String({ format: 'date-time', maxLength: 40 }))) },
  { additionalProperties: false },
);

export const SeriesListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  /** 'active': not deleted and not hidden; the publish states list the series not deleted in that state. */
  status: Type.Optional(
    Type.Union(
      ['active', 'hidden', 'deleted', 'all', 'draft', 'scheduled', 'published', 'unpublished'].map((status) =>
        Type.Literal(status),
      ),
    ),
  ),
  is_gold_exclusive: Type.Optional(Type.Boolean()),
  is_featured: Type.Optional(Type.Boolean()),
  category_id: Type.Optional(Id),
});

const EpisodeFields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ maxLength: 5_000 }),
  /** Title and description in other languages (issue #21). */
  translations: TranslationsSchema,
  season_number: Type.Integer({ minimum: 1, maximum: 100 }),
  episode_number: Type.Integer({ minimum: 1, maximum: 10_000 }),
  is_free: Type.Boolean(),
  coin_cost: Type.Integer({ minimum: 0, maximum: 100_000 }),
  duration: Type.Integer({ minimum: 0, maximum: 36_000 }),
  thumbnail: Nullable(MediaAddress),
  hls_url: Nullable(Type.String({ maxLength: 2_000, pattern: '^(/media/|https?://)' })),
  video_url: Nullable(Type.String({ maxLength: 2_000, pattern: '^(/media/|https?://)' })),
};
const { title: episodeTitle, ...optionalEpisodeFields } = EpisodeFields;
export const EpisodeCreateBody = Type.Object(
  { title: episodeTitle, ...Type.Partial(Type.Object(optionalEpisodeFields)).properties },
  { additionalProperties: false },
);
export const EpisodeUpdateBody = Type.Partial(Type.Object(EpisodeFields), {
  additionalProperties: false,
  minProperties: 1,
});

export const ReorderBody = Type.Object(
  { episode_ids: Type.Array(Id, { minItems: 1, maxItems: 5_000 }) },
  { additionalProperties: false },
);

/** Where staff preview an episode: the signed playback route, signed for them (null: not signed). */
export const EpisodePreviewAnswer = Type.Object({
  episode_id: Type.Integer(),
  hls_url: Nullable(Type.String()),
  video_url: Nullable(Type.String()),
  url: Type.String(),
  expires_at: Nullable(Type.String()),
});

/** The highest coin price an episode can have. */
export const MAX_COIN_COST = 100_000;

/**
 * A pricing rule for a whole series, in play order: "episodes 1–5 free, then 12 coins, rising by 2
 * every 10 episodes" is `{ free_episodes: 5, price: 12, step: 2, every: 10 }`.
 */
export const PricingRuleBody = Type.Object(
  {
    free_episodes: Type.Integer({ minimum: 0, maximum: 5_000 }),
    price: Type.Integer({ minimum: 1, maximum: MAX_COIN_COST }),
    step: Type.Integer({ minimum: 0, maximum: 10_000 }),
    every: Type.Integer({ minimum: 1, maximum: 5_000 }),
  },
  { additionalProperties: false },
);

const PriceSchema = Type.Object({ is_free: Type.Boolean(), coin_cost: Type.Integer({ minimum: 0 }) });
export const PricingPlanAnswer = Type.Object({
  rule: PricingRuleBody,
  /** How many episodes the rule changes. */
  changed: Type.Integer({ minimum: 0 }),
  episodes: Type.Array(
    Type.Object({
      episode_id: Type.Integer(),
      season_number: Type.Integer(),
      episode_number: Type.Integer(),
      title: Type.String(),
      before: PriceSchema,
      after: PriceSchema,
      changed: Type.Boolean(),
    }),
  ),
});

export const EpisodeListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  series_id: Type.Optional(Id),
});

export const SeriesIdParams = Type.Object({ seriesId: Id });

const CategoryFields = {
  name: Type.String({ minLength: 1, maxLength: 60 }),
  slug: Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }),
  icon: Type.String({ maxLength: 16 }),
  color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
  /** The name in other languages (issue #21); an empty object removes them. */
  translations: CategoryTranslationsSchema,
};
const { name: categoryName, ...optionalCategoryFields } = CategoryFields;
/** A new genre chip; its address (slug) is made from the name when left out. */
export const CategoryCreateBody = Type.Object(
  { name: categoryName, ...Type.Partial(Type.Object(optionalCategoryFields)).properties },
  { additionalProperties: false },
);
export const CategoryUpdateBody = Type.Partial(Type.Object(CategoryFields), {
  additionalProperties: false,
  minProperties: 1,
});

// --- Users and subscriptions -----------------------------------------------------------------------

export const UserListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  /** Without a role, guests are left out (there are many of them); `all` includes them. */
  role: Type.Optional(
    Type.Union([
      Type.Literal('all'),
      Type.Literal('guest'),
      Type.Literal('registered'),
      Type.Literal('gold'),
      Type.Literal('staff'),
      Type.Literal('disabled'),
    ]),
  ),
});

export const UserHistoryQuery = Type.Object(PageQuery);

export const LedgerEntrySchema = Type.Object({
  id: Type.Integer(),
  delta: Type.Integer(),
  reason: Type.String(),
  reference: Nullable(Type.String()),
  balance_after: Type.Integer(),
  created_at: Type.String(),
});

export const UserUnlockSchema = Type.Object({
  id: Type.Integer(),
  episode_id: Type.Integer(),
  coin_cost: Type.Integer(),
  created_at: Type.String(),
  episode_number: Type.Integer(),
  episode_title: Type.String(),
  series_id: Type.Integer(),
  series_title: Type.String(),
});

export const UserDetailSchema = Type.Object({
  user: AdminUserSchema,
  /** The newest 100 ledger entries (GET …/ledger/ pages through all of them). */
  ledger: Type.Array(LedgerEntrySchema),
  /** The newest 100 unlocked episodes (GET …/unlocks/ pages through all of them). */
  unlocks: Type.Array(UserUnlockSchema),
  subscriptions: Type.Array(SubscriptionSchema),
});

export const CoinAdjustmentBody = Type.Object(
  {
    /** Positive grants, negative deductions; never zero. */
    amount: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, not: Type.Literal(0) }),
    /** Required: why the balance changes (kept in the audit log). */
    reason: Type.String({ minLength: 3, maxLength: 300, pattern: '\\S' }),
    /** Makes a retried request (double click, network retry) a no-op. */
    idempotency_key: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
);

export const CoinAdjustmentAnswer = Type.Object({
  user_id: Type.Integer(),
  /** False when the idempotency key was used already: nothing changed the second time. */
  applied: Type.Boolean(),
  balance: Type.Integer(),
});
/** A deduction below zero is refused with the balance there is. */
export const InsufficientCoinsAnswer = Type.Object({ message: Type.String(), balance: Type.Integer() });

export const UserFlagsBody = Type.Object(
  {
    is_gold_member: Type.Optional(Type.Boolean()),
    is_staff: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const SubscriptionListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(
    Type.Union([Type.Literal('active'), Type.Literal('canceled'), Type.Literal('past_due'), Type.Literal('expired')]),
  ),
  plan: Type.Optional(PlanId),
  search: Type.Optional(Type.String({ maxLength: 100 })),
});

export const AdminSubscriptionSchema = Type.Object({
  ...SubscriptionSchema.properties,
  user_id: Type.Integer(),
  /** Null for a guest. */
  user_email: Nullable(Type.String()),
  user_username: Type.String(),
  provider: Type.Union([Type.Literal('stripe'), Type.Literal('dev')]),
});

export const CancelSubscriptionBody = Type.Object(
  { immediately: Type.Optional(Type.Boolean({ default: false })) },
  { additionalProperties: false },
);

// --- Settings and insights ---------------------------------------------------------------------------

const Count = Type.Integer({ minimum: 0 });

const DashboardFigures = Type.Object({
  active_viewers: Count,
  views: Count,
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
  today: DashboardFigures,
  last_30_days: DashboardFigures,
});

export const AnalyticsQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 30 })),
  series_id: Type.Optional(Id),
});

const Retention = Type.Object({
  /** Users of the period whose day 1 (day 7) has come. */
  cohort: Count,
  returned: Count,
  /** returned / cohort (0 to 1), or null for an empty cohort. */
  rate: Nullable(Type.Number()),
});

export const AnalyticsAnswer = Type.Object({
  days: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  daily: Type.Array(Type.Object({ day: Type.String(), views: Count, unique_viewers: Count })),
  /** The asked series, else the most watched of the period; null when there is no series at all. */
  funnel: Nullable(
    Type.Object({
      series_id: Type.Integer(),
      series_title: Type.String(),
      /**
       * Distinct viewers of the series at each step, from the player's events (a viewer is a user, or
       * an anonymous device): who started an episode, finished one, met the paywall; who unlocked an
       * episode; and who, after meeting the paywall, bought coins or Gold.
       */
      steps: Type.Object({
        starters: Count,
        finishers: Count,
        paywall_viewers: Count,
        unlockers: Count,
        coin_buyers: Count,
        gold_buyers: Count,
      }),
      /**
       * The For you feed's part in the series, per day and in all: its clips shown (impressions) and
       * played, plays / impressions (null with no impression), and the plays that led on — the viewer
       * started an episode of the series in the player afterwards.
       */
      feed: Type.Object({
        impressions: Count,
        plays: Count,
        play_rate: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
        went_on: Count,
        daily: Type.Array(
          Type.Object({
            day: Type.String(),
            impressions: Count,
            plays: Count,
            play_rate: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
            went_on: Count,
          }),
        ),
      }),
      episodes: Type.Array(
        Type.Object({
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
        }),
      ),
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
  /** New Gold subscriptions per day. */
  gold_conversions: Type.Array(Type.Object({ day: Type.String(), subscriptions: Count })),
  retention: Type.Object({ d1: Retention, d7: Retention }),
});

export const SettingKeyParams = Type.Object({
  key: Type.Union([
    Type.Literal('coin_packages'),
    Type.Literal('gold_plans'),
    Type.Literal('rewards'),
    Type.Literal('first_purchase_offer'),
    Type.Literal('catalogue_defaults'),
    Type.Literal('feature_switches'),
  ]),
});

// The settings staff read are declared once in the shared contracts.
export { AdminSettingsAnswer, CatalogueDefaultsSchema, FeatureSwitchesSchema } from '@cliffhanger/shared/contracts';

export const SettingAnswer = Type.Object({
  key: SettingKeyParams.properties.key,
  value: Type.Unknown({ description: 'The value now stored, shaped as in GET /api/admin/settings/' }),
});
