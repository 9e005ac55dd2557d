/**
 * The API's rate limits (@fastify/rate-limit): a global count per minute on /api and /feed-api, and the
 * routes' own limits. The global count is kept per signed-in user for a request with a valid access
 * token (verified here: an unverified token's subject would buy a fresh count with a forged token) and
 * per client address only for the others, so a crowd behind one address (a carrier's CGNAT, an office)
 * is never refused for sharing it. The routes' own limits (sign-in, guest creation) count per address
 * whatever the request carries (`perAddressLimit`). Without Redis the counts live in this process,
 * in the store below (a fixed window per key, the least recently counted keys forgotten past a bound);
 * with Redis every process shares the counts there.
 */
import rateLimit, {
  normalizeIP as addressKeyOf,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { bearerTokenOf, verifyAccessToken } from './tokens';

const WINDOW_MS = 60_000;
/** The start of a signed-in user's key; an address key (an IP address) never starts with it. */
const USER_KEY = 'user:';
const SPACE = 0x20;
/** Keys remembered per store, as the plugin's own in-process store keeps. */
const MAX_KEYS = 5_000;

interface Count {
  current: number;
  ttl: number;
  startedAt: number;
  /** Counted since the eviction scan last passed this key (its "second chance"). */
  seen: boolean;
}

/**
 * A fixed window per key; past `maxKeys` the least recently counted keys are forgotten, found as a
 * clock (second-chance) scan finds them: a counted key is only marked, and the scan moves a marked
 * key to the back instead of forgetting it, so a client that keeps sending is never the one forgotten.
 *
 * Counting a request changes no order in the map. Moving the key to the back on every request (delete,
 * then set) made the map rebuild its table every few requests, each old table pointing to its
 * successor: one old table promoted to the old generation kept every later one alive through the young
 * collections, which fed the promotion of per-request objects described in node-flags.ts.
 */
export class InProcessRateStore implements FastifyRateLimitStore {
  private readonly counts = new Map<string, Count>();

  constructor(
    private readonly maxKeys = MAX_KEYS,
    private readonly now: () => number = Date.now,
  ) {}

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
    return new InProcessRateStore(this.maxKeys, this.now);
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.counts.size;
  }

  increment(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = this.now();
    const count = this.counts.get(key);
    if (count === undefined) {
      // Room is made first, so the scan never forgets the key it makes room for.
      if (this.counts.size >= this.maxKeys) this.forgetOne();
      this.counts.set(key, { current: 1, ttl: timeWindow, startedAt: now, seen: false });
      return { current: 1, ttl: timeWindow };
    }
    count.seen = true;
    if (count.startedAt + timeWindow <= now) {
      count.current = 1;
      count.ttl = timeWindow;
      count.startedAt = now;
    } else {
      count.current += 1;
      count.ttl = timeWindow - (now - count.startedAt);
    }
    return { current: count.current, ttl: count.ttl };
  }

  peek(key: string, timeWindow: number): { current: number; ttl: number } {
    const count = this.counts.get(key);
    const now = this.now();
    if (count === undefined || count.startedAt + timeWindow <= now) return { current: 0, ttl: 0 };
    return { current: count.current, ttl: timeWindow - (now - count.startedAt) };
  }

  /** Forgets the first key not counted since the scan last passed it; marked keys go to the back. */
  private forgetOne() {
    for (const [key, count] of this.counts) {
      this.counts.delete(key);
      if (!count.seen) return;
      count.seen = false;
      this.counts.set(key, count);
    }
  }
}

/** The plugin makes its store with `new` and its own options, which this store has no use for. */
const InProcessStoreOfPlugin: FastifyRateLimitStoreCtor = class extends InProcessRateStore {
  // biome-ignore lint/complexity/noUselessConstructor: drops the plugin's options, which would be read as `maxKeys`.
  constructor() {
    super();
  }
};

export interface RateLimitSettings {
  /** Requests per minute per client address without a valid access token. */
  anonymousPerMinute: number;
  /** Requests per minute per signed-in user. */
  userPerMinute: number;
  /** What access tokens are verified with: the signing secret and the clock (ms). */
  jwtSecret: string;
  nowMs: () => number;
  redis: Redis | null;
  redisPrefix: string;
}

/**
 * A route's own limit, counted per client address whether or not the request carries a token: the
 * sign-in routes (a guest's token must not buy fresh guesses) and guest creation.
 */
export function perAddressLimit(max: number, timeWindow: string) {
  return { rateLimit: { max, timeWindow, keyGenerator: (request: { ip: string }) => addressKeyOf(request.ip) } };
}

/** Registers the global limit and lets routes declare their own (`perAddressLimit`). */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  /**
   * The signed-in user's key of an Authorization header carrying a valid access token, else null. The
   * header as the web client writes it (`Bearer <token>`, nothing around the token) is read without the
   * pattern, which was most of the cost here: the pattern would find that very text, which verifies
   * only if it is a token (no spaces inside). Each token is verified once, forged ones included.
   */
  const userKeyOf = (authorization: string | undefined): string | null => {
    if (authorization === undefined) return null;
    const plain =
      authorization.startsWith('Bearer ') &&
      authorization.charCodeAt(7) > SPACE &&
      authorization.charCodeAt(authorization.length - 1) > SPACE;
    const token = plain ? authorization.slice(7) : bearerTokenOf(authorization);
    const userId = token === null ? null : verifyAccessToken(token, settings.jwtSecret, settings.nowMs());
    return userId === null ? null : USER_KEY + userId;
  };
  const maxOf = (key: string) => (key.startsWith(USER_KEY) ? settings.userPerMinute : settings.anonymousPerMinute);
  const options: RateLimitPluginOptions = {
    global: true,
    keyGenerator: (request) => userKeyOf(request.headers.authorization) ?? addressKeyOf(request.ip),
    max: (_request, key) => maxOf(key),
    timeWindow: WINDOW_MS,
    // With Redis the count is shared by every API process; if Redis fails, requests pass unlimited
    // rather than fail.
    ...(settings.redis
      ? { redis: settings.redis, nameSpace: `${settings.redisPrefix}rate:`, skipOnError: true }
      : { store: InProcessStoreOfPlugin }),
    // Only the APIs are limited here; media segments and site assets come in bursts by design.
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/feed-api/'),
  };
  await app.register(rateLimit, options);
}
