/**
 * Ingestion of the shell's amplitude-js events (product.md#events): the HTTP API v2 body
 * `{api_key, events: [...]}` and amplitude-js 8's legacy form upload `e=<json array>&v=2&client=…`.
 * A batch is checked as a whole (one bad event refuses it, like Amplitude does, so nothing is half
 * stored); retried uploads are recognised by each event's insert_id.
 *
 * A batch is one insert statement: the per-day rollups the staff analytics read (analytics_daily_*,
 * see the migration 20261121300000_analytics_rollups) are moved by triggers within that statement, so
 * they count exactly the events stored — a retried event counts nothing, a refused batch nothing.
 */
import { Value } from '@sinclair/typebox/value';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { AnalyticsEventsTable } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { insertEvents } from './analytics.repository';
import {
  type AmplitudeEvent,
  AmplitudeEventSchema,
  MAX_EVENTS_PER_BATCH,
  MAX_PROPERTIES_BYTES,
} from './analytics.schemas';

export interface IngestAnswer {
  code: 200;
  events_ingested: number;
  payload_size_bytes: number;
  server_upload_time: number;
}

const invalid = (message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(400, message, { code: 400, error: message, ...extra });

/** The batch from either upload form, or a 400 naming what is wrong. */
export function eventsOfBody(body: unknown): { apiKey: string; events: unknown[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('Send a JSON object {api_key, events} or the form upload e=<events>&client=<api key>');
  }
  const record = body as Record<string, unknown>;
  let apiKey = record.api_key ?? record.client;
  let events = record.events ?? record.e;
  if (typeof events === 'string') {
    try {
      events = JSON.parse(events);
    } catch {
      throw invalid('The e field is not a JSON array of events');
    }
  }
  if (typeof apiKey !== 'string' || apiKey.trim() === '' || apiKey.length > 200) {
    throw invalid('Request missing required field', { missing_field: 'api_key' });
  }
  if (!Array.isArray(events) || events.length === 0)
    throw invalid('Request missing required field', { missing_field: 'events' });
  if (events.length > MAX_EVENTS_PER_BATCH) {
    throw new HttpError(413, `At most ${MAX_EVENTS_PER_BATCH} events per upload`, {
      code: 413,
      error: 'Payload too large',
    });
  }
  apiKey = apiKey.trim();
  return { apiKey: apiKey as string, events };
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const INTEGER_COLUMN_MAX = 2_147_483_647;
/** A count the integer column can hold, else none (the raw value stays in the event's properties). */
const countOrNull = (value: number | null) =>
  value === null || Math.abs(value) > INTEGER_COLUMN_MAX ? null : Math.trunc(value);

function toRow(event: AmplitudeEvent, index: number, viewerId: number | null, receivedAt: string) {
  const properties = event.event_properties ?? {};
  const userProperties = event.user_properties ?? {};
  const propertiesJson = JSON.stringify(properties);
  const userPropertiesJson = JSON.stringify(userProperties);
  if (Buffer.byteLength(propertiesJson) + Buffer.byteLength(userPropertiesJson) > MAX_PROPERTIES_BYTES) {
    throw invalid(`events[${index}]: properties are larger than ${MAX_PROPERTIES_BYTES} bytes`);
  }
  const time = event.time ?? event.timestamp;
  // amplitude-js logRevenueV2 puts revenue into $-prefixed event properties; the v2 API has top-level fields.
  const price = numberOrNull(event.price) ?? numberOrNull(properties.$price);
  const quantity = numberOrNull(event.quantity) ?? numberOrNull(properties.$quantity);
  const revenue =
    numberOrNull(event.revenue) ??
    numberOrNull(properties.$revenue) ??
    (price !== null ? price * (quantity ?? 1) : null);
  const productId = event.productId ?? (typeof properties.$productId === 'string' ? properties.$productId : null);
  const row: Omit<AnalyticsEventsTable, 'id'> = {
    user_id: viewerId,
    client_user_id: event.user_id === undefined || event.user_id === null ? null : String(event.user_id),
    device_id: event.device_id ?? null,
    event_type: event.event_type,
    event_time: time !== undefined ? new Date(time).toISOString() : receivedAt,
    session_id: event.session_id !== undefined && event.session_id >= 0 ? event.session_id : null,
    insert_id: event.insert_id ?? null,
    event_properties: propertiesJson,
    user_properties: userPropertiesJson,
    revenue,
    price,
    quantity: countOrNull(quantity),
    product_id: productId ?? null,
    platform: event.platform ?? null,
    received_at: receivedAt,
  };
  return row;
}

export async function ingestEvents(
  ctx: AppContext,
  body: unknown,
  payloadBytes: number,
  viewerId: number | null,
): Promise<IngestAnswer> {
  const { events } = eventsOfBody(body);
  const receivedAt = nowIso(ctx);
  const rows = events.map((event, index) => {
    if (!Value.Check(AmplitudeEventSchema, event)) {
      const first = [...Value.Errors(AmplitudeEventSchema, event)][0];
      throw invalid(
        `events[${index}]${first?.path ? first.path.replace(/\//g, '.') : ''}: ${first?.message ?? 'is invalid'}`,
      );
    }
    if (event.user_id == null && !event.device_id) {
      throw invalid(`events[${index}]: needs a user_id or a device_id`, { missing_field: 'user_id' });
    }
    return toRow(event, index, viewerId, receivedAt);
  });
  await insertEvents(ctx.db, rows);
  return { code: 200, events_ingested: rows.length, payload_size_bytes: payloadBytes, server_upload_time: Date.now() };
}
