/**
 * The catalogue reads every visitor gets the same answer to are answered before routing once their
 * cached answer is prepared (http/prepared-answers.ts). Two apps on one database, one answering that
 * way and one always through the routes, receive the same requests over real sockets: every answer
 * must be the same bytes, status line, headers and body (only the Date differs), whatever the
 * request carries, and the rate limit must refuse at the same request.
 */
import { databaseKinds } from '../support/databases';
import type { ConfigOverrides } from '../support/test-app';
import { exchange, expectSameAnswer, rawRequest as request, twinApps } from '../support/twin-apps';

const LIST = '/api/series/?limit=20&ordering=-created_at';

describe.each(databaseKinds())('prepared catalogue answers (%s)', (kind) => {
  const settings: ConfigOverrides = {
    cache: { catalogueSeconds: 60, publicViewSeconds: 0 },
    trustProxy: true,
    rateLimit: {
      anonymousPerMinute: 100_000,
      userPerMinute: 100_000,
      sensitivePerMinute: 100_000,
      guestSignupsPerMinute: 100_000,
    },
  };
  const twins = twinApps(kind, settings);
  const { ports } = twins;

  /** The same request to both apps; their answers must be the same bytes. Answers the prepared one. */
  async function both(head: string, body?: string): Promise<string> {
    const [answered, expected] = await Promise.all([
      exchange(ports.prepared, head, body),
      exchange(ports.routed, head, body),
    ]);
    expectSameAnswer(answered, expected);
    return answered;
  }

  const answeredBeforeRouting = () => twins.prepared.app.preparedAnswers.answered;

  it('answers a listed catalogue read the route answered before with the same bytes, without routing it', async () => {
    const first = await both(request(LIST));
    expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const before = answeredBeforeRouting();
    const again = await both(request(LIST));
    expect(answeredBeforeRouting()).toBe(before + 1);
    expect(again).toContain('\r\nx-ratelimit-remaining: ');
    expect(again).toContain('"results":[');
  });

  it.each([
    ['Russian', { 'Accept-Language': 'ru' }],
    ['English', { 'Accept-Language': 'en-GB,en;q=0.8' }],
    ['a validator it does not use', { 'If-None-Match': '"d41d8cd98f00b204"' }],
    ['an allowed origin', { Origin: 'http://allowed.example' }],
    ['the origin of its own host', { Origin: 'https://api.cliffhanger.test' }],
    ['an origin not allowed', { Origin: 'http://elsewhere.example' }],
    ['a viewer token', { Authorization: 'Bearer not.a.token' }],
    ['the site token', { Authorization: 'Token cliffhanger-web' }],
    ['cookies', { Cookie: 'a=1; b=2' }],
    ['header names in capitals', { ORIGIN: 'http://allowed.example', 'ACCEPT-LANGUAGE': 'ru' }],
    ['a proxy saying TLS', { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.7' }],
    ['a proxy saying plain HTTP', { 'X-Forwarded-Proto': 'http', 'X-Forwarded-For': '203.0.113.8, 10.0.0.1' }],
  ])('gives the route’s bytes to a request carrying %s', async (_what, headers) => {
    await both(request(LIST, headers));
    const before = answeredBeforeRouting();
    await both(request(LIST, headers));
    expect(answeredBeforeRouting()).toBe(before + 1);
  });

  it.each([
    ['a series', '/api/series/1/'],
    ['the genres', '/api/categories/'],
    ['a carousel', '/api/series/featured/'],
    ['another page of the list', '/api/series/?page=2&limit=3'],
    ['the list with an unknown parameter', '/api/series/?limit=20&ordering=-created_at&utm=x'],
  ])('prepares %s too', async (_what, path) => {
    await both(request(path));
    const before = answeredBeforeRouting();
    await both(request(path, { 'Accept-Language': 'ru' }));
    expect(answeredBeforeRouting()).toBe(before + 1);
  });

  it.each([
    ['a bad query', request('/api/series/?limit=abc', { 'Accept-Language': 'ru' }), ''],
    ['a bad query in English', request('/api/series/?limit=abc'), ''],
    ['HEAD', request(LIST, {}, 'HEAD'), ''],
    [
      'a preflight',
      request(LIST, { Origin: 'http://allowed.example', 'Access-Control-Request-Method': 'GET' }, 'OPTIONS'),
      '',
    ],
    ['a missing series', request('/api/series/999/'), ''],
    ['a GET with a body', request(LIST, { 'Content-Length': '2' }), '{}'],
    ['two origins', request(LIST, { Origin: 'http://elsewhere.example', origin: 'http://allowed.example' }), ''],
  ])('leaves %s to the routes, with the same answer', async (_what, head, body) => {
    await both(request(LIST));
    await both(head, body);
    const before = answeredBeforeRouting();
    await both(head, body);
    expect(answeredBeforeRouting()).toBe(before);
  });

  it('stops answering from a catalogue answer once a catalogue write invalidates it', async () => {
    await both(request(LIST));
    // Written through each app, whose caches each hear of their own writes.
    for (const db of [twins.prepared.ctx.db, twins.routed.ctx.db]) {
      await db.updateTable('series').set({ title: 'Renamed while cached' }).where('id', '=', 1).execute();
    }
    const before = answeredBeforeRouting();
    const answer = await both(request(LIST));
    expect(answeredBeforeRouting()).toBe(before);
    expect(answer).toContain('Renamed while cached');
    await both(request(LIST));
    expect(answeredBeforeRouting()).toBe(before + 1);
  });
});

describe('prepared answers and the rate limit', () => {
  const LIMIT = 6;
  const twins = twinApps('sqlite', {
    cache: { catalogueSeconds: 60, publicViewSeconds: 0 },
    rateLimit: {
      anonymousPerMinute: LIMIT,
      userPerMinute: 100_000,
      sensitivePerMinute: 100,
      guestSignupsPerMinute: 100_000,
    },
  });
  const { ports } = twins;

  it('counts prepared answers in the same limit and refuses at the same request, with the same answer', async () => {
    const statuses: string[] = [];
    for (let sent = 1; sent <= LIMIT + 2; sent += 1) {
      const head = request(LIST, { 'Accept-Language': 'ru' });
      const [answered, expected] = await Promise.all([exchange(ports.prepared, head), exchange(ports.routed, head)]);
      expect(answered).toContain(`\r\nx-ratelimit-remaining: ${Math.max(0, LIMIT - sent)}\r\n`);
      statuses.push(answered.slice(9, 12));
      // The refusal tells the seconds left in each app's own minute; the allowed answers are the same bytes.
      if (sent <= LIMIT) expectSameAnswer(answered, expected);
      else expect(Buffer.from(answered, 'latin1').toString('utf8')).toContain('Слишком много запросов');
    }
    expect(statuses).toEqual([...Array(LIMIT).fill('200'), '429', '429']);
    // All but the first of the allowed ones were answered before routing; the refusals by the route.
    expect(twins.prepared.app.preparedAnswers.answered).toBe(LIMIT - 1);
  });
});
