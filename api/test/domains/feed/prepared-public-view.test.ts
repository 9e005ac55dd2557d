/**
 * The public-view poll every open tab sends each 2 s is answered before routing when its cached
 * answer can be told from the request alone (domains/feed/prepared-public-view.ts). Two apps on one
 * database, one answering that way and one always routing, receive the same raw polls over real
 * sockets: every answer must be the same bytes but the Date line, whatever the poll carries, and only
 * the caller's own cached answer may ever go out before routing.
 */
import { signAccessToken } from '../../../src/http/tokens';
import { databaseKinds } from '../../support/databases';
import { registerUser, type Session, signUpGuest } from '../../support/fixtures';
import { listenOnFreePort } from '../../support/http';
import { type ConfigOverrides, createTestApp, type TestApp } from '../../support/test-app';
import {
  converse,
  exchange,
  expectSameAnswer,
  rawRequest,
  type Sending,
  type Turn,
  twinApps,
} from '../../support/twin-apps';
import { buyCoins, subscribeGold } from '../coins/money-fixtures';

const POLL = '/feed-api/user/public-view/';

/** A poll's head: JSON, the bearer token given (if any) and the headers given. */
function poll(token: string | null, body: string, headers: Record<string, string> = {}, keepAlive = false): string {
  return rawRequest(
    POLL,
    {
      'Content-Type': 'application/json',
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      'Content-Length': String(Buffer.byteLength(body)),
      ...headers,
    },
    'POST',
    keepAlive,
  );
}

const idBody = (id: number | string) => JSON.stringify({ id });
const statusOf = (answer: string) => answer.slice(9, 12);
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

const CACHED: ConfigOverrides = {
  cache: { catalogueSeconds: 60, publicViewSeconds: 60 },
  rateLimit: {
    anonymousPerMinute: 100_000,
    userPerMinute: 100_000,
    sensitivePerMinute: 100_000,
    guestSignupsPerMinute: 100_000,
  },
  bodyLimitBytes: 4096,
  timeouts: { requestMs: 1500, headersMs: 1500, keepAliveMs: 5000, idleMs: 10_000, maxConnectionsPerClient: 256 },
};

describe.each(databaseKinds())('the public-view poll answered before routing (%s)', (kind) => {
  const twins = twinApps(kind, CACHED);
  const { ports } = twins;
  let viewer: Session;
  let other: Session;
  let guest: Session;
  const GUEST_ID = kind === 'sqlite' ? 'PreparedGuest0123456' : 'PreparedGuest6543210';

  beforeAll(async () => {
    viewer = await registerUser(twins.prepared.app, `pv-prepared-${kind}@example.com`);
    other = await registerUser(twins.prepared.app, `pv-other-${kind}@example.com`);
    guest = await signUpGuest(twins.prepared.app, GUEST_ID);
  }, 60_000);

  /** The same request to both apps; their answers must be the same bytes. Answers the prepared one. */
  async function both(head: string, body: string | Buffer = '', sending: Sending = {}): Promise<string> {
    const [answered, expected] = await Promise.all([
      exchange(ports.prepared, head, body, sending),
      exchange(ports.routed, head, body, sending),
    ]);
    expectSameAnswer(answered, expected);
    return answered;
  }

  const answeredBeforeRouting = () => twins.prepared.app.preparedAnswers.answered;

  /** Polls as `session` with its own id on both apps, so each app has that answer cached. */
  const warm = (session: Session) => both(poll(session.access, idBody(session.user.id)), idBody(session.user.id));

  it("answers the caller's own poll from its cached answer with the route's bytes, without routing it", async () => {
    const first = await warm(viewer);
    expect(statusOf(first)).toBe('200');
    expect(JSON.parse(bodyOf(first))).toEqual({
      paying: false,
      registered: true,
      verified: false,
      has_active_subs: false,
    });
    const before = answeredBeforeRouting();
    const again = await warm(viewer);
    expect(answeredBeforeRouting()).toBe(before + 1);
    expect(bodyOf(again)).toBe(bodyOf(first));
    expect(again).toContain('\r\nx-ratelimit-remaining: ');
    expect(again).toContain('\r\ncontent-security-policy: ');
    expect(again).toMatch(/\r\nvary: Origin\r\n/i);
  });

  it('answers a poll whose header names are written in capitals before routing, as the route reads them', async () => {
    await warm(viewer);
    const body = idBody(viewer.user.id);
    const head = rawRequest(
      POLL,
      {
        'CONTENT-TYPE': 'application/json',
        AUTHORIZATION: `Bearer ${viewer.access}`,
        'CONTENT-LENGTH': String(body.length),
        ORIGIN: 'http://allowed.example',
      },
      'POST',
    );
    const before = answeredBeforeRouting();
    const answer = await both(head, body);
    expect(statusOf(answer)).toBe('200');
    expect(answeredBeforeRouting()).toBe(before + 1);
    expect(answer).toContain('\r\naccess-control-allow-origin: http://allowed.example\r\n');
  });

  it("answers a guest's poll by its numeric id, and leaves its text guest id to the route", async () => {
    await warm(guest);
    const before = answeredBeforeRouting();
    await warm(guest);
    expect(answeredBeforeRouting()).toBe(before + 1);
    const guestId = idBody(GUEST_ID);
    const byGuestId = await both(poll(guest.access, guestId), guestId);
    expect(statusOf(byGuestId)).toBe('200');
    expect(answeredBeforeRouting()).toBe(before + 1);
  });

  it.each<[string, (id: number) => string, Record<string, string>]>([
    ['JSON spacing', (id: number) => ` {\n "id" :\t${id} }\r\n`, {}],
    ['a charset', (id: number) => idBody(id), { 'Content-Type': 'application/json; charset=utf-8' }],
    ['an allowed origin', (id: number) => idBody(id), { Origin: 'http://allowed.example' }],
    ['an origin not allowed', (id: number) => idBody(id), { Origin: 'http://elsewhere.example' }],
    ['its own origin', (id: number) => idBody(id), { Origin: 'http://api.cliffhanger.test' }],
    ['Russian', (id: number) => idBody(id), { 'Accept-Language': 'ru' }],
    ['cookies', (id: number) => idBody(id), { Cookie: 'a=1' }],
  ])('gives the route’s bytes to a poll carrying %s, before routing', async (_what, body, headers) => {
    await warm(viewer);
    const before = answeredBeforeRouting();
    const answer = await both(poll(viewer.access, body(viewer.user.id), headers), body(viewer.user.id));
    expect(statusOf(answer)).toBe('200');
    expect(answeredBeforeRouting()).toBe(before + 1);
  });

  const forgedSub = (session: Session, sub: number) => {
    const [header, payload, signature] = session.access.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const changed = Buffer.from(JSON.stringify({ ...claims, sub: String(sub) })).toString('base64url');
    return `${header}.${changed}.${signature}`;
  };
  const unsigned = (sub: number) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: String(sub), typ: 'access', iss: 'cliffhanger', iat: now, exp: now + 600 })}.`;
  };

  /** Each case: what it is, the head and body, and how it is sent. Every one goes to the route. */
  const routedCases: Array<[string, () => [string, string | Buffer, Sending?]]> = [
    ["another viewer's id", () => [poll(viewer.access, idBody(other.user.id)), idBody(other.user.id)]],
    ['a token that is not one', () => [poll('not.a.token', idBody(viewer.user.id)), idBody(viewer.user.id)]],
    [
      "a token whose user was changed to another cached viewer's",
      () => [poll(forgedSub(viewer, other.user.id), idBody(other.user.id)), idBody(other.user.id)],
    ],
    ['an unsigned token', () => [poll(unsigned(viewer.user.id), idBody(viewer.user.id)), idBody(viewer.user.id)]],
    [
      'an expired token',
      () => {
        const expired = signAccessToken(
          viewer.user.id,
          twins.prepared.ctx.config.jwtSecret,
          60,
          Date.now() - 3_600_000,
        );
        return [poll(expired, idBody(viewer.user.id)), idBody(viewer.user.id)];
      },
    ],
    ['no token', () => [poll(null, idBody(viewer.user.id)), idBody(viewer.user.id)]],
    [
      'the site token',
      () => [poll(null, idBody(viewer.user.id), { Authorization: 'Token cliffhanger-web' }), idBody(viewer.user.id)],
    ],
    ['malformed JSON', () => [poll(viewer.access, `{"id":${viewer.user.id}`), `{"id":${viewer.user.id}`]],
    ['an id with leading zeros', () => [poll(viewer.access, `{"id":0${viewer.user.id}}`), `{"id":0${viewer.user.id}}`]],
    ['an id past the stored range', () => [poll(viewer.access, '{"id":2147483648}'), '{"id":2147483648}']],
    [
      'an id written as a fraction',
      () => [poll(viewer.access, `{"id":${viewer.user.id}.0}`), `{"id":${viewer.user.id}.0}`],
    ],
    ['the id as text', () => [poll(viewer.access, idBody(String(viewer.user.id))), idBody(String(viewer.user.id))]],
    ['extra fields', () => [poll(viewer.access, `{"id":${viewer.user.id},"x":1}`), `{"id":${viewer.user.id},"x":1}`]],
    [
      'the id twice',
      () => [
        poll(viewer.access, `{"id":${other.user.id},"id":${viewer.user.id}}`),
        `{"id":${other.user.id},"id":${viewer.user.id}}`,
      ],
    ],
    ['a NUL character', () => [poll(viewer.access, '{"id":"\\u0000"}'), '{"id":"\\u0000"}']],
    ['an empty object', () => [poll(viewer.access, '{}'), '{}']],
    ['a JSON null', () => [poll(viewer.access, 'null'), 'null']],
    [
      'the prototype key',
      () => [
        poll(viewer.access, `{"id":${viewer.user.id},"__proto__":{"x":1}}`),
        `{"id":${viewer.user.id},"__proto__":{"x":1}}`,
      ],
    ],
    [
      'a body split in two writes',
      () => [poll(viewer.access, idBody(viewer.user.id)), idBody(viewer.user.id), { splitBodyAt: 3, pauseMs: 150 }],
    ],
    [
      'a body of spaces past the prepared bound, within the body limit',
      () => {
        const body = `${' '.repeat(1000)}${idBody(viewer.user.id)}`;
        return [poll(viewer.access, body), body];
      },
    ],
    [
      'a body past the body limit',
      () => {
        const body = `{"id":${viewer.user.id},"pad":"${'x'.repeat(6000)}"}`;
        return [poll(viewer.access, body), body];
      },
    ],
    [
      'a chunked body',
      () => {
        const body = idBody(viewer.user.id);
        const head = rawRequest(
          POLL,
          {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${viewer.access}`,
            'Transfer-Encoding': 'chunked',
          },
          'POST',
        );
        return [head, `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`];
      },
    ],
    [
      'a text content type',
      () => [poll(viewer.access, idBody(viewer.user.id), { 'Content-Type': 'text/plain' }), idBody(viewer.user.id)],
    ],
    [
      'Expect: 100-continue',
      () => [poll(viewer.access, idBody(viewer.user.id), { Expect: '100-continue' }), idBody(viewer.user.id)],
    ],
    [
      'the address without its trailing slash',
      () => [
        poll(viewer.access, idBody(viewer.user.id)).replace(`POST ${POLL} `, 'POST /feed-api/user/public-view '),
        idBody(viewer.user.id),
      ],
    ],
    [
      'a query string',
      () => [
        poll(viewer.access, idBody(viewer.user.id)).replace(`POST ${POLL} `, `POST ${POLL}?x=1 `),
        idBody(viewer.user.id),
      ],
    ],
    [
      "a second token, another viewer's",
      () => [
        poll(viewer.access, idBody(viewer.user.id), { authorization: `Bearer ${other.access}` }),
        idBody(viewer.user.id),
      ],
    ],
    [
      'two origins',
      () => [
        poll(viewer.access, idBody(viewer.user.id), {
          Origin: 'http://elsewhere.example',
          origin: 'http://allowed.example',
        }),
        idBody(viewer.user.id),
      ],
    ],
    ['GET', () => [rawRequest(POLL, { Authorization: `Bearer ${viewer.access}` }), '']],
    ['HEAD', () => [rawRequest(POLL, { Authorization: `Bearer ${viewer.access}` }, 'HEAD'), '']],
    [
      'a preflight',
      () => [
        rawRequest(POLL, { Origin: 'http://allowed.example', 'Access-Control-Request-Method': 'POST' }, 'OPTIONS'),
        '',
      ],
    ],
  ];

  it.each(routedCases)('leaves a poll with %s to the route, with the same answer', async (_what, make) => {
    await warm(viewer);
    await warm(other);
    const [head, body, sending] = make();
    const before = answeredBeforeRouting();
    const answer = await both(head, body, sending);
    expect(answeredBeforeRouting()).toBe(before);
    // Never the other viewer's flags or anybody's answer to a refused poll.
    expect(statusOf(answer)).not.toBe('');
  });

  it("refuses another viewer's id and forged tokens, even with both viewers' answers cached", async () => {
    await warm(viewer);
    await warm(other);
    expect(statusOf(await both(poll(viewer.access, idBody(other.user.id)), idBody(other.user.id)))).toBe('403');
    expect(statusOf(await both(poll(other.access, idBody(viewer.user.id)), idBody(viewer.user.id)))).toBe('403');
    const forged = forgedSub(viewer, other.user.id);
    expect(statusOf(await both(poll(forged, idBody(other.user.id)), idBody(other.user.id)))).toBe('401');
    const flipped = `${viewer.access.slice(0, -4)}AAAA`;
    expect(statusOf(await both(poll(flipped, idBody(viewer.user.id)), idBody(viewer.user.id)))).toBe('401');
    expect(statusOf(await both(poll(unsigned(other.user.id), idBody(other.user.id)), idBody(other.user.id)))).toBe(
      '401',
    );
  });

  it.each([
    ['one after another', false],
    ['pipelined', true],
  ])('answers polls sent %s on one kept-alive connection as the route does', async (_how, pipelined) => {
    await warm(viewer);
    await warm(other);
    const own = idBody(viewer.user.id);
    const turns: Turn[] = [
      { head: poll(viewer.access, own, {}, true), body: own },
      { head: poll(viewer.access, idBody(other.user.id), {}, true), body: idBody(other.user.id) },
      { head: poll(viewer.access, own, { Origin: 'http://allowed.example' }, true), body: own },
      { head: poll(viewer.access, `{"id":${viewer.user.id},"x":1}`, {}, true), body: `{"id":${viewer.user.id},"x":1}` },
      { head: rawRequest(POLL, {}, 'GET', true) },
      { head: poll(other.access, idBody(other.user.id), {}, true), body: idBody(other.user.id) },
      { head: poll(viewer.access, own, {}, true), body: own },
      // Fastify closes the connection after a body it cannot parse.
      { head: poll(viewer.access, '{"id":', {}, true), body: '{"id":' },
    ];
    const before = answeredBeforeRouting();
    const [answered, expected] = await Promise.all([
      converse(ports.prepared, turns, pipelined),
      converse(ports.routed, turns, pipelined),
    ]);
    expectSameAnswer(answered, expected);
    expect([...answered.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1])).toEqual([
      '200',
      '403',
      '200',
      '200',
      '404',
      '200',
      '200',
      '400',
    ]);
    // The four own polls with the id alone, of two viewers, went out before routing; the rest were routed.
    expect(answeredBeforeRouting()).toBe(before + 4);
  });

  it('answers a body that came in two writes, whatever the pause between them', async () => {
    await warm(viewer);
    for (const pauseMs of [0, 20, 300]) {
      for (const splitBodyAt of [0, 1, 5]) {
        const answer = await both(poll(viewer.access, idBody(viewer.user.id)), idBody(viewer.user.id), {
          splitBodyAt,
          pauseMs,
        });
        expect(statusOf(answer)).toBe('200');
      }
    }
  });

  it('answers the request time-out to a poll whose body never comes, as the route does', async () => {
    await warm(viewer);
    const started = Date.now();
    const answer = await both(poll(viewer.access, idBody(viewer.user.id)), '', { withoutBody: true });
    expect(statusOf(answer)).toBe('408');
    expect(Date.now() - started).toBeLessThan(CACHED.timeouts!.requestMs + 3000);
  });

  it('shows the flags of a Gold purchase at the very next poll, then answers them before routing', async () => {
    const buyer = await registerUser(twins.prepared.app, `pv-buyer-${kind}@example.com`);
    const ask = () => exchange(ports.prepared, poll(buyer.access, idBody(buyer.user.id)), idBody(buyer.user.id));
    await ask();
    const before = answeredBeforeRouting();
    expect(JSON.parse(bodyOf(await ask())).has_active_subs).toBe(false);
    expect(answeredBeforeRouting()).toBe(before + 1);
    expect((await subscribeGold(twins.prepared.app, buyer.access)).statusCode).toBe(303);
    const after = await ask();
    expect(JSON.parse(bodyOf(after))).toEqual({
      paying: true,
      registered: true,
      verified: false,
      has_active_subs: true,
    });
    expect(answeredBeforeRouting()).toBe(before + 1);
    const cached = await ask();
    expect(bodyOf(cached)).toBe(bodyOf(after));
    expect(answeredBeforeRouting()).toBe(before + 2);
  });

  it('shows a first coin purchase (paying) at the very next poll, then answers it before routing', async () => {
    const buyer = await registerUser(twins.prepared.app, `pv-coins-${kind}@example.com`);
    const ask = () => exchange(ports.prepared, poll(buyer.access, idBody(buyer.user.id)), idBody(buyer.user.id));
    await ask();
    expect(JSON.parse(bodyOf(await ask())).paying).toBe(false);
    await buyCoins(twins.prepared.app, buyer.access, 1);
    const before = answeredBeforeRouting();
    expect(JSON.parse(bodyOf(await ask()))).toEqual({
      paying: true,
      registered: true,
      verified: false,
      has_active_subs: false,
    });
    expect(answeredBeforeRouting()).toBe(before);
    expect(JSON.parse(bodyOf(await ask())).paying).toBe(true);
    expect(answeredBeforeRouting()).toBe(before + 1);
  });

  it('stops answering a viewer before routing once the account is disabled', async () => {
    const victim = await registerUser(twins.prepared.app, `pv-victim-${kind}@example.com`);
    const ask = () => exchange(ports.prepared, poll(victim.access, idBody(victim.user.id)), idBody(victim.user.id));
    await ask();
    expect(statusOf(await ask())).toBe('200');
    await twins.prepared.ctx.db
      .updateTable('users')
      .set({ is_active: false })
      .where('id', '=', victim.user.id)
      .execute();
    expect(statusOf(await ask())).toBe('401');
  });
});

describe('the prepared poll and the rate limit', () => {
  const LIMIT = 20;
  const twins = twinApps('sqlite', {
    cache: { catalogueSeconds: 60, publicViewSeconds: 60 },
    rateLimit: {
      anonymousPerMinute: 100_000,
      userPerMinute: LIMIT,
      sensitivePerMinute: 100,
      guestSignupsPerMinute: 100_000,
    },
  });
  let viewer: Session;

  beforeAll(async () => {
    viewer = await registerUser(twins.prepared.app, 'pv-limited@example.com');
  });

  it('counts 50 polls sent at once in the same limit as the route, refusing the same number', async () => {
    const head = poll(viewer.access, idBody(viewer.user.id), { 'Accept-Language': 'ru' });
    const body = idBody(viewer.user.id);
    // One poll each first, so the prepared app has the answer cached.
    for (const port of [twins.ports.prepared, twins.ports.routed])
      expect(statusOf(await exchange(port, head, body))).toBe('200');
    const burst = async (port: number) => {
      const answers = await Promise.all(Array.from({ length: 50 }, () => exchange(port, head, body)));
      const remaining = answers
        .filter((answer) => statusOf(answer) === '200')
        .map((answer) => Number(/\r\nx-ratelimit-remaining: (\d+)/.exec(answer)?.[1]))
        .sort((a, b) => a - b);
      return { statuses: answers.map(statusOf).sort(), remaining, answers };
    };
    const before = twins.prepared.app.preparedAnswers.answered;
    const prepared = await burst(twins.ports.prepared);
    const routed = await burst(twins.ports.routed);
    expect(prepared.statuses).toEqual(routed.statuses);
    expect(prepared.statuses.filter((status) => status === '200')).toHaveLength(LIMIT - 1);
    expect(prepared.statuses.filter((status) => status === '429')).toHaveLength(50 - (LIMIT - 1));
    // Every allowed poll was counted once: the remaining counts are each of LIMIT - 2 … 0 once.
    expect(prepared.remaining).toEqual(Array.from({ length: LIMIT - 1 }, (_, i) => i));
    expect(prepared.remaining).toEqual(routed.remaining);
    expect(twins.prepared.app.preparedAnswers.answered - before).toBeGreaterThan(0);
    const refusal = prepared.answers.find((answer) => statusOf(answer) === '429') as string;
    expect(Buffer.from(refusal, 'latin1').toString('utf8')).toContain('Слишком много запросов');
    // The limit holds afterwards too: the next poll is refused by both.
    for (const port of [twins.ports.prepared, twins.ports.routed])
      expect(statusOf(await exchange(port, head, body))).toBe('429');
  });
});

describe('polls the prepared path leaves to the route', () => {
  const polled = async (t: TestApp) => {
    const viewer = await registerUser(t.app, 'pv-routed@example.com');
    const port = await listenOnFreePort(t.app);
    const answers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push(await exchange(port, poll(viewer.access, idBody(viewer.user.id)), idBody(viewer.user.id)));
    }
    return answers;
  };

  it('answers every poll through the route when the poll is not cached', async () => {
    const t = await createTestApp('sqlite', { cache: { catalogueSeconds: 60, publicViewSeconds: 0 } });
    try {
      expect((await polled(t)).map(statusOf)).toEqual(['200', '200', '200']);
      expect(t.app.preparedAnswers.answered).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('answers every poll through the route when the log writes every request', async () => {
    const lines: string[] = [];
    const destination = { write: (line: string) => lines.push(line) };
    const t = await createTestApp('sqlite', {
      cache: { catalogueSeconds: 60, publicViewSeconds: 60 },
      logger: true,
      requestLog: { level: 'debug', slowRequestMs: 1000, destination },
    });
    try {
      expect((await polled(t)).map(statusOf)).toEqual(['200', '200', '200']);
      expect(t.app.preparedAnswers.answered).toBe(0);
      expect(lines.filter((line) => line.includes('request completed') && line.includes(POLL))).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
