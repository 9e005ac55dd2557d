import MockAdapter from 'axios-mock-adapter';
import { GATE_PATIENCE_MS, REQUEST_BUDGET_BURST, REQUEST_BUDGET_PER_SECOND } from '../constants';
import { storeTokens } from '../storage/tokens';
import { BACKING_OFF, createApiClient } from './api-client';
import { createFeedClient } from './feed-client';
import { manualClock } from './manual-clock';
import { createTransportPolicy, parseRetryAfter, RequestBudget } from './transport-policy';

beforeEach(() => localStorage.clear());

/** A client and a feed client sharing one policy on a clock of their own, each request's send time recorded. */
function page() {
  const clock = manualClock();
  const policy = createTransportPolicy(clock);
  const api = createApiClient({
    baseURL: '/api',
    policy,
    mediaHosts: () => ({ cdnHost: '', storageHost: '', productHost: '', pageOrigin: '' }),
  });
  const feed = createFeedClient('/feed-api', policy);
  const server = new MockAdapter(api);
  const feedServer = new MockAdapter(feed);
  const sent: number[] = [];
  const at =
    <T>(answer: T) =>
    () => {
      sent.push(clock.now());
      return answer;
    };
  return { clock, policy, api, feed, server, feedServer, sent, at };
}

/** How many of `times` fall within `windowMs` from the first. */
const within = (times: number[], windowMs: number) => times.filter((time) => time - times[0] < windowMs).length;

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, ignores what it cannot read, and caps absurd waits at 5 minutes', () => {
    const now = Date.parse('2026-12-07T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 07 Dec 2026 10:00:12 GMT', now)).toBe(12_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('86400', now)).toBe(5 * 60_000);
  });

  it('sends nothing to an API that answered 429 before the time it asked for, and passes the 429 on', async () => {
    const { api, server, sent, at, clock } = page();
    server.onGet('/payment-methods/').replyOnce(at([429, {}, { 'retry-after': '30' }]));
    server.onGet('/payment-methods/').reply(at([200, []]));
    await expect(api.get('/payment-methods/')).rejects.toMatchObject({ response: { status: 429 } });
    // A screen asking again meanwhile waits its patience, then hears the API is backing off: nothing is sent.
    await expect(api.get('/payment-methods/')).rejects.toMatchObject({ code: BACKING_OFF });
    expect(clock.now()).toBe(GATE_PATIENCE_MS);
    expect(sent).toEqual([0]);
    await clock.sleep(30_000 - GATE_PATIENCE_MS);
    await api.get('/payment-methods/');
    expect(sent).toEqual([0, 30_000]);
  });

  it('waits what a 503 asks for before its retry when that is short, and passes it on when it is long', async () => {
    const { api, server, sent, at } = page();
    server.onGet('/short/').replyOnce(at([503, {}, { 'retry-after': '4' }]));
    server.onGet('/short/').reply(at([200, {}]));
    await api.get('/short/');
    expect(sent).toEqual([0, 4_000]);

    server.onGet('/long/').reply(at([503, {}, { 'retry-after': '120' }]));
    await expect(api.get('/long/')).rejects.toMatchObject({ response: { status: 503 } });
    expect(sent).toHaveLength(3);
  });
});

describe('an API in trouble', () => {
  it('is probed one request at a time, 1 s × the troubles apart: ten screens’ requests to a dead API send 14, not 40, and all fail within 13 s', async () => {
    const { api, server, sent, at, clock } = page();
    server.onGet(/.*/).reply(at([503]));
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => api.get(`/thing/${i}/`)));
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    // The ten went before the trouble was known; then each retry waited its turn as the one probe.
    const first = sent.filter((time) => time === 0).length;
    expect(first).toBe(10);
    // Each request waits at most GATE_PATIENCE_MS (its retries included) for a turn, then is given up unsent.
    expect(sent.slice(first)).toEqual([1_000, 3_000, 6_000, 10_000]);
    // (The last probe sent at 10 s still waits its own retry delay before giving up.)
    expect(clock.now()).toBeLessThanOrEqual(GATE_PATIENCE_MS + 3_000);
  });

  it('opens again at the first answer: requests then go together', async () => {
    const { api, server, sent, at } = page();
    server.onGet('/a/').replyOnce(at([502]));
    server.onGet(/.*/).reply(at([200, {}]));
    await api.get('/a/');
    expect(sent).toEqual([0, 1_000]);
    await Promise.all([api.get('/b/'), api.get('/c/'), api.get('/d/')]);
    expect(sent.slice(2)).toEqual([1_000, 1_000, 1_000]);
  });

  it('keeps the feed’s troubles apart from the main API’s', async () => {
    const { api, feed, server, feedServer, sent, at } = page();
    feedServer.onPost('/user/public-view/').reply(at([429, {}, { 'retry-after': '60' }]));
    server.onGet('/series/').reply(at([200, []]));
    await expect(feed.post('/user/public-view/', {})).rejects.toMatchObject({ response: { status: 429 } });
    await api.get('/series/');
    expect(sent).toEqual([0, 0]);
  });
});

describe('the tab’s request budget', () => {
  it(`lets a burst of ${REQUEST_BUDGET_BURST} through at once, then ${REQUEST_BUDGET_PER_SECOND} a second`, async () => {
    const clock = manualClock();
    const budget = new RequestBudget(clock);
    const taken: number[] = [];
    await Promise.all(Array.from({ length: 50 }, () => budget.take().then(() => taken.push(clock.now()))));
    expect(taken.filter((time) => time === 0)).toHaveLength(REQUEST_BUDGET_BURST);
    const last = taken[taken.length - 1];
    expect(last).toBeGreaterThanOrEqual(((50 - REQUEST_BUDGET_BURST) / REQUEST_BUDGET_PER_SECOND) * 1000 - 1);
  });

  it('holds a tab whose every request is refused (401 without a session) to the budget, however fast it asks', async () => {
    const { api, feed, server, feedServer, sent, at } = page();
    server.onGet(/.*/).reply(at([401]));
    feedServer.onPost(/.*/).reply(at([401]));
    // A screen refetching in a tight loop on every failure, on both clients of the page.
    const loop = async (call: () => Promise<unknown>) => {
      for (let i = 0; i < 100; i += 1) await call().catch(() => undefined);
    };
    await Promise.all([loop(() => api.get('/payment-methods/')), loop(() => feed.post('/user/public-view/', {}))]);
    expect(sent).toHaveLength(200);
    expect(within(sent, 20_000)).toBeLessThanOrEqual(REQUEST_BUDGET_BURST + 20 * REQUEST_BUDGET_PER_SECOND);
  });

  it('drops, rather than delays, a request that cannot wait once the budget is spent', () => {
    const policy = createTransportPolicy(manualClock());
    for (let i = 0; i < REQUEST_BUDGET_BURST; i += 1) expect(policy.tryAdmit('api')).not.toBeNull();
    expect(policy.tryAdmit('api')).toBeNull();
  });
});

describe('a lost session', () => {
  it('is lost once when concurrent requests all find the refresh refused, so one new guest follows, not one per request', async () => {
    const { api, server } = page();
    const { onAuthLost } = await import('./api-client');
    storeTokens('old', 'refresh-1');
    server.onPost('/auth/token/refresh/').reply(401);
    server.onGet(/.*/).reply(401);
    const lost = jest.fn();
    const stop = onAuthLost(lost);
    await Promise.allSettled([api.get('/a/'), api.get('/b/'), api.get('/c/')]);
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });

  it('is not lost by a visitor who had none: a 401 to a request without a session changes nothing', async () => {
    const { api, server } = page();
    const { onAuthLost } = await import('./api-client');
    server.onGet('/payment-methods/').reply(401);
    const lost = jest.fn();
    const stop = onAuthLost(lost);
    await expect(api.get('/payment-methods/')).rejects.toMatchObject({ response: { status: 401 } });
    expect(lost).not.toHaveBeenCalled();
    expect(server.history.post).toHaveLength(0);
    stop();
  });
});
