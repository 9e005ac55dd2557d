/** Request and answer schemas of the staff catalogue routes (/api/admin/series, episodes, categories). */
import { Type } from '@sinclair/typebox';
import { Id, Nullable, PageQuery } from '../../http/schemas';
import { AudioLanguageSchema, CategoryTranslationsSchema, TranslationsSchema } from './translations';

// The answers staff read are the shared contracts; bodies, queries and the rest stay here.
export {
  AdminCategorySchema,
  AdminEpisodeSchema,
  AdminSeriesSchema,
  EpisodePreviewAnswer,
  MAX_COIN_COST,
  PricingPlanAnswer,
  PricingRuleSchema,
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

// --- Series ----------------------------------------------------------------------------------------

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
