/**
 * The catalogue's wire shapes (product.md#entities): a series, its seasons and episodes, a category,
 * and their titles and descriptions by language. The API validates and documents its answers with
 * these schemas; the frontends read the same shapes as types (`Series`, `Episode`, … in entities.ts).
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from './common';

export const TRANSLATED_TITLE_MAX_LENGTH = 200;
export const TRANSLATED_DESCRIPTION_MAX_LENGTH = 5_000;

export const TextTranslationSchema = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: TRANSLATED_TITLE_MAX_LENGTH })),
    description: Type.Optional(Type.String({ maxLength: TRANSLATED_DESCRIPTION_MAX_LENGTH })),
  },
  { additionalProperties: false },
);

/** `{ ru: { title, description } }`: a key per interface language, nothing else. */
export const TranslationsSchema = Type.Object(
  { en: Type.Optional(TextTranslationSchema), ru: Type.Optional(TextTranslationSchema) },
  {
    additionalProperties: false,
    description: 'Title and description by language (en, ru); a language or a field may be left out',
  },
);
/**
 * Names by language, `{ ru: { title } }`: a key per interface language holding only a title within
 * `maxLength`. Genres, coin packs, Gold plans and the first-purchase offer are named this way.
 */
export function titleTranslationsSchema(maxLength: number, description: string) {
  const title = () =>
    Type.Object({ title: Type.Optional(Type.String({ maxLength })) }, { additionalProperties: false });
  return Type.Object(
    { en: Type.Optional(title()), ru: Type.Optional(title()) },
    { additionalProperties: false, description },
  );
}

/** A genre's name by language, `{ ru: { title } }`: the name's limits, no description. */
export const CategoryTranslationsSchema = titleTranslationsSchema(
  60,
  'The category name by language (en, ru), as { title }; a language may be left out',
);

/** The language spoken in a series: an ISO 639 code (`en`, `ru`, `ko` …). */
export const AudioLanguageSchema = Type.String({
  minLength: 2,
  maxLength: 3,
  pattern: '^[a-z]{2,3}$',
  description: 'The language spoken in the series, as an ISO 639 code (en, ru, ko …)',
});

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

/**
 * A series' on-show episodes added up, for the honest line on its page ("N episodes · M min · K free ·
 * the rest for X coins or with Gold"). `paid_coin_cost` is what unlocking every paid episode one by one
 * costs; 0 for a Gold exclusive, whose paid episodes only Gold opens.
 */
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
    /** On a series' own answer (GET /series/{id}/) only: its on-show episodes added up. */
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
    /** Seconds. */
    duration: Type.Integer(),
    /** Where the closing credits start, in seconds; null when not marked (shared/src/watched.ts). */
    credits_start: Type.Optional(Nullable(Type.Number())),
    video_url: Nullable(Type.String()),
    hls_url: Nullable(Type.String()),
    is_free: Type.Boolean(),
    coin_cost: Type.Integer(),
    is_unlocked: Type.Boolean(),
    /** 0 to 100. */
    progress: Type.Number(),
    position_seconds: Type.Number(),
    created_at: Type.String(),
    /** The episode's subtitle tracks (subtitles.ts); empty when it has none. */
    subtitles: Type.Optional(Type.Array(Type.Object({ language: Type.String(), label: Type.String() }))),
  },
  { $id: 'Episode' },
);

/** The catalogue search (`GET /api/search/?q=`): the series and the episodes that match. */
export const SearchAnswer = Type.Object({
  series: Type.Array(Type.Ref(SeriesSchema)),
  episodes: Type.Array(Type.Ref(EpisodeSchema)),
});

/**
 * A fresh stream address of an episode the viewer may watch (`GET /api/episodes/{id}/stream/`): the
 * HLS and progressive addresses (null when absent), the one to play, and how access was given.
 */
export const StreamAnswerSchema = Type.Object({
  episode_id: Type.Integer(),
  hls_url: Nullable(Type.String()),
  video_url: Nullable(Type.String()),
  url: Type.String(),
  access: Type.Union([Type.Literal('free'), Type.Literal('gold'), Type.Literal('unlocked')]),
  /** When the signed addresses stop working; ask again for new ones (null: the address is not signed). */
  expires_at: Nullable(Type.String()),
});
