/**
 * HTTP caching of public reads: a route whose answer is the same for every visitor (the catalogue's
 * series list, a series, the highlight carousels, the genres) opts in with `config: { publicCache:
 * true }`. Its 200 answers then carry `Cache-Control: public` with a short lifetime and a strong ETag
 * (a hash of the bytes sent), and a request whose `If-None-Match` names that ETag gets a 304 with no
 * body, so browsers and a CDN in front absorb the repeated reads. Everything else about the answer is
 * the route's: validation, hooks (security headers, CORS, the rate limit) and the handler all run.
 *
 * The lifetime keeps the product's admin-to-site sync (≤ 5 s, product.md#sync): an answer is fresh for
 * 2 s and may be served stale for 3 s more while it is fetched again, so no cache shows an edit later
 * than 5 s after the API does. Answers that depend on the viewer (the poll, the feed, episodes with
 * unlocks) never opt in.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preSerializationHookHandler } from 'fastify';
import { hookList } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answers are the same for every visitor: cacheable by anyone, with an ETag (public-caching.ts). */
    publicCache?: boolean;
  }
}

export const PUBLIC_CACHE_CONTROL = 'public, max-age=2, stale-while-revalidate=3';

/** The strong ETag of an answer's bytes. */
export function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/**
 * Whether `If-None-Match` names `etag`: `*`, or a list of entity tags compared weakly (a `W/` prefix
 * ignored), as RFC 9110 §13.1.2 asks of this header.
 */
export function noneMatchNames(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((entry) => {
    const tag = entry.trim();
    return (tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}

/** An answer's bytes as the route sent them (JSON in UTF-8), and their ETag. */
interface Sent {
  body: Buffer;
  etag: string;
}

/**
 * One opted-in route's hooks. A cached read answers with the very same object for seconds (the
 * catalogue cache), so the bytes and ETag made for an object are kept beside it (a WeakMap: they go when
 * the cache lets go of it) and the next answer of that object is neither serialized, encoded nor hashed
 * again. Answers are never changed once given, as the cache already requires of the objects it shares.
 */
function publicCacheHooks() {
  const sentFor = new WeakMap<object, Sent>();
  /** The answer object each request is answering, and its kept bytes when it has them. */
  const answering = new WeakMap<FastifyRequest, { answer: object; kept?: Sent }>();

  const reuseBytes: preSerializationHookHandler<unknown> = (request, reply, payload, done) => {
    if (reply.statusCode === 200 && typeof payload === 'object' && payload !== null) {
      const kept = sentFor.get(payload);
      answering.set(request, { answer: payload, kept });
      // The kept bytes replace the text in onSend: the serializer has nothing to make.
      if (kept !== undefined) reply.serializer(() => '');
    }
    done(null, payload);
  };

  /** The bytes and ETag of this answer: the kept ones, or made now (and kept for its object). */
  function sentOf(request: FastifyRequest, payload: string | Buffer): Sent {
    const current = answering.get(request);
    if (current?.kept !== undefined) return current.kept;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const sent = { body, etag: etagOf(body) };
    if (current !== undefined) sentFor.set(current.answer, sent);
    return sent;
  }

  const addValidators: onSendHookHandler = (request, reply, payload, done) => {
    if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
      done(null, payload);
      return;
    }
    const sent = sentOf(request, payload);
    reply.header('etag', sent.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    if (noneMatchNames(request.headers['if-none-match'], sent.etag)) {
      reply.code(304);
      done(null, '');
      return;
    }
    done(null, sent.body);
  };

  return { reuseBytes, addValidators };
}

/** Gives every route registered after this call that opts in (`publicCache`) its caching headers. */
export function registerPublicCaching(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.config?.publicCache !== true) return;
    const { reuseBytes, addValidators } = publicCacheHooks();
    route.preSerialization = [...hookList(route.preSerialization), reuseBytes] as typeof route.preSerialization;
    route.onSend = [...hookList(route.onSend), addValidators] as typeof route.onSend;
  });
}
