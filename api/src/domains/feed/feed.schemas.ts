/** Schemas of the second media-feed API (product.md#feed-api). */
import { FeedSeriesSchema } from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../../http/schemas';

// The series and episode are the shared contracts; the bodies and wrappers below are this API's own.
export { FeedEpisodeSchema, FeedSeriesSchema } from '@cliffhanger/shared/contracts';

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
