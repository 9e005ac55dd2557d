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
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HookHandlerDoneFunction } from 'fastify';
import { badRequest, UNSTORABLE_TEXT_MESSAGE } from './errors';
import { hookList } from './route-hooks';

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

type CheckedPart = 'params' | 'querystring' | 'body';

/** Where a request keeps each part. */
const partOf = (request: FastifyRequest, part: CheckedPart) =>
  part === 'params' ? request.params : part === 'querystring' ? request.query : request.body;

/** The parts of a route's requests that its schema gives a shape, worked out once when it is registered. */
function checkedParts(schema: FastifySchema | undefined): CheckedPart[] {
  if (!schema) return [];
  const parts: Array<[CheckedPart, unknown]> = [
    ['params', schema.params],
    ['querystring', schema.querystring ?? (schema as { query?: unknown }).query],
    ['body', schema.body],
  ];
  return parts.filter(([, partSchema]) => declaresShape(partSchema)).map(([part]) => part);
}

function refuseNul(request: FastifyRequest, parts: readonly CheckedPart[]) {
  for (const part of parts) {
    const field = findNul(partOf(request, part));
    if (field !== null) {
      throw badRequest(UNSTORABLE_TEXT_MESSAGE, {
        errors: [{ field: field || part, message: 'contains the NUL character (U+0000)' }],
      });
    }
  }
}

/**
 * Registered on the root instance before the routes, so every route added after it gets the check as
 * its first own preHandler — only the routes whose schema declares a shaped part, and without a
 * promise per request.
 */
export function registerNulCharacterCheck(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const parts = checkedParts(route.schema);
    if (parts.length === 0) return;
    const refuseNulCharacters = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      try {
        refuseNul(request, parts);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    };
    route.preHandler = [refuseNulCharacters, ...hookList(route.preHandler)] as typeof route.preHandler;
  });
}
