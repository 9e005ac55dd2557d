import { databaseKinds } from '../../support/databases';
import { registerUser, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { suiteAppWithMail, tokenFromMail } from '../../support/smtp';
import { bearer } from '../../support/test-app';

describe.each(databaseKinds())('setting a first password on a magic-link account (%s)', (kind) => {
  const { t, smtp } = suiteAppWithMail(kind);

  /** An account made by following a magic link: it has no password. */
  async function magicLinkAccount(email: string) {
    const asked = await call(t.app, { method: 'POST', url: '/api/auth/magic-link/', payload: { email } });
    expect(asked.statusCode).toBe(200);
    const token = tokenFromMail(await smtp.waitForMail(email, 'magic-link-registration='), 'magic-link-registration');
    const verified = await call(t.app, { method: 'POST', url: '/api/auth/magic-link/verify/', payload: { token } });
    expect(verified.statusCode).toBe(200);
    return verified.json() as { access: string; refresh: string; user: { id: number; has_password: boolean } };
  }
  const setPassword = (access: string, new_password: string) =>
    call(t.app, { method: 'POST', url: '/api/auth/set-password/', headers: bearer(access), payload: { new_password } });
  const login = (email: string, password: string) =>
    call(t.app, { method: 'POST', url: '/api/auth/login/', payload: { email, password } });
  const refresh = (token: string) =>
    call(t.app, { method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: token } });
  const profile = async (access: string) =>
    (await call(t.app, { url: '/api/users/profile/', headers: bearer(access) })).json();

  it('tells the profile whether the account has a password', async () => {
    const linked = await magicLinkAccount('no-password@example.com');
    expect(linked.user.has_password).toBe(false);
    expect((await profile(linked.access)).has_password).toBe(false);
    const registered = await registerUser(t.app, 'with-password@example.com');
    expect((await profile(registered.access)).has_password).toBe(true);
  });

  it('sets the password once, and the new password signs in', async () => {
    const linked = await magicLinkAccount('first@example.com');
    expect((await login('first@example.com', 'my first password')).statusCode).toBe(401);

    const answer = await setPassword(linked.access, 'my first password');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      message: 'Your password has been set',
      access: expect.any(String),
      refresh: expect.any(String),
    });
    expect((await login('first@example.com', 'my first password')).statusCode).toBe(200);
    expect((await profile(answer.json().access)).has_password).toBe(true);
  });

  it('refuses a second set without the current password and keeps the first password', async () => {
    const linked = await magicLinkAccount('second@example.com');
    const first = await setPassword(linked.access, 'the real password');
    expect(first.statusCode).toBe(200);

    // A stolen or left-open session tries to replace the password without knowing it.
    const second = await setPassword(first.json().access, 'the thief password');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already has a password/);
    expect((await login('second@example.com', 'the thief password')).statusCode).toBe(401);
    expect((await login('second@example.com', 'the real password')).statusCode).toBe(200);
  });

  it('never replaces a password an account registered with', async () => {
    const registered = await registerUser(t.app, 'registered-set@example.com', 'registered password');
    const attempt = await setPassword(registered.access, 'replacement password');
    expect(attempt.statusCode).toBe(409);
    expect((await login('registered-set@example.com', 'registered password')).statusCode).toBe(200);
    expect((await login('registered-set@example.com', 'replacement password')).statusCode).toBe(401);
  });

  it('lets exactly one of 50 simultaneous first-password requests win', async () => {
    const linked = await magicLinkAccount('race@example.com');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => setPassword(linked.access, `racing password ${i}`)),
    );
    const winners = answers.map((a, i) => ({ status: a.statusCode, i })).filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    const winner = winners[0]?.i as number;
    expect((await login('race@example.com', `racing password ${winner}`)).statusCode).toBe(200);
    expect((await login('race@example.com', `racing password ${(winner + 1) % 50}`)).statusCode).toBe(401);
  });

  it('does not let a guest set a password', async () => {
    const guest = await signUpGuest(t.app);
    const attempt = await setPassword(guest.access, 'guest password');
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json().message).toEqual(expect.any(String));
    const row = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', guest.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
  });

  it('refuses without a session and refuses a password shorter than the registration rule', async () => {
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/api/auth/set-password/',
      payload: { new_password: 'long enough password' },
    });
    expect(anonymous.statusCode).toBe(401);
    const linked = await magicLinkAccount('short@example.com');
    const short = await setPassword(linked.access, 'short');
    expect(short.statusCode).toBe(400);
    expect((await profile(linked.access)).has_password).toBe(false);
  });

  it('signs other devices out, like a password change, and keeps this device signed in', async () => {
    const linked = await magicLinkAccount('devices@example.com');
    const answer = await setPassword(linked.access, 'devices password');
    expect(answer.statusCode).toBe(200);
    // The session that followed the link on another device ends, as it does after a password change.
    expect((await refresh(linked.refresh)).statusCode).toBe(401);
    expect((await refresh(answer.json().refresh)).statusCode).toBe(200);
  });
});
