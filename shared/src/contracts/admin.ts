/**
 * What the staff API answers about the catalogue (product.md#admin): a series and an episode as staff
 * see them, with where each stands with viewers and what publishing it still needs, an episode's
 * preview, a series' pricing plan, and a staff invitation. The API validates and documents with these;
 * the admin reads them as types (`AdminSeries`, … in entities.ts).
 */
import { Type } from '@sinclair/typebox';
import { EPISODE_PUBLISH_REQUIREMENTS, PUBLISH_STATUSES, SERIES_PUBLISH_REQUIREMENTS } from '../constants';
import { CategorySchema, TranslationsSchema } from './catalogue';
import { Nullable } from './common';

export const PublishStatusSchema = Type.Union(PUBLISH_STATUSES.map((status) => Type.Literal(status)));
export const PublishStateSchema = Type.Union(
  [...PUBLISH_STATUSES, 'scheduled' as const].map((state) => Type.Literal(state)),
);

/** One line of a publish checklist: what is needed and whether the series or episode has it. */
export const PublishCheckSchema = Type.Object({
  requirement: Type.Union(
    [...SERIES_PUBLISH_REQUIREMENTS, ...EPISODE_PUBLISH_REQUIREMENTS].map((requirement) => Type.Literal(requirement)),
  ),
  met: Type.Boolean(),
  /** What is needed, in words staff read in the checklist. */
  message: Type.String(),
});

/** Where a series or an episode stands with viewers. */
export const PublishFields = {
  /** What staff decided: 'draft' (never published), 'published' or 'unpublished'. */
  status: PublishStatusSchema,
  /** When a published series or episode goes (or went) live; null unless published. */
  published_at: Nullable(Type.String()),
  /** What viewers get now: a published one whose time is still ahead is 'scheduled'. */
  publish_state: PublishStateSchema,
  publish_checklist: Type.Array(PublishCheckSchema),
};

/** 422: what the checklist still misses, each named. */
export const PublishRefusedAnswer = Type.Object({
  message: Type.String(),
  missing: Type.Array(Type.Object({ requirement: Type.String(), message: Type.String() })),
});

export const AdminSeriesSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  title_en: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  translations: TranslationsSchema,
  audio_language: Type.String(),
  tags: Type.Array(Type.String()),
  category_ids: Type.Array(Type.Integer()),
  year: Nullable(Type.Integer()),
  rating: Nullable(Type.Number()),
  total_episodes: Nullable(Type.Integer()),
  episodes_count: Type.Integer(),
  is_gold_exclusive: Type.Boolean(),
  is_featured: Type.Boolean(),
  is_trending: Type.Boolean(),
  is_top: Type.Boolean(),
  is_hidden: Type.Boolean(),
  poster_image: Nullable(Type.String()),
  cover_image: Nullable(Type.String()),
  banner_image: Nullable(Type.String()),
  slider_image: Nullable(Type.String()),
  ...PublishFields,
  deleted_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const AdminEpisodeSchema = Type.Object({
  id: Type.Integer(),
  series_id: Type.Integer(),
  series_title: Type.String(),
  season_number: Type.Integer(),
  episode_number: Type.Integer(),
  position: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  translations: TranslationsSchema,
  thumbnail: Nullable(Type.String()),
  duration: Type.Integer(),
  /** Where the closing credits start, in seconds; null when not marked (the default applies). */
  credits_start: Type.Optional(Nullable(Type.Number())),
  hls_url: Nullable(Type.String()),
  video_url: Nullable(Type.String()),
  is_free: Type.Boolean(),
  coin_cost: Type.Integer(),
  /** How many viewers unlocked it. */
  unlocks: Type.Integer(),
  ...PublishFields,
  created_at: Type.String(),
  updated_at: Type.String(),
});

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
export const PricingRuleSchema = Type.Object(
  {
    free_episodes: Type.Integer({ minimum: 0, maximum: 5_000 }),
    price: Type.Integer({ minimum: 1, maximum: MAX_COIN_COST }),
    step: Type.Integer({ minimum: 0, maximum: 10_000 }),
    every: Type.Integer({ minimum: 1, maximum: 5_000 }),
  },
  { additionalProperties: false },
);

const PriceSchema = Type.Object({ is_free: Type.Boolean(), coin_cost: Type.Integer({ minimum: 0 }) });
/** What a pricing rule makes of every episode of the series, before and after. */
export const PricingPlanAnswer = Type.Object({
  rule: PricingRuleSchema,
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

/** A staff invitation: the code to register with and when it stops working. */
export const InvitationAnswer = Type.Object({ code: Type.String(), expires_at: Type.String() });

/** Where an invitation stands: usable, used by the account it made, past its time, or withdrawn. */
export const INVITATION_STATUSES = ['pending', 'used', 'expired', 'revoked'] as const;

/** A staff invitation in the superuser's list (`GET /api/admin/invitations/`); the code is never shown again. */
export const StaffInvitationSchema = Type.Object({
  id: Type.Integer(),
  /** The address it was made for and mailed to; null for a bare code. */
  email: Nullable(Type.String()),
  status: Type.Union(INVITATION_STATUSES.map((status) => Type.Literal(status))),
  created_by_email: Nullable(Type.String()),
  created_at: Type.String(),
  expires_at: Type.String(),
  used_at: Nullable(Type.String()),
  used_by_email: Nullable(Type.String()),
  revoked_at: Nullable(Type.String()),
});

/** A category as staff see it: every one, shown to viewers or not, with how many series use it (0: deletable). */
export const AdminCategorySchema = Type.Composite([
  CategorySchema,
  Type.Object({
    series_count: Type.Integer({ minimum: 0 }),
    /** Whether viewers see it as a genre chip: a visible series uses it. */
    shown: Type.Boolean(),
  }),
]);
