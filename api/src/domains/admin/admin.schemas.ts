/** Request and answer schemas of /api/admin/*: one place, so validation, types and OpenAPI agree. */
import { STAFF_INVITATION_HOURS } from '@cliffhanger/shared/constants';
import { AssignableRoleSchema } from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';
import { Id, Nullable, PageQuery } from '../../http/schemas';
import { Email, Password } from '../auth/auth.schemas';
import { AudioLanguageSchema, CategoryTranslationsSchema, TranslationsSchema } from '../catalogue/translations';
import { PlanId } from '../settings/settings.schemas';

// The answers staff read are the shared contracts; bodies, queries and the rest stay here.
export {
  AdminEpisodeSchema,
  AdminMeSchema,
  AdminSeriesSchema,
  AdminSubscriptionSchema,
  AdminUserSchema,
  AnalyticsAnswer,
  AuditActionsAnswer,
  AuditEntrySchema,
  CoinAdjustmentAnswer,
  DashboardAnswer,
  DemoCatalogueAnswer,
  EpisodePreviewAnswer,
  InvitationAnswer,
  LedgerEntrySchema,
  MAX_COIN_COST,
  PricingPlanAnswer,
  PricingRuleSchema,
  PublishCheckSchema,
  PublishRefusedAnswer,
  StaffInvitationSchema,
  UserDetailSchema,
  UserUnlockSchema,
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
  {
    /** The colleague's address: the invitation is mailed there and registers that address only. */
    email: Type.Optional(Email),
    valid_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 30, default: STAFF_INVITATION_HOURS })),
  },
  { additionalProperties: false },
);
export const StaffRegisterBody = Type.Object(
  {
    email: Email,
    password: Password,
    username: Type.String({ minLength: 2, maxLength: 40, pattern: '^[A-Za-z0-9_.-]+$' }),
    invitation_code: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);

/** A calendar day (UTC), e.g. 2026-12-07. */
const Day = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: 'A day, YYYY-MM-DD (UTC)',
});

/** What the audit log is filtered by; the CSV export takes the same filters. */
export const AuditFilterQuery = {
  entity: Type.Optional(Type.String({ maxLength: 40 })),
  entity_id: Type.Optional(Type.String({ maxLength: 40 })),
  actor_id: Type.Optional(Id),
  /** Part of the acting person's e-mail address. */
  actor: Type.Optional(Type.String({ maxLength: 100 })),
  /** The action exactly, e.g. `user.coins_granted`, or its domain followed by a dot (`user.`). */
  action: Type.Optional(Type.String({ maxLength: 60 })),
  /** From this day on (inclusive). */
  from: Type.Optional(Day),
  /** Up to and including this day. */
  to: Type.Optional(Day),
};
export const AuditQuery = Type.Object({ ...PageQuery, ...AuditFilterQuery });
export const AuditExportQuery = Type.Object(AuditFilterQuery);

/** The audit rows as CSV (spreadsheet-safe: a cell starting with = + - @ is prefixed with '). */
export const AuditCsvAnswer = {
  description: 'The filtered audit rows as CSV',
  content: { 'text/csv': { schema: Type.String() } },
};

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
  /** Where the closing credits start, in seconds (0 < mark < duration, checked by the service); null clears it. */
  credits_start: Nullable(Type.Number()),
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
      Type.Literal('superuser'),
      Type.Literal('disabled'),
    ]),
  ),
});

export const UserHistoryQuery = Type.Object(PageQuery);

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

/** A deduction below zero is refused with the balance there is. */
export const InsufficientCoinsAnswer = Type.Object({ message: Type.String(), balance: Type.Integer() });

export const UserFlagsBody = Type.Object(
  {
    is_gold_member: Type.Optional(Type.Boolean()),
    /** viewer, staff or superuser: grants, changes or revokes staff access (superusers only). */
    role: Type.Optional(AssignableRoleSchema),
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

export const CancelSubscriptionBody = Type.Object(
  { immediately: Type.Optional(Type.Boolean({ default: false })) },
  { additionalProperties: false },
);

// --- Settings and insights ---------------------------------------------------------------------------

export const AnalyticsQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 30 })),
  series_id: Type.Optional(Id),
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
