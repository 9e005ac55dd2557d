/**
 * Answers that many requests return as the very same object (a cached catalogue page) are turned
 * into JSON and encoded to UTF-8 once: the text the route's serializer made for the first 200 answer
 * is kept beside the object as bytes and sent as-is to the next requests, so neither the
 * serialization, the encoding nor the measure of its length is repeated per request. The bytes live
 * as long as the object (a WeakMap), so when the cache lets go of an answer its bytes go too.
 *
 * The content type is untouched: Fastify sets `application/json; charset=utf-8` before
 * serialization for any object answer, and the bytes are that JSON text in UTF-8.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const shared = new WeakSet<object>();
const encoded = new WeakMap<object, Buffer>();
/** For answers whose owner can tell: whether the answer is still the one it would give. */
const currency = new WeakMap<object, () => boolean>();
/** The shared answer each request is answering, for the prepared answers (http/prepared-answers.ts). */
const answering = new WeakMap<FastifyRequest, object>();

/**
 * Marks an answer object as shared by many requests and never changed after this call. `isCurrent`,
 * when given, says whether the owner (a cache) would still answer with this very object.
 */
export function markShared<T>(value: T, isCurrent?: () => boolean): T {
  if (typeof value === 'object' && value !== null) {
    shared.add(value);
    if (isCurrent) currency.set(value, isCurrent);
  }
  return value;
}

/** True while the owner of a shared answer still answers with it; false when it cannot tell. */
export function isStillShared(value: object): boolean {
  const isCurrent = currency.get(value);
  return isCurrent !== undefined && isCurrent();
}

/** The shared answer object this request is being answered with, if any. */
export function sharedAnswerOf(request: FastifyRequest): object | undefined {
  return answering.get(request);
}

export function registerSharedAnswerSerialization(app: FastifyInstance) {
  const pending = new WeakMap<FastifyRequest, object>();
  const ready = new WeakMap<FastifyRequest, Buffer>();
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (typeof payload === 'object' && payload !== null && shared.has(payload)) {
      answering.set(request, payload);
      const bytes = encoded.get(payload);
      // The kept bytes replace the text in onSend; the serializer has nothing left to do. A Buffer
      // goes out as it is and its length is read, not measured.
      if (bytes !== undefined) {
        ready.set(request, bytes);
        reply.serializer(() => '');
      } else pending.set(request, payload);
    }
    done(null, payload);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const bytes = ready.get(request);
    if (bytes !== undefined) {
      done(null, bytes);
      return;
    }
    const answer = pending.get(request);
    if (answer && reply.statusCode === 200 && typeof payload === 'string') {
      const encodedBytes = Buffer.from(payload, 'utf8');
      encoded.set(answer, encodedBytes);
      done(null, encodedBytes);
      return;
    }
    done(null, payload);
  });
}
