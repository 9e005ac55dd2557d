/**
 * Failed sign-ins slow an account down whatever address they come from, without locking the owner
 * out for long; guests cannot be made in bulk from one address; usernames are one name in any case.
 */
import {
  delayAfterFailures,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_SECONDS,
} from '../../../src/domains/auth/login-throttle';
import { databaseKinds } from '../../support/databases';
import { registerUser } from '../../support/fixtures';
import { call } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

const PASSWORD = 'correct horse battery';

describe('the per-account delay', () => {
  it('is free for the first failures, then doubles up to a minute', () => {
    expect(delayAfterFailures(LOGIN_FREE_FAILURES)).toBe(0);
    expect(delayAfterFailures(LOGIN_FREE_FAILURES + 1)).toBe(2);
    expect(delayAfterFailures(LOGIN_FREE_FAILURES + 2)).toBe(4);
    expect(delayAfterFailures(LOGIN_FREE_FAILURES + 30)).toBe(LOGIN_MAX_DELAY_SECONDS);
  });
});

describe.each(databaseKinds())('login limits (%s)', (kind) => {
  let t: TestApp;
  let clock = Date.now();

  beforeAll(async () => {
    // Addresses come from X-Forwarded-For here, so one test can speak from many addresses.
    t = await createTestApp(kind, { trustProxy: true }, { now: () => new Date(clock) });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (identifier: Record<string, string>, password: string, from: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'x-forwarded-for': from },
      payload: { ...identifier, password },
    });

  it('slows guesses at one account from many addresses, and lets the owner in after the wait', async () => {
    const email = `throttled-${kind}@example.com`;
    await registerUser(t.app, email, PASSWORD);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i += 1) {
      expect((await login({ email }, `wrong ${i}`, `10.0.0.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login({ email }, 'wrong again', '10.0.1.1')).statusCode).toBe(401);
    // From yet another address, even the right password waits its turn (2 s after the 6th failure).
    const slowed = await login({ email }, PASSWORD, '10.0.2.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual(expect.objectContaining({ retry_after_seconds: 2 }));
    expect(slowed.json().message).toMatch(/wait 2 seconds/);

    clock += 2_100;
    const owner = await login({ email }, PASSWORD, '10.0.3.1');
    expect(owner.statusCode).toBe(200);
    // Success cleared the count: the next mistake is free again.
    expect((await login({ email }, 'typo', '10.0.3.1')).statusCode).toBe(401);
    expect((await login({ email }, PASSWORD, '10.0.3.1')).statusCode).toBe(200);
  });

  it('never makes the owner wait more than a minute between two tries', async () => {
    const email = `patient-${kind}@example.com`;
    await registerUser(t.app, email, PASSWORD);
    for (let i = 0; i < LOGIN_FREE_FAILURES + 20; i += 1) {
      const answer = await login({ email }, `guess ${i}`, `10.1.${i}.1`);
      expect([401, 429]).toContain(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.json().retry_after_seconds).toBeLessThanOrEqual(LOGIN_MAX_DELAY_SECONDS);
        clock += answer.json().retry_after_seconds * 1000;
      }
    }
    clock += LOGIN_MAX_DELAY_SECONDS * 1000;
    expect((await login({ email }, PASSWORD, '10.1.99.1')).statusCode).toBe(200);
  });

  it('lets only one of a burst of parallel guesses at one account through to the password check', async () => {
    const email = `burst-${kind}@example.com`;
    await registerUser(t.app, email, PASSWORD);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i += 1) await login({ email }, `wrong ${i}`, '10.2.0.1');
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login({ email }, `parallel ${i}`, `10.2.1.${i + 1}`)),
    );
    const checked = burst.filter((answer) => answer.statusCode === 401);
    expect(checked.length).toBeLessThanOrEqual(1);
    expect(burst.every((answer) => [401, 429].includes(answer.statusCode))).toBe(true);
    clock += LOGIN_MAX_DELAY_SECONDS * 1000;
  });

  it('treats usernames that differ only in case as one name', async () => {
    const first = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register/',
      payload: { email: `case-a-${kind}@example.com`, password: PASSWORD, username: `SEC-A55-${kind}` },
    });
    expect(first.statusCode).toBe(201);
    const clash = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register/',
      payload: { email: `case-b-${kind}@example.com`, password: PASSWORD, username: `sec-a55-${kind}` },
    });
    expect(clash.statusCode).toBe(409);
    // And the name signs in however it is typed.
    expect((await login({ username: `Sec-a55-${kind}` }, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    // A profile rename onto another's name in another case is refused too.
    const other = await registerUser(t.app, `case-c-${kind}@example.com`, PASSWORD);
    const rename = await call(t.app, {
      method: 'PATCH',
      url: '/api/users/profile/',
      headers: { authorization: `Bearer ${other.access}` },
      payload: { username: `sec-A55-${kind}` },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('treats e-mail addresses that differ only in case as one address', async () => {
    await registerUser(t.app, `Mixed-${kind}@Example.com`, PASSWORD);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register/',
      payload: { email: `mixed-${kind}@example.com`, password: PASSWORD },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe.each(databaseKinds())('guest creation limit (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      trustProxy: true,
      rateLimit: {
        anonymousPerMinute: 100_000,
        userPerMinute: 100_000,
        sensitivePerMinute: 100_000,
        guestSignupsPerMinute: 3,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const signup = (from: string, id: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/user/signup/',
      headers: { authorization: 'Token cliffhanger-web', 'x-forwarded-for': from },
      payload: { id },
    });

  it('refuses a client address more new guests than the limit, leaving other addresses alone', async () => {
    for (let i = 0; i < 3; i += 1) expect((await signup('10.9.0.1', `farmguest${kind}${i}`)).statusCode).toBe(200);
    const refused = await signup('10.9.0.1', `farmguest${kind}x`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toEqual(expect.any(String));
    expect((await signup('10.9.0.2', `otherguest${kind}`)).statusCode).toBe(200);
  });
});
