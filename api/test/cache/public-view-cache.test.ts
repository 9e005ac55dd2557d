import { Redis } from 'ioredis';
import {
  type CachedPublicView,
  memoryPublicViewCache,
  type PublicViewCache,
  redisPublicViewCache,
} from '../../src/cache/public-view-cache';
import { redisUrl, testRedisPrefix } from './redis-available';

const now = new Date('2026-03-01T12:00:00.000Z');
const answer = (paying: boolean, validUntil: string | null = null): CachedPublicView => ({
  owner: { id: 5, guest_id: null },
  flags: { paying, registered: true, verified: true, has_active_subs: validUntil !== null },
  validUntil,
});

const stores: Array<[string, () => Promise<{ cache: PublicViewCache; close(): Promise<void> }>]> = [
  ['in the process', async () => ({ cache: memoryPublicViewCache(30), close: async () => undefined })],
];
const url = redisUrl();
if (url) {
  stores.push([
    'in Redis',
    async () => {
      const redis = new Redis(url);
      const prefix = testRedisPrefix();
      return {
        cache: redisPublicViewCache(redis, 30, prefix),
        async close() {
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length > 0) await redis.del(...keys);
          await redis.quit();
        },
      };
    },
  ]);
}

describe.each(stores)('the public-view cache %s', (_where, open) => {
  let store: Awaited<ReturnType<typeof open>>;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(() => store.close());

  it('answers a stored poll until the user is written to', async () => {
    const { cache } = store;
    const first = await cache.read(5, now);
    expect(first.hit).toBeNull();
    await cache.write(5, answer(false), first.stamp as never, now);
    expect((await cache.read(5, now)).hit?.flags.paying).toBe(false);
    await cache.invalidate([5]);
    expect((await cache.read(5, now)).hit).toBeNull();
  });

  it('drops an answer read from the database before a write and stored after it', async () => {
    const { cache } = store;
    const before = await cache.read(5, now);
    await cache.invalidate([5]); // the purchase lands while the poll is reading the old row
    await cache.write(5, answer(false), before.stamp as never, now);
    expect((await cache.read(5, now)).hit).toBeNull();
  });

  it('forgets every user at once after a write that names no user', async () => {
    const { cache } = store;
    for (const id of [5, 6]) {
      const { stamp } = await cache.read(id, now);
      await cache.write(id, { ...answer(true), owner: { id, guest_id: null } }, stamp as never, now);
    }
    await cache.invalidate('all');
    expect((await cache.read(5, now)).hit).toBeNull();
    expect((await cache.read(6, now)).hit).toBeNull();
  });

  it('stops answering when the Gold period ends, with no write at all', async () => {
    const { cache } = store;
    const ends = new Date(now.getTime() + 10_000).toISOString();
    const { stamp } = await cache.read(5, now);
    await cache.write(5, answer(true, ends), stamp as never, now);
    expect((await cache.read(5, now)).hit?.flags.has_active_subs).toBe(true);
    expect((await cache.read(5, new Date(now.getTime() + 10_000))).hit).toBeNull();
  });
});
