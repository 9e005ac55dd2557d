/**
 * Bad input never reaches the database and never causes a 5xx: every route is driven with malformed
 * JSON, wrong types, unknown ids and oversized bodies, and must answer 4xx with a message while the
 * stored state stays the same.
 */
import { seedDemoCatalogue } from '../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../support/databases';
import { type Session, signUpGuest, smallCatalogue } from '../support/fixtures';
import { call } from '../support/http';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

type Route = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: boolean; feed?: boolean };

/** Every route of this service, with `:id` standing for a path id. */
const ROUTES: Route[] = [
  { method: 'POST', url: '/api/auth/login/', body: true },
  { method: 'POST', url: '/api/auth/register/', body: true },
  { method: 'POST', url: '/api/auth/logout/', body: true },
  { method: 'POST', url: '/api/auth/token/refresh/', body: true },
  { method: 'POST', url: '/api/auth/verify-email/', body: true },
  { method: 'POST', url: '/api/auth/reset-password/', body: true },
  { method: 'POST', url: '/api/auth/confirm-reset-password/', body: true },
  { method: 'POST', url: '/api/auth/change-password/', body: true },
  { method: 'POST', url: '/api/auth/magic-link/', body: true },
  { method: 'POST', url: '/api/auth/magic-link/verify/', body: true },
  { method: 'POST', url: '/api/user/signup/', body: true },
  { method: 'PATCH', url: '/api/users/profile/', body: true },
  { method: 'GET', url: '/api/series/:id/' },
  { method: 'GET', url: '/api/series/:id/episodes/' },
  { method: 'GET', url: '/api/series/:id/recommendations/' },
  { method: 'GET', url: '/api/episodes/:id/' },
  { method: 'GET', url: '/api/episodes/:id/stream/' },
  { method: 'PUT', url: '/api/episodes/:id/watch-progress/', body: true },
  { method: 'POST', url: '/api/episodes/:id/mark-watched/' },
  { method: 'DELETE', url: '/api/users/watch-history/:id/' },
  { method: 'POST', url: '/api/series/:id/add-to-list/' },
  { method: 'DELETE', url: '/api/series/:id/remove-from-list/' },
  { method: 'POST', url: '/api/users/my-list/:id/' },
  { method: 'DELETE', url: '/api/users/my-list/:id/' },
  { method: 'POST', url: '/feed-api/feed/categories/', body: true, feed: true },
  { method: 'POST', url: '/feed-api/series/detail/', body: true, feed: true },
  { method: 'POST', url: '/feed-api/coin/status/', body: true, feed: true },
  { method: 'POST', url: '/feed-api/user/public-view/', body: true, feed: true },
  { method: 'POST', url: '/feed-api/datalog/update/web/', body: true, feed: true },
];

const QUERY_ROUTES = [
  '/api/series/?limit=0',
  '/api/series/?limit=abc',
  '/api/series/?page=-1',
  '/api/series/?ordering=drop%20table',
  '/api/series/?is_featured=maybe',
  '/api/episodes/?series=abc',
  '/api/search/',
  `/api/search/?q=${'x'.repeat(200)}`,
  '/api/users/watch-history/?limit=9999',
];

describe.each(databaseKinds())('bad input (%s)', (kind) => {
  let t: TestApp;
  let session: Session;

  const snapshot = async () => {
    const tables = [
      'users',
      'series',
      'episodes',
      'my_list',
      'watch_progress',
      'watch_history',
      'coin_ledger',
      'refresh_tokens',
      'magic_links',
      'device_reports',
    ] as const;
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst();
      counts[table] = Number(row?.count ?? 0);
    }
    const user = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', session.user.id).executeTakeFirst();
    return { counts, user };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { bodyLimitBytes: 64 * 1024 });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    session = await signUpGuest(t.app, 'BadInputGuest0000000');
  });
  afterAll(() => t.close());

  const expectClientError = (response: { statusCode: number; body: string }, context: string) => {
    if (response.statusCode < 400 || response.statusCode >= 500)
      throw new Error(`${context} answered ${response.statusCode}: ${response.body}`);
    expect(JSON.parse(response.body).message).toEqual(expect.any(String));
  };

  it('answers malformed JSON with 400 and changes nothing', async () => {
    const before = await snapshot();
    for (const route of ROUTES.filter((r) => r.body)) {
      const response = await call(t.app, {
        method: route.method,
        url: route.url.replace(':id', '1'),
        headers: { ...bearer(session.access), 'content-type': 'application/json' },
        body: '{"email": "a@b.c", "password":',
      });
      expectClientError(response, `${route.method} ${route.url}`);
      expect(response.statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers wrong types with 400 naming the field, and changes nothing', async () => {
    const before = await snapshot();
    const wrong = {
      id: { nested: true },
      email: 12,
      password: ['x'],
      refresh: 5,
      token: false,
      progress: 'half',
      series_id: 'one',
      first_name: 7,
      old_password: 1,
      new_password: 2,
      next: 3,
      username: {},
    };
    for (const route of ROUTES.filter((r) => r.body)) {
      const response = await call(t.app, {
        method: route.method,
        url: route.url.replace(':id', '1'),
        headers: bearer(session.access),
        payload: wrong,
      });
      expectClientError(response, `${route.method} ${route.url}`);
      expect(response.statusCode).toBe(400);
    }
    const progress = await call(t.app, {
      method: 'PUT',
      url: '/api/episodes/1/watch-progress/',
      headers: bearer(session.access),
      payload: { progress: '50' },
    });
    expect(progress.statusCode).toBe(400);
    expect(progress.json().message).toMatch(/progress/);
    expect(await snapshot()).toEqual(before);
  });

  it('answers bad path ids with 400 and unknown ids with 404, changing nothing', async () => {
    const before = await snapshot();
    for (const route of ROUTES.filter((r) => r.url.includes(':id'))) {
      const payload = route.method === 'PUT' ? { progress: 10 } : undefined;
      for (const [id, status] of [
        ['abc', 400],
        ['-1', 400],
        ['1.5', 400],
        ['99999999999', 400],
        ['424242', 404],
      ] as const) {
        const response = await call(t.app, {
          method: route.method,
          url: route.url.replace(':id', id),
          headers: bearer(session.access),
          payload,
        });
        expectClientError(response, `${route.method} ${route.url} with ${id}`);
        expect(response.statusCode).toBe(status);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers bad query strings with 400', async () => {
    for (const url of QUERY_ROUTES) {
      const response = await call(t.app, { url, headers: bearer(session.access) });
      expectClientError(response, url);
      expect(response.statusCode).toBe(400);
    }
  });

  it('answers oversized bodies with 413 and changes nothing', async () => {
    const before = await snapshot();
    const huge = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(100 * 1024) });
    for (const route of ROUTES.filter((r) => r.body)) {
      const response = await call(t.app, {
        method: route.method,
        url: route.url.replace(':id', '1'),
        headers: { ...bearer(session.access), 'content-type': 'application/json' },
        body: huge,
      });
      expectClientError(response, `${route.method} ${route.url}`);
      expect(response.statusCode).toBe(413);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a non-JSON body with 400, and an unknown endpoint with a JSON 404', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(response.statusCode).toBe(400);
    const missing = await call(t.app, { url: '/api/nothing-here/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/No such endpoint/);
  });
});
