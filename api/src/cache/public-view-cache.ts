/**
 * The answer of the public-view poll (product.md#feed-api `/feed-api/user/public-view/`, sent every 2 s by every open
 * tab), cached per user so that most polls cost one cache read instead of a database read. With Redis
 * the cache is shared by every API process (a user's polls land on any of them); without it, it lives
 * in the process.
 *
 * An entry is only as good as the user row it was made from, so every write to a column the answer
 * depends on invalidates the user's entry (`PUBLIC_VIEW_COLUMNS`, reported by the write observer).
 * Invalidation does not delete: it gives the user a new version stamp, and an entry counts only when
 * it was written under the current stamp. A poll that read the database just before a write and stores
 * its answer just after therefore never leaves an old answer behind. A write that names no row ids
 * renews the stamp of every user at once.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface PublicViewFlags {
  paying: boolean;
  registered: boolean;
  verified: boolean;
  has_active_subs: boolean;
}

export interface CachedPublicView {
  /** Who the answer belongs to, for the "the body id must be the caller's" check. */
  owner: { id: number; guest_id: string | null };
  flags: PublicViewFlags;
  /** ISO time after which the flags may differ without any write (a Gold period ending), or null. */
  validUntil: string | null;
}

/** The users columns the answer or the caller check is made from; writes to others leave entries alone. */
export const PUBLIC_VIEW_COLUMNS = new Set([
  'id',
  'guest_id',
  'is_guest',
  'is_premium',
  'gold_until',
  'email_verified',
  'is_active',
  'merged_into_user_id',
]);

/** Opaque proof of which versions a reader saw before it read the database. */
export interface ReadStamp {
  all: string;
  user: string;
}

export interface PublicViewCache {
  read(userId: number, now: Date): Promise<{ hit: CachedPublicView | null; stamp: ReadStamp | null }>;
  /** Stores an answer made after `read` returned `stamp`; ignored when the stamp has been renewed since. */
  write(userId: number, value: CachedPublicView, stamp: ReadStamp, now: Date): Promise<void>;
  invalidate(userIds: number[] | 'all'): Promise<void>;
}

interface StoredEntry extends CachedPublicView {
  stamp: ReadStamp;
}

const newStamp = () => randomBytes(6).toString('base64url');

function usable(entry: StoredEntry | undefined | null, stamp: ReadStamp, now: Date): entry is StoredEntry {
  return (
    !!entry &&
    entry.stamp.all === stamp.all &&
    entry.stamp.user === stamp.user &&
    (entry.validUntil === null || entry.validUntil > now.toISOString())
  );
}

/** Milliseconds an entry may live: the configured time, shortened to when its flags change by themselves. */
function lifetimeMs(value: CachedPublicView, ttlSeconds: number, now: Date): number {
  const ttl = ttlSeconds * 1000;
  if (value.validUntil === null) return ttl;
  return Math.max(0, Math.min(ttl, Date.parse(value.validUntil) - now.getTime()));
}

/** One process: maps with a size bound (the oldest entries go first). */
export function memoryPublicViewCache(ttlSeconds: number, maxEntries = 100_000): PublicViewCache {
  let all = newStamp();
  const versions = new Map<number, string>();
  const entries = new Map<number, StoredEntry & { expiresAt: number }>();
  const stampOf = (userId: number): ReadStamp => ({ all, user: versions.get(userId) ?? '0' });
  function peek(userId: number, now: Date): CachedPublicView | null {
    const entry = entries.get(userId);
    if (entry === undefined) return null;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(userId);
      return null;
    }
    return usable(entry, stampOf(userId), now) ? entry : null;
  }
  return {
    async read(userId, now) {
      return { hit: peek(userId, now), stamp: stampOf(userId) };
    },
    async write(userId, value, stamp, now) {
      const current = stampOf(userId);
      if (current.all !== stamp.all || current.user !== stamp.user) return;
      const lifetime = lifetimeMs(value, ttlSeconds, now);
      if (lifetime <= 0) return;
      entries.delete(userId);
      entries.set(userId, { ...value, stamp, expiresAt: Date.now() + lifetime });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as number);
    },
    async invalidate(userIds) {
      if (userIds === 'all' || versions.size + userIds.length > maxEntries) {
        all = newStamp();
        versions.clear();
        entries.clear();
        return;
      }
      for (const userId of userIds) {
        versions.set(userId, newStamp());
        entries.delete(userId);
      }
    },
  };
}

/**
 * Shared by every process through Redis: `<prefix>all` and `<prefix>v:<user>` hold the stamps,
 * `<prefix>e:<user>` the entry; one MGET answers a poll. A user's stamp outlives any entry made under
 * it (twice the entry lifetime), so an expired stamp can only turn a valid entry into a miss.
 * Redis failures are misses and lost writes, never errors for the caller.
 */
export function redisPublicViewCache(redis: Redis, ttlSeconds: number, prefix = 'cliffhanger:pv:'): PublicViewCache {
  const allKey = `${prefix}all`;
  const versionKey = (userId: number) => `${prefix}v:${userId}`;
  const entryKey = (userId: number) => `${prefix}e:${userId}`;
  const stampLifetimeMs = Math.max(1, ttlSeconds) * 2000;
  return {
    async read(userId, now) {
      try {
        const [all, user, raw] = await redis.mget(allKey, versionKey(userId), entryKey(userId));
        const stamp = { all: all ?? '0', user: user ?? '0' };
        let entry: StoredEntry | null = null;
        if (raw) {
          try {
            entry = JSON.parse(raw) as StoredEntry;
          } catch {
            entry = null;
          }
        }
        return { hit: usable(entry, stamp, now) ? entry : null, stamp };
      } catch {
        return { hit: null, stamp: null };
      }
    },
    async write(userId, value, stamp, now) {
      const lifetime = lifetimeMs(value, ttlSeconds, now);
      if (lifetime <= 0) return;
      const entry: StoredEntry = { ...value, stamp };
      try {
        // Stored only if the stamps are still the ones the reader saw (checked and written atomically).
        await redis.eval(
          `if (redis.call('GET', KEYS[1]) or '0') == ARGV[1] and (redis.call('GET', KEYS[2]) or '0') == ARGV[2] then
             redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[4])
           end
           return 0`,
          3,
          allKey,
          versionKey(userId),
          entryKey(userId),
          stamp.all,
          stamp.user,
          JSON.stringify(entry),
          String(lifetime),
        );
      } catch {
        // a lost write is a later miss
      }
    },
    async invalidate(userIds) {
      try {
        if (userIds === 'all') {
          await redis.set(allKey, newStamp());
          return;
        }
        const pipeline = redis.pipeline();
        for (const userId of userIds) {
          pipeline.set(versionKey(userId), newStamp(), 'PX', stampLifetimeMs);
          pipeline.del(entryKey(userId));
        }
        await pipeline.exec();
      } catch {
        // Redis is down: entries written before expire by themselves within their lifetime.
      }
    },
  };
}
