/**
 * The caches of one API process and the state it shares with the others: built once by `buildApp`
 * from `config.redisUrl` and `config.cache`, found by the domains through their `ctx`
 * (`catalogueCache(ctx)`, `publicViewCache(ctx)`).
 *
 * With REDIS_URL: rate limits and the public-view cache live in Redis, and catalogue invalidations are
 * broadcast on a Redis channel, so any number of processes behind one entry point answer alike.
 * Without it: everything lives in the process, which is right for one process (`npm start`); cluster
 * workers without Redis then keep only the catalogue cache, whose lifetime is within the spec's sync.
 * Without `config.cache` (test configurations) nothing is cached and every answer is read afresh.
 *
 * Invalidation needs no call from the domains: the write observer on `ctx.db` reports each write,
 * and writes to catalogue tables or to the users columns the poll answers from invalidate at once,
 * then once more shortly after (a write inside a transaction is seen before its commit).
 * `invalidateUsers` and `invalidateCatalogue` are there for writes made outside `ctx.db`.
 */
import cluster from 'node:cluster';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { CatalogueCache, changesCatalogue } from './catalogue-cache';
import {
  memoryPublicViewCache,
  PUBLIC_VIEW_COLUMNS,
  type PublicViewCache,
  redisPublicViewCache,
} from './public-view-cache';
import { closeRedis, connectRedis, redisReady } from './redis';
import { type ObservedWrite, WriteObserverPlugin } from './write-observer';

/** Invalidations are repeated after these delays, past the commit of the transaction that wrote. */
export const REPEAT_AFTER_MS = [1_000, 5_000];

export const DEFAULT_REDIS_PREFIX = 'cliffhanger:';

export interface AppCaches {
  /** The command connection (rate limits, public-view cache), or null without REDIS_URL. */
  redis: Redis | null;
  /** Prefix of this app's Redis keys and channel. */
  prefix: string;
  publicView: PublicViewCache | null;
  catalogue: CatalogueCache;
  writeObserver: WriteObserverPlugin;
  invalidateUsers(userIds: number[] | 'all'): Promise<void>;
  invalidateCatalogue(): Promise<void>;
  close(): Promise<void>;
}

export async function createAppCaches(
  config: Pick<AppConfig, 'redisUrl' | 'redisPrefix' | 'cache'>,
  warn: (message: string) => void = () => undefined,
): Promise<AppCaches> {
  const prefix = config.redisPrefix ?? DEFAULT_REDIS_PREFIX;
  const channel = `${prefix}invalidate`;
  const redis = config.redisUrl ? connectRedis(config.redisUrl, 'commands') : null;
  // The subscriber only listens, so its SUBSCRIBE may wait for the connection (and is renewed by the
  // client after every reconnect).
  const subscriber =
    config.redisUrl && config.cache
      ? connectRedis(config.redisUrl, 'invalidations', { enableOfflineQueue: true, maxRetriesPerRequest: null })
      : null;
  // A worker of a cluster without Redis could not tell the other workers of a write, and a poll cached
  // there would outlive a disabled account or a purchase: such workers read the database every time.
  const shareable = redis !== null || !cluster.isWorker;
  const publicViewSeconds = shareable ? (config.cache?.publicViewSeconds ?? 0) : 0;
  const publicView =
    publicViewSeconds <= 0
      ? null
      : redis
        ? redisPublicViewCache(redis, publicViewSeconds, `${prefix}pv:`)
        : memoryPublicViewCache(publicViewSeconds);
  const catalogue = new CatalogueCache(config.cache?.catalogueSeconds ?? 0);

  if (subscriber) {
    subscriber.on('message', (from: string, message: string) => {
      if (from === channel && message === 'catalogue') catalogue.invalidate();
    });
    subscriber.subscribe(channel).catch(() => undefined);
  }
  for (const connection of [redis, subscriber]) {
    if (!connection) continue;
    try {
      await redisReady(connection, 3_000);
    } catch {
      warn(`Redis at ${config.redisUrl} is not answering yet: shared rate limits and caches wait for it`);
    }
  }

  const invalidateCatalogue = async () => {
    catalogue.invalidate();
    if (redis && subscriber) await redis.publish(channel, 'catalogue').catch(() => undefined);
  };
  const invalidateUsers = async (userIds: number[] | 'all') => {
    if (publicView) await publicView.invalidate(userIds);
  };

  // Repeats are gathered, so a burst of writes costs one repeat per delay.
  const timers = new Set<NodeJS.Timeout>();
  let repeat: { users: Set<number> | 'all'; catalogue: boolean } | null = null;
  const scheduleRepeat = (users: number[] | 'all' | null, catalogueToo: boolean) => {
    if (!repeat) {
      const batch: { users: Set<number> | 'all'; catalogue: boolean } = { users: new Set(), catalogue: false };
      repeat = batch;
      setImmediate(() => {
        repeat = null;
        for (const delay of REPEAT_AFTER_MS) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (batch.catalogue) void invalidateCatalogue();
            if (batch.users === 'all' || batch.users.size > 0)
              void invalidateUsers(batch.users === 'all' ? 'all' : [...batch.users]);
          }, delay);
          timer.unref();
          timers.add(timer);
        }
      }).unref();
    }
    if (catalogueToo) repeat.catalogue = true;
    if (users === 'all') repeat.users = 'all';
    else if (users && repeat.users !== 'all') for (const id of users) repeat.users.add(id);
  };

  const onWrite = async (write: ObservedWrite) => {
    const touchesCatalogue = changesCatalogue(write);
    const touchesPublicView =
      publicView !== null &&
      write.table === 'users' &&
      write.kind !== 'insert' &&
      (write.kind === 'delete' || write.columns.some((column) => PUBLIC_VIEW_COLUMNS.has(column)));
    if (!touchesCatalogue && !touchesPublicView) return;
    const users = touchesPublicView ? (write.ids ?? 'all') : null;
    await Promise.all([
      touchesCatalogue ? invalidateCatalogue() : undefined,
      users ? invalidateUsers(users) : undefined,
    ]);
    scheduleRepeat(users, touchesCatalogue);
  };

  return {
    redis,
    prefix,
    publicView,
    catalogue,
    writeObserver: new WriteObserverPlugin(onWrite),
    invalidateUsers,
    invalidateCatalogue,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([redis, subscriber].map((connection) => connection && closeRedis(connection)));
    },
  };
}

// --- Lookup by context ------------------------------------------------------------------------------

const registry = new WeakMap<object, AppCaches>();
const noCatalogueCache = new CatalogueCache(0);

export function registerCaches(ctx: object, caches: AppCaches): void {
  registry.set(ctx, caches);
}

/** The catalogue cache of the app `ctx` belongs to (one that caches nothing when there is none). */
export function catalogueCache(ctx: object): CatalogueCache {
  return registry.get(ctx)?.catalogue ?? noCatalogueCache;
}

/** The public-view cache of the app `ctx` belongs to, or null when the poll is not cached. */
export function publicViewCache(ctx: object): PublicViewCache | null {
  return registry.get(ctx)?.publicView ?? null;
}

/** For a write made outside `ctx.db` (raw SQL elsewhere, a script): forget what these users' polls cached. */
export function invalidateUsers(ctx: object, userIds: number[] | 'all'): Promise<void> {
  return registry.get(ctx)?.invalidateUsers(userIds) ?? Promise.resolve();
}

/** For a catalogue write made outside `ctx.db`: forget every cached catalogue answer in every process. */
export function invalidateCatalogue(ctx: object): Promise<void> {
  return registry.get(ctx)?.invalidateCatalogue() ?? Promise.resolve();
}
