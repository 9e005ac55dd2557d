/**
 * The API's rate limits (@fastify/rate-limit): a global count per client address and minute on /api
 * and /feed-api, and the routes' own stricter limits. Without Redis the counts live in this process,
 * in the store below — the plugin's own in-process counting (a fixed window per key, the least recently
 * seen keys forgotten past a bound), kept here so the prepared answers (prepared-answers.ts) count a
 * request in the very same store, synchronously. With Redis every process shares the counts there.
 */
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RequestCounter } from './prepared-answers';

const WINDOW_MS = 60_000;
/** Keys remembered per store, as the plugin's own in-process store keeps. */
const MAX_KEYS = 5_000;

interface Count {
  current: number;
  ttl: number;
  startedAt: number;
}

/** A fixed window per key; the oldest keys are forgotten past `maxKeys`. */
export class InProcessRateStore implements FastifyRateLimitStore {
  private readonly counts = new Map<string, Count>();

  constructor(private readonly maxKeys = MAX_KEYS) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    callback(null, this.increment(key, timeWindow));
  }

  read(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    callback(null, this.peek(key, timeWindow));
  }

  child(): FastifyRateLimitStore {
    return new InProcessRateStore(this.maxKeys);
  }

  increment(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = Date.now();
    let count = this.counts.get(key);
    if (count === undefined) count = { current: 1, ttl: timeWindow, startedAt: now };
    else if (count.startedAt + timeWindow <= now) {
      count.current = 1;
      count.ttl = timeWindow;
      count.startedAt = now;
    } else {
      count.current += 1;
      count.ttl = timeWindow - (now - count.startedAt);
    }
    // Most recently seen last, so the first key is the one to forget.
    this.counts.delete(key);
    this.counts.set(key, count);
    if (this.counts.size > this.maxKeys) this.counts.delete(this.counts.keys().next().value as string);
    return { current: count.current, ttl: count.ttl };
  }

  peek(key: string, timeWindow: number): { current: number; ttl: number } {
    const count = this.counts.get(key);
    if (count === undefined || count.startedAt + timeWindow <= Date.now()) return { current: 0, ttl: 0 };
    return { current: count.current, ttl: timeWindow - (Date.now() - count.startedAt) };
  }
}

/**
 * The plugin makes its store with `new`; a constructor that returns an object gives that object, so
 * every store it makes is `store`, the one the prepared answers count in too.
 */
function storeClassOf(store: InProcessRateStore): FastifyRateLimitStoreCtor {
  return class SharedRateStore extends InProcessRateStore {
    constructor() {
      super(0);
      // biome-ignore lint/correctness/noConstructorReturn: the plugin must get this very store.
      return store;
    }
  };
}

export interface RateLimitSettings {
  perMinute: number;
  redis: Redis | null;
  redisPrefix: string;
}

/**
 * Registers the limits; answers the counter of the global limit for the prepared answers, or null
 * when the counts live in Redis.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
): Promise<RequestCounter | null> {
  const store = settings.redis ? null : new InProcessRateStore();
  const options: RateLimitPluginOptions = {
    global: true,
    max: settings.perMinute,
    timeWindow: WINDOW_MS,
    // With Redis the count is shared by every API process; if Redis fails, requests pass unlimited
    // rather than fail.
    ...(settings.redis
      ? { redis: settings.redis, nameSpace: `${settings.redisPrefix}rate:`, skipOnError: true }
      : { store: storeClassOf(store as InProcessRateStore) }),
    // Only the APIs are limited here; media segments and site assets come in bursts by design.
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/feed-api/'),
  };
  await app.register(rateLimit, options);
  if (store === null) return null;
  return {
    max: settings.perMinute,
    timeWindowMs: WINDOW_MS,
    keyOf: (ip) => normalizeIP(ip),
    read: (key) => store.peek(key, WINDOW_MS),
    increment: (key) => store.increment(key, WINDOW_MS),
  };
}
