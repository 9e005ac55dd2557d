/**
 * The media-feed API's series and episode (product.md#feed-api): what `/feed-api/` answers and the
 * feed screens read (`FeedSeries`, `FeedEpisode` in entities.ts).
 */
import { Type } from '@sinclair/typebox';
import { TranslationsSchema } from './catalogue';
import { Nullable } from './common';

export const FeedEpisodeSchema = Type.Object({
  episode_id: Type.Integer(),
  series_id: Type.Integer(),
  series_name: Type.String(),
  number: Type.Integer(),
  episode_cover: Type.String(),
  videoLink: Type.String(),
  duration: Type.Integer(),
  /** 1 means locked. */
  locked: Type.Union([Type.Literal(0), Type.Literal(1)]),
  coin_cost: Type.Integer(),
});

export const FeedSeriesSchema = Type.Object({
  series_id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** The English title and the name and description by language (issue #21), as on a series. */
  title_en: Type.String(),
  translations: TranslationsSchema,
  cover: Type.String(),
  cover_horizontal: Type.String(),
  episodes_count: Type.Integer(),
  /** 'gold' marks Gold exclusives. */
  feed_section: Type.String(),
  last_view_episode_number: Nullable(Type.Integer()),
  last_view_position: Nullable(Type.Number()),
  episode_cover: Type.String(),
  fragments: Type.Array(FeedEpisodeSchema),
  videoLink: Type.String(),
  duration: Type.Integer(),
  is_fav: Type.Boolean(),
  tags: Type.Array(Type.String()),
  likes: Type.Integer(),
});

/** The viewer's subscriptions by name and end (`/feed-api/web/subscriptions/list/`); empty without Gold. */
export const FeedSubscriptionListAnswer = Type.Object({
  success: Type.Literal(1),
  date_end: Type.Array(Type.Object({ name: Type.String(), date_end: Type.String() })),
});
