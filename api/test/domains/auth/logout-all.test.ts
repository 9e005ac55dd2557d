import { databaseKinds } from '../../support/databases';
import { registerUser } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

describe.each(databaseKinds())('signing out everywhere (%s)', (kind) => {
  let t: TestApp;
  let now = new Date('2026-03-01T10:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => now });
  });
  afterAll(() => t.close());

  const login = async (email: string, password = 'correct horse battery') => {
    const answer = await call(t.app, { method: 'POST', url: '/api/auth/login/', payload: { email, password } });
    expect(answer.statusCode).toBe(200);
    return answer.json() as { access: string; refresh: string };
  };
  const refresh = (token: string) =>
    call(t.app, { method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: token } });
  const logoutAll = (access: string) =>
    call(t.app, { method: 'POST', url: '/api/auth/logout-all/', headers: bearer(access) });

  it('makes the old refresh tokens of every family fail', async () => {
    const phone = await registerUser(t.app, 'everywhere@example.com');
    const laptop = await login('everywhere@example.com');
    const tablet = await login('everywhere@example.com');
    // The tablet's family has rotated once: its first token is spent, the second is live.
    const rotated = (await refresh(tablet.refresh)).json();

    const answer = await logoutAll(laptop.access);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ signed_out: true });

    for (const token of [phone.refresh, laptop.refresh, rotated.refresh, tablet.refresh]) {
      const attempt = await refresh(token);
      expect(attempt.statusCode).toBe(401);
      expect(attempt.json().message).toEqual(expect.any(String));
    }
    const live = await t.ctx.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', phone.user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('leaves other users signed in and lets the user sign in again', async () => {
    const ann = await registerUser(t.app, 'ann-all@example.com');
    const bob = await registerUser(t.app, 'bob-all@example.com');
    expect((await logoutAll(ann.access)).statusCode).toBe(200);

    expect((await refresh(bob.refresh)).statusCode).toBe(200);
    const again = await login('ann-all@example.com');
    expect((await refresh(again.refresh)).statusCode).toBe(200);
  });

  it('lets the current access token work no later than its expiry', async () => {
    const session = await registerUser(t.app, 'expiry-all@example.com');
    expect((await logoutAll(session.access)).statusCode).toBe(200);
    // Access tokens are stateless: one already handed out lasts until it expires (15 minutes here).
    now = new Date(now.getTime() + (t.ctx.config.accessTokenTtlSeconds + 1) * 1000);
    const profile = await call(t.app, { url: '/api/users/profile/', headers: bearer(session.access) });
    expect(profile.statusCode).toBe(401);
    expect((await logoutAll(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it('answers 401 without a token or with the public static token', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Token cliffhanger-web' },
      { authorization: 'Bearer not-a-token' },
    ]) {
      const answer = await call(t.app, { method: 'POST', url: '/api/auth/logout-all/', headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toEqual(expect.any(String));
    }
  });
});
