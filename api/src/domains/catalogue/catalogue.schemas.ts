/** Schemas of the catalogue routes: the Series (product.md#entities), Episode and Category answers and the list queries. */

import { SERIES_LIST_LIMIT } from '@cliffhanger/shared/constants';
import { EpisodeSchema, LinkedPage, SeriesSchema } from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../../http/schemas';
import { SERIES_ORDERINGS } from './catalogue.service';

// The answers' shapes are the shared contracts; the list queries and wrappers below are this API's own.
export {
  CategorySchema,
  EpisodeSchema,
  SearchAnswer,
  SeasonSchema,
  SeriesSchema,
  SeriesTotalsSchema,
  StreamAnswerSchema,
} from '@cliffhanger/shared/contracts';

export const SeriesPage = LinkedPage(Type.Ref(SeriesSchema));
export const EpisodePage = LinkedPage(Type.Ref(EpisodeSchema));
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
