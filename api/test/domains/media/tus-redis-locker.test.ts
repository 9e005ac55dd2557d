/**
 * Upload locks shared through Redis: with several API replicas, a resumed upload's next request may
 * reach another replica while the first still holds the upload. Two lockers here stand for two
 * replicas (separate Redis connections, one Redis).
 */
import { randomBytes } from 'node:crypto';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { closeRedis, connectRedis } from '../../../src/cache/redis';
import { RedisLocker } from '../../../src/domains/media/tus-redis-locker';
import { tusUploadsOf } from '../../../src/domains/media/tus-uploads';
import { redisUrl, testRedisPrefix } from '../../cache/redis-available';
import { smallCatalogue } from '../../support/fixtures';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';
import { FTYP, tusClient } from './tus-client';

const url = redisUrl();
const suite = url ? describe : describe.skip;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

suite('upload locks shared by every API replica (Redis)', () => {
  const connections: ReturnType<typeof connectRedis>[] = [];
  const replica = (prefix: string, options: { ttlMs?: number; acquireTimeoutMs?: number } = {}) => {
    const commands = connectRedis(url as string, 'test-locks', { enableOfflineQueue: true });
    const subscriber = connectRedis(url as string, 'test-release', {
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
    });
    connections.push(commands, subscriber);
    return new RedisLocker(commands, subscriber, { prefix, retryMs: 20, ...options });
  };
  afterAll(async () => {
    await Promise.all(connections.map((c) => closeRedis(c)));
  });

  it("a newer request for an upload asks the other replica's request to let go, then takes the lock", async () => {
    const prefix = testRedisPrefix();
    const [first, second] = [replica(prefix), replica(prefix)];
    await Promise.all([first.ready(), second.ready()]);
    const held = first.newLock('upload-1');
    let askedToLetGo = false;
    await held.lock(new AbortController().signal, async () => {
      askedToLetGo = true;
      await held.unlock(); // what tus does: the older request ends and releases its lock
    });
    const started = Date.now();
    const next = second.newLock('upload-1');
    await next.lock(new AbortController().signal, () => undefined);
    expect(askedToLetGo).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    await next.unlock();
  });

  it('never lets two requests write one upload at once, with twenty racing across two replicas', async () => {
    const prefix = testRedisPrefix();
    const replicas = [replica(prefix, { acquireTimeoutMs: 20_000 }), replica(prefix, { acquireTimeoutMs: 20_000 })];
    await Promise.all(replicas.map((r) => r.ready()));
    let inside = 0;
    let overlaps = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const lock = (replicas[i % 2] as RedisLocker).newLock('upload-2');
        // Asked to let go, a request finishes its current write first (it is not cut mid-byte here).
        await lock.lock(new AbortController().signal, () => undefined);
        inside += 1;
        if (inside > 1) overlaps += 1;
        await pause(5 + (i % 4) * 5);
        inside -= 1;
        done += 1;
        await lock.unlock();
      }),
    );
    expect(done).toBe(20);
    expect(overlaps).toBe(0);
  }, 30_000);

  it("frees a lock whose replica died without releasing it, once the lock's time is up", async () => {
    const prefix = testRedisPrefix();
    const dying = replica(prefix, { ttlMs: 400 });
    await dying.ready();
    await dying.newLock('upload-3').lock(new AbortController().signal, () => undefined);
    // The replica is gone: no renewal, no answer to the request to let go.
    dying.commands.disconnect();
    dying.subscriber.disconnect();
    const survivor = replica(prefix, { acquireTimeoutMs: 5_000 });
    await survivor.ready();
    const lock = survivor.newLock('upload-3');
    await lock.lock(new AbortController().signal, () => undefined);
    await lock.unlock();
  });

  it('answers that the upload is busy, rather than waiting forever, when the holder never lets go', async () => {
    const prefix = testRedisPrefix();
    const holder = replica(prefix);
    const waiter = replica(prefix, { acquireTimeoutMs: 300 });
    await Promise.all([holder.ready(), waiter.ready()]);
    const held = holder.newLock('upload-4');
    await held.lock(new AbortController().signal, () => undefined);
    await expect(waiter.newLock('upload-4').lock(new AbortController().signal, () => undefined)).rejects.toMatchObject({
      status_code: 500,
    });
    await held.unlock();
  });

  describe('in an app with REDIS_URL', () => {
    let t: TestApp;
    let cast: Cast;
    const staff = () => bearer(cast.staff.access);
    const { patch, head, started } = tusClient(() => t.app, staff);

    beforeAll(async () => {
      t = await createTestApp('sqlite', { redisUrl: url as string, redisPrefix: testRedisPrefix() });
      await seedDemoCatalogue(t.ctx, smallCatalogue());
      cast = await signUpCast(t);
    });
    afterAll(() => t?.close());

    it('takes uploads under the shared locks', async () => {
      expect(tusUploadsOf(t.ctx)?.server.options.locker).toBeInstanceOf(RedisLocker);
      const bytes = Buffer.concat([FTYP, randomBytes(20_000)]);
      const location = await started(bytes.length * 2, { filename: 'locked.mp4' });
      expect((await patch(location, 0, bytes)).statusCode).toBe(204);
      expect((await head(location)).headers['upload-offset']).toBe(String(bytes.length));
    });
  });
});
