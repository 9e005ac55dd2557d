/**
 * Who a request counts against: a valid access token's user, wherever the request comes from; the
 * client address only without one (a forged or expired token included), so a crowd behind one address
 * is never refused for sharing it. And the in-process store: a fixed window per key, and a bound on the
 * keys it remembers that never forgets a client that keeps sending, nor the client it makes room for.
 */
import { request as httpRequest } from 'node:http';
import { InProcessRateStore } from '../../src/http/rate-limit';
import { signAccessToken } from '../../src/http/tokens';
import { databaseKinds } from '../support/databases';
import { registerUser, type Session, signUpGuest } from '../support/fixtures';
import { bearer, call, listenOnFreePort } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

const WINDOW = 60_000;

function storeAt(start: number, maxKeys = 5_000) {
  const clock = { now: start };
  return { clock, store: new InProcessRateStore(maxKeys, () => clock.now) };
}

describe('in-process rate-limit store', () => {
  test('counts a client’s requests within its window and starts again once the window has passed', () => {
    const { clock, store } = storeAt(1_000_000);
    expect(store.increment('1.2.3.4', WINDOW)).toEqual({ current: 1, ttl: WINDOW });
    clock.now += 10_000;
    expect(store.increment('1.2.3.4', WINDOW)).toEqual({ current: 2, ttl: 50_000 });
    expect(store.peek('1.2.3.4', WINDOW)).toEqual({ current: 2, ttl: 50_000 });
    clock.now += 50_000;
    expect(store.peek('1.2.3.4', WINDOW)).toEqual({ current: 0, ttl: 0 });
    expect(store.increment('1.2.3.4', WINDOW)).toEqual({ current: 1, ttl: WINDOW });
  });

  test('another address has a count of its own', () => {
    const { store } = storeAt(0);
    store.increment('1.2.3.4', WINDOW);
    store.increment('1.2.3.4', WINDOW);
    expect(store.increment('5.6.7.8', WINDOW).current).toBe(1);
    expect(store.peek('1.2.3.4', WINDOW).current).toBe(2);
  });

  test('remembers at most its bound of addresses', () => {
    const { store } = storeAt(0, 100);
    for (let i = 0; i < 1_000; i += 1) store.increment(`10.0.${i >> 8}.${i & 255}`, WINDOW);
    expect(store.size).toBe(100);
  });

  test('a client that keeps sending is not forgotten while many new addresses arrive', () => {
    const { store } = storeAt(0, 100);
    let last = { current: 0, ttl: 0 };
    for (let i = 0; i < 1_000; i += 1) {
      last = store.increment('attacker', WINDOW);
      store.increment(`10.0.${i >> 8}.${i & 255}`, WINDOW);
    }
    expect(last.current).toBe(1_000);
    expect(store.peek('attacker', WINDOW).current).toBe(1_000);
  });

  test('a new address is counted even when every remembered address keeps sending', () => {
    const { store } = storeAt(0, 3);
    for (const key of ['a', 'b', 'c']) store.increment(key, WINDOW);
    for (const key of ['a', 'b', 'c']) store.increment(key, WINDOW);
    store.increment('newcomer', WINDOW);
    expect(store.increment('newcomer', WINDOW).current).toBe(2);
    expect(store.size).toBe(3);
  });

  test('counting a request in a running window leaves the map’s order alone (no table rebuilt per request)', () => {
    const { store } = storeAt(0);
    store.increment('1.2.3.4', WINDOW);
    const set = jest.spyOn(Map.prototype, 'set');
    const remove = jest.spyOn(Map.prototype, 'delete');
    try {
      for (let i = 0; i < 1_000; i += 1) store.increment('1.2.3.4', WINDOW);
      expect(set).not.toHaveBeenCalled();
      expect(remove).not.toHaveBeenCalled();
    } finally {
      set.mockRestore();
      remove.mockRestore();
    }
    expect(store.peek('1.2.3.4', WINDOW).current).toBe(1_001);
  });
});

const ANONYMOUS_LIMIT = 30;
const USER_LIMIT = 40;
const LIST = '/api/series/';

describe.each(databaseKinds())('rate limits keyed by who is asking (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      cache: { catalogueSeconds: 60, publicViewSeconds: 60 },
      rateLimit: {
        anonymousPerMinute: ANONYMOUS_LIMIT,
        userPerMinute: USER_LIMIT,
        sensitivePerMinute: 5,
        guestSignupsPerMinute: 200,
      },
    });
  });
  afterAll(() => t.close());

  /** Spends the anonymous budget of `address`: its last request is refused with 429 and Retry-After. */
  async function spendAnonymousBudget(address: string) {
    for (let i = 0; i < ANONYMOUS_LIMIT; i += 1) {
      expect((await call(t.app, { url: LIST, remoteAddress: address })).statusCode).toBe(200);
    }
    const refused = await call(t.app, { url: LIST, remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('never refuses 100 signed-in viewers behind one address while an anonymous flood from it is refused', async () => {
    const address = '10.1.0.1';
    const viewers: Session[] = [];
    for (let i = 0; i < 100; i += 1) viewers.push(await signUpGuest(t.app, undefined, address));
    await spendAnonymousBudget(address);
    // Each viewer sends three requests: 300 from the address, ten times its anonymous budget.
    const answers = await Promise.all(
      viewers.flatMap((viewer) =>
        [LIST, '/api/rewards/', LIST].map((url) =>
          call(t.app, { url, headers: bearer(viewer.access), remoteAddress: address }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(answers[0]?.headers['x-ratelimit-limit']).toBe(String(USER_LIMIT));
    // The anonymous flood is still refused.
    expect((await call(t.app, { url: LIST, remoteAddress: address })).statusCode).toBe(429);
  });

  it('counts a viewer’s requests against the viewer from every address, and refuses past its own limit', async () => {
    const viewer = await signUpGuest(t.app, undefined, '10.1.0.2');
    const statuses: number[] = [];
    for (let i = 0; i <= USER_LIMIT; i += 1) {
      const answer = await call(t.app, { url: LIST, headers: bearer(viewer.access), remoteAddress: `10.1.1.${i}` });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([...Array(USER_LIMIT).fill(200), 429]);
    // Another viewer on the same addresses is not touched.
    const other = await signUpGuest(t.app, undefined, '10.1.0.2');
    expect(
      (await call(t.app, { url: LIST, headers: bearer(other.access), remoteAddress: '10.1.1.0' })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['forged', (id: number) => signAccessToken(id, 'a-secret-the-server-does-not-know-0123456789', 900)],
    ['expired', (id: number) => signAccessToken(id, t.ctx.config.jwtSecret, 60, Date.now() - 3_600_000)],
  ])('counts a request with a %s token against its address, not a fresh bucket', async (_label, token) => {
    const address = _label === 'forged' ? '10.1.0.3' : '10.1.0.4';
    const victim = await signUpGuest(t.app, undefined, address);
    const headers = bearer(token(victim.user.id));
    const statuses: number[] = [];
    for (let i = 0; i <= ANONYMOUS_LIMIT; i += 1) {
      statuses.push((await call(t.app, { url: '/api/rewards/', headers, remoteAddress: address })).statusCode);
    }
    // The token is no identity: its requests spend the address's budget (and the route then says 401).
    expect(statuses.slice(0, ANONYMOUS_LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await call(t.app, { url: LIST, remoteAddress: address })).statusCode).toBe(429);
    // The user the token names keeps its own budget.
    expect((await call(t.app, { url: LIST, headers: bearer(victim.access), remoteAddress: address })).statusCode).toBe(
      200,
    );
  });

  it('lets staff sign in, work and renew their session while their address’s anonymous budget is spent', async () => {
    const address = '10.1.0.5';
    const email = `staff-${kind}@example.com`;
    const staff = await registerUser(t.app, email);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
    await spendAnonymousBudget(address);

    const login = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login/',
      remoteAddress: address,
      payload: { email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    const { access, refresh } = login.json();
    const me = await call(t.app, { url: '/api/admin/me/', headers: bearer(access), remoteAddress: address });
    expect(me.statusCode).toBe(200);
    expect(me.json().is_staff).toBe(true);
    const renewed = await call(t.app, {
      method: 'POST',
      url: '/api/auth/token/refresh/',
      remoteAddress: address,
      payload: { refresh },
    });
    expect(renewed.statusCode).toBe(200);
  });

  it('keeps counting sign-in attempts per address whatever token they carry', async () => {
    const address = '10.1.0.6';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      // Each attempt with a fresh guest's valid token: a token must not buy fresh guesses.
      const guest = await signUpGuest(t.app, undefined, address);
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/auth/login/',
        headers: bearer(guest.access),
        remoteAddress: address,
        payload: { email: 'nobody@example.com', password: 'not the password' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts repeated catalogue reads over real connections per address, and per viewer when signed in', async () => {
    const port = await listenOnFreePort(t.app);
    const address = '127.0.7.1';
    const viewer = await signUpGuest(t.app, undefined, address);
    const get = (headers: Record<string, string>) =>
      new Promise<{ status: number; limit: string | undefined }>((resolve, reject) => {
        const outgoing = httpRequest(
          { host: '127.0.0.1', port, path: LIST, localAddress: address, headers, agent: false },
          (incoming) => {
            incoming.resume();
            incoming.on('end', () =>
              resolve({ status: incoming.statusCode ?? 0, limit: incoming.headers['x-ratelimit-limit'] as string }),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.end();
      });
    const anonymous: number[] = [];
    for (let i = 0; i <= ANONYMOUS_LIMIT; i += 1) anonymous.push((await get({})).status);
    expect(anonymous).toEqual([...Array(ANONYMOUS_LIMIT).fill(200), 429]);
    const signedIn: Array<{ status: number; limit: string | undefined }> = [];
    for (let i = 0; i < USER_LIMIT; i += 1) signedIn.push(await get(bearer(viewer.access)));
    expect(signedIn.every((answer) => answer.status === 200 && answer.limit === String(USER_LIMIT))).toBe(true);
    expect((await get(bearer(viewer.access))).status).toBe(429);
  });
});
