/**
 * Several API processes behind one entry point must behave as one: two apps on one database and one
 * Redis stand for two processes (PostgreSQL when reachable, as deployments run; else one SQLite file).
 */

import { seedDemoCatalogue } from '../../../demo/src/seed-demo-catalogue';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import type { TypedFastify } from '../../src/http/type-provider';
import { redisUrl, testRedisPrefix } from '../cache/redis-available';
import { postgresUrl } from '../support/databases';
import { registerUser, type Session, smallCatalogue } from '../support/fixtures';
import { call } from '../support/http';
import { bearer, createTestApp, type TestApp, testConfig } from '../support/test-app';

const url = redisUrl();
const suite = url ? describe : describe.skip;
const kind = postgresUrl() ? 'postgres' : 'sqlite';

/** Waits for a cross-process message (Redis pub/sub); gives up well before the 5 s cache lifetime would hide a lost one. */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 2_500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

suite(`two API processes sharing ${kind} and Redis`, () => {
  let first: TestApp;
  let second: TypedFastify;
  let viewer: Session;
  let staff: Session;

  beforeAll(async () => {
    const shared = {
      redisUrl: url,
      redisPrefix: testRedisPrefix(),
      cache: { publicViewSeconds: 30, catalogueSeconds: 5 },
      rateLimit: {
        anonymousPerMinute: 100_000,
        userPerMinute: 100_000,
        sensitivePerMinute: 3,
        guestSignupsPerMinute: 100_000,
      },
    } satisfies Partial<AppConfig>;
    first = await createTestApp(kind, shared);
    const config = first.ctx.config;
    second = await buildApp(testConfig(first.dir, config.database, { ...shared, jwtSecret: config.jwtSecret }), {
      migrate: false,
    });
    await seedDemoCatalogue(first.ctx, smallCatalogue());
    [viewer, staff] = await Promise.all([
      registerUser(first.app, 'two-viewer@example.com'),
      registerUser(first.app, 'two-staff@example.com'),
    ]);
    await first.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts rate limits across processes', async () => {
    const attempt = (app: TypedFastify) =>
      call(app, {
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: 'nobody-here@example.com', password: 'wrong password' },
      });
    const statuses = [
      (await attempt(first.app)).statusCode,
      (await attempt(second)).statusCode,
      (await attempt(first.app)).statusCode,
      (await attempt(second)).statusCode,
    ];
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('shows a change made through one process in the next poll answered by the other', async () => {
    const poll = (app: TypedFastify) =>
      call(app, {
        method: 'POST',
        url: '/feed-api/user/public-view/',
        headers: bearer(viewer.access),
        payload: { id: viewer.user.id },
      });
    expect((await poll(second)).json().paying).toBe(false);
    expect((await poll(first.app)).json().paying).toBe(false);
    await first.ctx.db.updateTable('users').set({ is_premium: true }).where('id', '=', viewer.user.id).execute();
    expect((await poll(second)).json().paying).toBe(true);
  });

  it("shows a staff edit made through one process in the other's catalogue", async () => {
    const titleOn = async (app: TypedFastify) => (await call(app, { url: '/api/series/2/' })).json().title;
    expect(await titleOn(second)).toBe('Series 2');
    const edit = await call(first.app, {
      method: 'PATCH',
      url: '/api/admin/series/2/',
      headers: bearer(staff.access),
      payload: { title: 'Series Two, renamed' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await titleOn(first.app)).toBe('Series Two, renamed');
    expect(
      await eventually(
        () => titleOn(second),
        (title) => title === 'Series Two, renamed',
      ),
    ).toBe('Series Two, renamed');
  });
});
