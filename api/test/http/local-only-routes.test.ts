/**
 * The local-only guard sits on exactly the dev doors: every route under /api/dev/ or /api/dev-…, and
 * the routes through which the test payment provider grants coins, Gold or cards — and on no other
 * route, so the public-view poll and the rest of the API never run it. Read from the routes the app
 * really registered (Fastify's own route table with their hooks), so a new dev route added without
 * the guard fails here.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { LOCAL_ONLY_GUARD_NAME } from '../../src/http/local-only';
import type { TypedFastify } from '../../src/http/type-provider';
import { databaseKinds } from '../support/databases';
import { createTestApp, type TestApp } from '../support/test-app';

/** The test payment provider's money routes (paths as the route table keeps them, without a trailing slash). */
const DEV_PROVIDER_MONEY_ROUTES = [
  'POST /api/coins/purchase',
  'POST /api/subscriptions/create',
  'POST /api/payments/create-intent',
  'POST /api/payments/confirm',
  'POST /api/payment-methods',
  'POST /api/payment-methods/setup-intent',
  'POST /api/dev-payment-methods',
];

/** The dev doors that exist today; the set found in the route table must contain at least these. */
const KNOWN_DEV_ROUTES = [
  'GET /api/dev/outbox',
  'HEAD /api/dev/outbox',
  'GET /api/dev-checkout/:session_id',
  'HEAD /api/dev-checkout/:session_id',
  'POST /api/dev-checkout/:session_id/pay',
  'POST /api/dev-checkout/:session_id/cancel',
  'POST /api/dev-payment-methods',
];

const isDevRoute = (path: string) => /^\/api\/dev[-/]/.test(path);

interface RouteEntry {
  key: string;
  path: string;
  onRequest: string[];
}

/**
 * Every registered route, one entry per method, with the names of its onRequest hooks, read from
 * Fastify's printed route tree: a node's line is indented four columns per level below its parent and
 * holds the part of the path after its parent's; a route's hooks follow its line. With
 * ignoreTrailingSlash the table keeps paths without their trailing slash.
 */
function routeTable(app: TypedFastify): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const pathAt: string[] = [];
  let current: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, includeHooks: true }).split('\n')) {
    const hooks = line.match(/• \((\w+)\) (\[.*\])\s*$/);
    if (hooks) {
      if (hooks[1] !== 'onRequest') continue;
      const names = (JSON.parse(hooks[2]) as string[]).map((name) => name.replace(/\(\)$/, ''));
      for (const entry of current) entry.onRequest.push(...names);
      continue;
    }
    const node = line.match(/^([│├└─ ]*)(\S+?)(?: \(([A-Z, ]+)\))?\s*$/u);
    if (!node) continue;
    const [, tree, segment, methods] = node;
    const depth = Math.max(0, tree.length / 4 - 1);
    const path = (depth > 0 ? pathAt[depth - 1] : '') + segment;
    pathAt[depth] = path;
    pathAt.length = depth + 1;
    current = (methods ?? '')
      .split(',')
      .filter((method) => method.trim())
      .map((method) => ({ key: `${method.trim()} ${path}`, path, onRequest: [] }));
    entries.push(...current);
  }
  return entries;
}

const guarded = (entries: RouteEntry[]) =>
  entries
    .filter((entry) => entry.onRequest.includes(LOCAL_ONLY_GUARD_NAME))
    .map((entry) => entry.key)
    .sort();

describe.each(databaseKinds())('the local-only guard sits on the dev doors and nowhere else (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('guards every dev route and every test-provider money route, and no other route', () => {
    const entries = routeTable(t.app);
    expect(entries.length).toBeGreaterThan(50);
    const devDoors = entries.filter((entry) => isDevRoute(entry.path)).map((entry) => entry.key);
    for (const known of KNOWN_DEV_ROUTES) expect(devDoors).toContain(known);
    const expected = [...new Set([...devDoors, ...DEV_PROVIDER_MONEY_ROUTES])].sort();
    expect(guarded(entries)).toEqual(expected);
  });

  it('runs no guard on the public-view poll, the feed API or the open API routes', () => {
    const entries = routeTable(t.app);
    const poll = entries.find((entry) => entry.key === 'POST /feed-api/user/public-view');
    expect(poll).toBeDefined();
    expect(poll?.onRequest).not.toContain(LOCAL_ONLY_GUARD_NAME);
    for (const entry of entries) {
      if (entry.path.startsWith('/feed-api/') || entry.path.startsWith('/api/health')) {
        expect([entry.key, entry.onRequest.includes(LOCAL_ONLY_GUARD_NAME)]).toEqual([entry.key, false]);
      }
    }
  });
});

describe('a demo deployment that opens its dev tools', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { devToolsOpen: true });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('puts the guard on no route at all when DEV_TOOLS=open', () => {
    expect(guarded(routeTable(t.app))).toEqual([]);
  });
});

/** This machine's first non-loopback IPv4 address: a client connecting to it is "on the network". */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((info) => info && !info.internal && info.family === 'IPv4')?.address;
const withNetwork = networkAddress ? describe.each(databaseKinds()) : describe.skip.each(databaseKinds());

function status(port: number, host: string, method: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port, method, path }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

withNetwork('no spelling of a dev address opens it to another machine (%s)', (kind) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '0.0.0.0' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('refuses HEAD, a trailing slash, an encoded letter and a query string on the outbox from another machine', async () => {
    const spellings: Array<[string, string]> = [
      ['HEAD', '/api/dev/outbox'],
      ['GET', '/api/dev/outbox/'],
      ['GET', '/api/%64ev/outbox'],
      ['GET', '/api/dev/outbox?limit=100'],
      ['GET', '/api/dev/%6Futbox'],
    ];
    for (const [method, path] of spellings) {
      const answer = await status(port, networkAddress as string, method, path);
      // Either the guard refuses it or no route matches it: never an answer.
      expect([method, path, [403, 404].includes(answer)]).toEqual([method, path, true]);
    }
    expect(await status(port, networkAddress as string, 'HEAD', '/api/dev/outbox')).toBe(403);
    expect(await status(port, '127.0.0.1', 'HEAD', '/api/dev/outbox')).toBe(200);
  });
});
