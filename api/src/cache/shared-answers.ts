/**
 * Answers that many requests return as the very same object (a cached catalogue page) are turned
 * into JSON once: the text the route's serializer made for the first 200 answer is kept beside the
 * object and sent as-is to the next requests. The text lives as long as the object (a WeakMap), so
 * when the cache lets go of an answer its text goes too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const shared = new WeakSet<object>();
const texts = new WeakMap<object, string>();

/** Marks an answer object as shared by many requests and never changed after this call. */
export function markShared<T>(value: T): T {
  if (typeof value === 'object' && value !== null) shared.add(value);
  return value;
}

export function registerSharedAnswerSerialization(app: FastifyInstance) {
  const pending = new WeakMap<FastifyRequest, object>();
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (typeof payload === 'object' && payload !== null && shared.has(payload)) {
      const text = texts.get(payload);
      if (text !== undefined) reply.serializer(() => text);
      else pending.set(request, payload);
    }
    done(null, payload);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const answer = pending.get(request);
    if (answer && reply.statusCode === 200 && typeof payload === 'string') texts.set(answer, payload);
    done(null, payload);
  });
}
