import { databaseKinds } from '../../support/databases';
import { registerUser, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { suiteAppWithMail, tokenFromMail } from '../../support/smtp';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

describe.each(databaseKinds())('auth routes (%s)', (kind) => {
  const { t, smtp } = suiteAppWithMail(kind);

  const login = (email: string, password: string) =>
    call(t.app, { method: 'POST', url: '/api/auth/login/', payload: { email, password } });
  const refreshWith = (refresh: string) =>
    call(t.app, { method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh } });
  const profileWith = (access: string) => call(t.app, { url: '/api/users/profile/', headers: bearer(access) });

  it('registers an account and answers access, refresh and every User field', async () => {
    const session = await registerUser(t.app, 'Ann@Example.com');
    expect(session.access).toEqual(expect.any(String));
    expect(session.refresh).toEqual(expect.any(String));
    expect(session.user).toEqual(
      expect.objectContaining({
        email: 'ann@example.com',
        username: 'ann',
        first_name: '',
        last_name: '',
        is_guest: false,
        is_premium: false,
        is_gold_member: false,
        is_staff: false,
        is_superuser: false,
        coin_balance: 0,
        subscription: null,
        created_at: expect.any(String),
      }),
    );
    const stored = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'ann@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a second account for the same address', async () => {
    await registerUser(t.app, 'twice@example.com');
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register/',
      payload: { email: 'twice@example.com', password: 'another password' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
  });

  it('signs in with the right password and refuses a wrong one with the same message as an unknown address', async () => {
    await registerUser(t.app, 'bob@example.com', 'bob password 1');
    const ok = await login('bob@example.com', 'bob password 1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('bob@example.com');
    const wrong = await login('bob@example.com', 'nope nope');
    const unknown = await login('nobody@example.com', 'nope nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('does not let a disabled user sign in or keep using a token', async () => {
    const session = await registerUser(t.app, 'disabled@example.com', 'disabled pass');
    await t.ctx.db.updateTable('users').set({ is_active: false }).where('id', '=', session.user.id).execute();
    const signIn = await login('disabled@example.com', 'disabled pass');
    expect(signIn.statusCode).toBe(403);
    const profile = await profileWith(session.access);
    expect(profile.statusCode).toBe(401);
    const refresh = await refreshWith(session.refresh);
    expect(refresh.statusCode).toBe(401);
  });

  it('rotates the refresh token on each refresh', async () => {
    const session = await registerUser(t.app, 'rotate@example.com');
    const first = await refreshWith(session.refresh);
    expect(first.statusCode).toBe(200);
    expect(first.json().refresh).not.toBe(session.refresh);
    const profile = await profileWith(first.json().access);
    expect(profile.json().email).toBe('rotate@example.com');
  });

  it('refuses a reused refresh token and revokes its family', async () => {
    const session = await registerUser(t.app, 'reuse@example.com');
    const rotated = (await refreshWith(session.refresh)).json();
    const replay = await refreshWith(session.refresh);
    expect(replay.statusCode).toBe(401);
    const descendant = await refreshWith(rotated.refresh);
    expect(descendant.statusCode).toBe(401);
  });

  it('ends the refresh family on logout', async () => {
    const session = await registerUser(t.app, 'logout@example.com');
    const out = await call(t.app, { method: 'POST', url: '/api/auth/logout/', payload: { refresh: session.refresh } });
    expect(out.statusCode).toBe(200);
    const refresh = await refreshWith(session.refresh);
    expect(refresh.statusCode).toBe(401);
    const empty = await call(t.app, { method: 'POST', url: '/api/auth/logout/' });
    expect(empty.statusCode).toBe(200);
  });

  it('signs tokens that expire within 15 minutes', async () => {
    const session = await registerUser(t.app, 'ttl@example.com');
    const claims = JSON.parse(Buffer.from(session.access.split('.')[1] as string, 'base64url').toString());
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(15 * 60);
  });

  it('rejects a forged or tampered access token', async () => {
    const session = await registerUser(t.app, 'forge@example.com');
    const [header, payload] = session.access.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${session.access.split('.')[2]}`;
    expect((await profileWith(forged)).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await profileWith(none)).statusCode).toBe(401);
  });

  it('answers 401 with a clear message for personal calls without a token, and treats the static Token as anonymous', async () => {
    const none = await call(t.app, { url: '/api/users/profile/' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/credentials/i);
    const staticToken = await call(t.app, {
      url: '/api/users/profile/',
      headers: { authorization: 'Token cliffhanger-web' },
    });
    expect(staticToken.statusCode).toBe(401);
    const catalogue = await call(t.app, { url: '/api/series/', headers: { authorization: 'Token cliffhanger-web' } });
    expect(catalogue.statusCode).toBe(200);
  });

  it('updates profile names but can never set staff, superuser, gold, premium or coins', async () => {
    const session = await registerUser(t.app, 'patch@example.com');
    const ok = await call(t.app, {
      method: 'PATCH',
      url: '/api/users/profile/',
      headers: bearer(session.access),
      payload: { first_name: 'Pat', username: 'patty' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(expect.objectContaining({ first_name: 'Pat', username: 'patty' }));
    for (const field of ['is_staff', 'is_superuser', 'is_gold_member', 'is_premium', 'coin_balance', 'email']) {
      const value = field === 'coin_balance' ? 100000 : field === 'email' ? 'x@example.com' : true;
      const attempt = await call(t.app, {
        method: 'PATCH',
        url: '/api/users/profile/',
        headers: bearer(session.access),
        payload: { [field]: value },
      });
      expect(attempt.statusCode).toBe(400);
    }
    const profile = (await profileWith(session.access)).json();
    expect(profile).toEqual(
      expect.objectContaining({
        is_staff: false,
        is_superuser: false,
        is_gold_member: false,
        is_premium: false,
        coin_balance: 0,
        email: 'patch@example.com',
      }),
    );
  });

  it('registers a guest idempotently for the same guest id, accepting the static Token header', async () => {
    const first = await signUpGuest(t.app, 'AbCdEfGhIjKlMnOpQrSt');
    const second = await signUpGuest(t.app, 'AbCdEfGhIjKlMnOpQrSt');
    expect(first.user.is_guest).toBe(true);
    expect(second.user.id).toBe(first.user.id);
    expect(second.access).toEqual(expect.any(String));
    const rows = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('guest_id', '=', 'AbCdEfGhIjKlMnOpQrSt')
      .execute();
    expect(rows).toHaveLength(1);
    const wrongToken = await call(t.app, {
      method: 'POST',
      url: '/api/user/signup/',
      headers: { authorization: 'Token wrong' },
      payload: { id: 'AbCdEfGhIjKlMnOpQrSt' },
    });
    expect(wrongToken.statusCode).toBe(401);
  });

  it('gives the same answer for known and unknown addresses on password reset, and resets with the mailed token once', async () => {
    await registerUser(t.app, 'reset@example.com', 'old password');
    const known = await call(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password/',
      payload: { email: 'reset@example.com' },
    });
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password/',
      payload: { email: 'ghost@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const token = tokenFromMail(await smtp.waitForMail('reset@example.com', 'reset-password='), 'reset-password');
    const confirm = await call(t.app, {
      method: 'POST',
      url: '/api/auth/confirm-reset-password/',
      payload: { token, password: 'new password!' },
    });
    expect(confirm.statusCode).toBe(200);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/auth/confirm-reset-password/',
      payload: { token, password: 'other password' },
    });
    expect(again.statusCode).toBe(400);
    const signIn = await login('reset@example.com', 'new password!');
    expect(signIn.statusCode).toBe(200);
    expect(smtp.messages.some((mail) => mail.to.includes('ghost@example.com'))).toBe(false);
  });

  it('changes the password only with the current one and signs other sessions out', async () => {
    const session = await registerUser(t.app, 'change@example.com', 'first password');
    const wrong = await call(t.app, {
      method: 'POST',
      url: '/api/auth/change-password/',
      headers: bearer(session.access),
      payload: { old_password: 'nope', new_password: 'second password' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await call(t.app, {
      method: 'POST',
      url: '/api/auth/change-password/',
      headers: bearer(session.access),
      payload: { old_password: 'first password', new_password: 'second password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await refreshWith(session.refresh)).statusCode).toBe(401);
    expect((await refreshWith(ok.json().refresh)).statusCode).toBe(200);
  });

  it('verifies the e-mail address with the token mailed at registration', async () => {
    const session = await registerUser(t.app, 'verify@example.com');
    expect(session.user.verified).toBe(false);
    const token = tokenFromMail(await smtp.waitForMail('verify@example.com', 'verify-email='), 'verify-email');
    expect((await call(t.app, { method: 'POST', url: '/api/auth/verify-email/', payload: { token } })).statusCode).toBe(
      200,
    );
    const profile = (await profileWith(session.access)).json();
    expect(profile.verified).toBe(true);
    expect(profile.registered).toBe(true);
  });
});

describe.each(databaseKinds())('auth rate limits (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      rateLimit: {
        anonymousPerMinute: 100_000,
        userPerMinute: 100_000,
        sensitivePerMinute: 3,
        guestSignupsPerMinute: 100_000,
      },
    });
  });
  afterAll(() => t.close());

  it('limits login attempts with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 4; i += 1) {
      last = await call(t.app, {
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: 'x@example.com', password: 'whatever1' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last?.headers['retry-after']).toBeDefined();
    expect(last?.json().message).toEqual(expect.any(String));
  });

  it('limits magic-link requests with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await call(t.app, { method: 'POST', url: '/api/auth/magic-link/', payload: { email: `m${i}@example.com` } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
