/** One Amplitude event as the HTTP API v2 and amplitude-js 8 send it; unknown fields are ignored. */
import { type Static, Type } from '@sinclair/typebox';

export const MAX_EVENTS_PER_BATCH = 500;
/** Per event, event and user properties together. */
export const MAX_PROPERTIES_BYTES = 32 * 1024;
export const ANALYTICS_BODY_LIMIT_BYTES = 1024 * 1024;

/** Epoch milliseconds between 2000 and 2100: a seconds value or garbage is refused. */
const EpochMs = Type.Number({ minimum: 946_684_800_000, maximum: 4_102_444_800_000 });

export const AmplitudeEventSchema = Type.Object({
  event_type: Type.String({ minLength: 1, maxLength: 1024 }),
  user_id: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Number(), Type.Null()])),
  device_id: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  time: Type.Optional(EpochMs),
  /** amplitude-js 8's legacy upload calls it timestamp. */
  timestamp: Type.Optional(EpochMs),
  /** Epoch milliseconds of the session's start, or -1 for none; stored as a 64-bit integer. */
  session_id: Type.Optional(Type.Integer({ minimum: -1, maximum: Number.MAX_SAFE_INTEGER })),
  insert_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  event_properties: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  user_properties: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  platform: Type.Optional(Type.String({ maxLength: 128 })),
  revenue: Type.Optional(Type.Number()),
  price: Type.Optional(Type.Number()),
  /** Stored as a 32-bit integer. */
  quantity: Type.Optional(Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 })),
  productId: Type.Optional(Type.String({ maxLength: 256 })),
});
export type AmplitudeEvent = Static<typeof AmplitudeEventSchema>;

export const IngestAnswerSchema = Type.Object({
  code: Type.Literal(200),
  events_ingested: Type.Integer(),
  payload_size_bytes: Type.Integer(),
  server_upload_time: Type.Integer(),
});
