/** Schemas of the catalogue routes: the Series (product.md#entities), Episode and Category answers and the list queries. */

import { SERIES_LIST_LIMIT } from '@cliffhanger/shared/constants';
import { Type } from '@sinclair/typebox';
import { IdParams, Nullable } from '../../http/schemas';
import { SERIES_ORDERINGS } from './catalogue.service';
import { CategoryTranslationsSchema, TranslationsSchema } from './translations';

export const CategorySchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    icon: Type.String(),
    color: Type.String(),
    /** The name in other languages (issue #21): the frontends pick with `localizedCategoryName`. */
    translations: Type.Optional(CategoryTranslationsSchema),
  },
  { $id: 'Category' },
);

export const SeasonSchema = Type.Object({
  id: Type.Integer(),
  number: Type.Integer(),
  title: Type.String(),
  episodes_count: Type.Integer(),
});

export const SeriesTotalsSchema = Type.Object({
  episodes: Type.Integer(),
  duration_seconds: Type.Integer(),
  free_episodes: Type.Integer(),
  paid_episodes: Type.Integer(),
  paid_coin_cost: Type.Integer(),
});

export const SeriesSchema = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    title_en: Type.String(),
    slug: Type.String(),
    description: Type.String(),
    /** Title and description in other languages (issue #21): the frontends pick with `localizedTitle`. */
    translations: Type.Optional(TranslationsSchema),
    /** The language spoken in the series. */
    audio_language: Type.Optional(Type.String()),
    cover_image: Nullable(Type.String()),
    banner_image: Nullable(Type.String()),
    poster_image: Nullable(Type.String()),
    slider_image: Nullable(Type.String()),
    categories: Type.Array(Type.Ref(CategorySchema)),
    tags: Type.Array(Type.String()),
    year: Nullable(Type.Integer()),
    rating: Nullable(Type.Number()),
    is_gold_exclusive: Type.Boolean(),
    is_featured: Type.Boolean(),
    is_trending: Type.Boolean(),
    is_top: Type.Boolean(),
    total_episodes: Type.Integer(),
    episodes_count: Type.Integer(),
    seasons: Type.Array(SeasonSchema),
    created_at: Type.String(),
    totals: Type.Optional(SeriesTotalsSchema),
  },
  { $id: 'Series' },
);

export const EpisodeSchema = Type.Object(
  {
    id: Type.Integer(),
    series: Type.Integer(),
    series_id: Type.Integer(),
    series_title: Type.String(),
    /** The series' English title and titles by language (issue #21): the frontends pick with `localizedTitle`. */
    series_title_en: Type.Optional(Type.String()),
    series_translations: Type.Optional(TranslationsSchema),
    season: Type.Integer(),
    season_number: Type.Integer(),
    episode_number: Type.Integer(),
    title: Type.String(),
    description: Type.String(),
    /** Title and description in other languages (issue #21). */
    translations: Type.Optional(TranslationsSchema),
    thumbnail: Nullable(Type.String()),
    duration: Type.Integer(),
    video_url: Nullable(Type.String()),
    hls_url: Nullable(Type.String()),
    is_free: Type.Boolean(),
    coin_cost: Type.Integer(),
    is_unlocked: Type.Boolean(),
    progress: Type.Number(),
    position_seconds: Type.Number(),
    created_at: Type.String(),
    /** The episode's subtitle tracks (shared/src/subtitles.ts); empty when it has none. */
    subtitles: Type.Optional(Type.Array(Type.Object({ language: Type.String(), label: Type.String() }))),
  },
  { $id: 'Episode' },
);

const page = <T extends ReturnType<typeof Type.Ref>>(item: T) =>
  Type.Object({
    results: Type.Array(item),
    count: Type.Integer(),
    next: Nullable(Type.String()),
    previous: Nullable(Type.String()),
  });

export const SeriesPage = page(Type.Ref(SeriesSchema));
export const EpisodePage = page(Type.Ref(EpisodeSchema));
export const SeriesList = Type.Array(Type.Ref(SeriesSchema));
export const EpisodeList = Type.Array(Type.Ref(EpisodeSchema));

const Flag = Type.Boolean();

export const SeriesListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: SERIES_LIST_LIMIT }),
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  ordering: Type.Union(
    SERIES_ORDERINGS.flatMap((column) => [Type.Literal(column), Type.Literal(`-${column}`)]),
    { default: '-created_at' },
  ),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  is_featured: Type.Optional(Flag),
  is_trending: Type.Optional(Flag),
  is_gold_exclusive: Type.Optional(Flag),
  is_top: Type.Optional(Flag),
  search: Type.Optional(Type.String({ maxLength: 100 })),
});

export const EpisodeListQuery = Type.Object({
  series: Type.Optional(IdParams.properties.id),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
});

export const SearchQuery = Type.Object({ q: Type.String({ maxLength: 100 }) });

export const SearchAnswer = Type.Object({ series: SeriesList, episodes: EpisodeList });

export const StreamAnswerSchema = Type.Object({
  episode_id: Type.Integer(),
  hls_url: Nullable(Type.String()),
  video_url: Nullable(Type.String()),
  url: Type.String(),
  access: Type.Union([Type.Literal('free'), Type.Literal('gold'), Type.Literal('unlocked')]),
  /** When the signed addresses stop working; ask again for new ones (null: the address is not signed). */
  expires_at: Nullable(Type.String()),
});
