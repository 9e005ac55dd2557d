/**
 * Text holding U+0000 (the NUL character) travels fine in JSON and URLs, but PostgreSQL can neither
 * store nor compare it, while SQLite stores it as given. So every text a route's schema accepts — path
 * parameters, query parameters and a JSON body with a declared shape — is checked once, after
 * validation and before any handler runs: the same request answers the same 400 on both databases and
 * no handler ever starts writing with it.
 *
 * A body the route takes as any JSON (`Type.Unknown()`: analytics uploads, settings values, processor
 * callbacks) is the route's own to check: analytics, for one, keeps such characters inside event
 * properties, stored as escaped JSON text. The error handler still turns PostgreSQL's refusal into the
 * same 400 should text like that reach a text column (errors.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, UNSTORABLE_TEXT_MESSAGE } from './errors';

const NUL = '\u0000';

/** The path to the first string (value or key) holding a NUL character, or null. Iterative: no depth limit. */
export function findNul(value: unknown): string | null {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        pending.push([item, path ? `${path}.${index}` : String(index)]);
      });
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return at;
        pending.push([item, at]);
      }
    }
  }
  return null;
}

/** A schema that declares a shape (an object, a string …), as opposed to "any JSON". */
const declaresShape = (schema: unknown) =>
  schema !== null && typeof schema === 'object' && (schema as { type?: unknown }).type !== undefined;

function refuseNul(request: FastifyRequest) {
  const schema = request.routeOptions.schema;
  if (!schema) return;
  const parts: Array<[string, unknown, unknown]> = [
    ['params', schema.params, request.params],
    ['querystring', schema.querystring ?? (schema as { query?: unknown }).query, request.query],
    ['body', schema.body, request.body],
  ];
  for (const [part, partSchema, value] of parts) {
    if (!declaresShape(partSchema)) continue;
    const field = findNul(value);
    if (field !== null) {
      throw badRequest(UNSTORABLE_TEXT_MESSAGE, {
        errors: [{ field: field || part, message: 'contains the NUL character (U+0000)' }],
      });
    }
  }
}

/** Registered on the root instance before the routes, so every route inherits it. */
export function registerNulCharacterCheck(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => refuseNul(request));
}
