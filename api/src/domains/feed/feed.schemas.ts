/** Schemas of the second media-feed API (product.md#feed-api). */
import { Type } from '@sinclair/typebox';
import { IdParams, Nullable } from '../../http/schemas';
import { TranslationsSchema } from '../catalogue/translations';

/** A row id: stored as a 32-bit integer, so anything larger is a 400, not a database error. */
const Id = IdParams.properties.id;

/** Every call carries the caller's id: the numeric user id, or the guest's client-made id. */
const CallerId = Type.Union([Id, Type.String({ minLength: 1, maxLength: 64 })]);

export const CallerBody = Type.Object({ id: CallerId });
export const SeriesDetailBody = Type.Object({
  id: CallerId,
  series_id: Id,
});
/** `/series/unlock/`: the episode is named by its series and its number. */
export const SeriesUnlockBody = Type.Object({
  id: CallerId,
  series_id: Id,
  number: Type.Integer({ minimum: 1, maximum: 100_000 }),
});

/** The device report: known fields are typed loosely (clients differ), unknown ones kept, size capped. */
export const DeviceReportBody = Type.Object({ id: CallerId }, { additionalProperties: true, maxProperties: 60 });

export const FeedEpisodeSchema = Type.Object({
  episode_id: Type.Integer(),
  series_id: Type.Integer(),
  series_name: Type.String(),
  number: Type.Integer(),
  episode_cover: Type.String(),
  videoLink: Type.String(),
  duration: Type.Integer(),
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

export const CarouselAnswer = Type.Object({ success: Type.Literal(1), data: Type.Array(FeedSeriesSchema) });
export const SeriesDetailAnswer = Type.Object({ success: Type.Literal(1), data: FeedSeriesSchema });
export const BalanceAnswer = Type.Object({ balance: Type.Integer() });
export const PublicViewAnswer = Type.Object({
  paying: Type.Boolean(),
  registered: Type.Boolean(),
  verified: Type.Boolean(),
  has_active_subs: Type.Boolean(),
});
export const DeviceReportAnswer = Type.Object({ success: Type.Literal(1), stored: Type.Boolean() });
