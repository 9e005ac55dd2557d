import { databaseKinds } from '../../support/databases';
import { registerUser, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

const URL = '/api/users/notification-preferences/';
const DEFAULTS = { email_new_episodes: true, email_promotions: false, push_enabled: false };

describe.each(databaseKinds())('notification preferences (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const read = (access: string) => call(t.app, { url: URL, headers: bearer(access) });
  const write = (access: string, payload: unknown) =>
    call(t.app, { method: 'PUT', url: URL, headers: bearer(access), payload });

  it('answers the defaults for a new user without storing anything', async () => {
    const session = await registerUser(t.app, 'prefs-new@example.com');
    const answer = await read(session.access);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(DEFAULTS);
    const rows = await t.ctx.db
      .selectFrom('notification_preferences')
      .selectAll()
      .where('user_id', '=', session.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('persists an update and answers the full object, keeping the keys left out', async () => {
    const session = await registerUser(t.app, 'prefs-update@example.com');
    const first = await write(session.access, { email_promotions: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...DEFAULTS, email_promotions: true });
    const second = await write(session.access, { email_new_episodes: false, push_enabled: true });
    expect(second.json()).toEqual({ email_new_episodes: false, email_promotions: true, push_enabled: true });
    expect((await read(session.access)).json()).toEqual({
      email_new_episodes: false,
      email_promotions: true,
      push_enabled: true,
    });
  });

  it('keeps each viewer’s preferences to themselves', async () => {
    const mia = await registerUser(t.app, 'prefs-mia@example.com');
    const guest = await signUpGuest(t.app);
    await write(mia.access, { email_promotions: true, push_enabled: true });
    expect((await read(guest.access)).json()).toEqual(DEFAULTS);
    expect((await write(guest.access, { push_enabled: true })).json()).toEqual({ ...DEFAULTS, push_enabled: true });
    expect((await read(mia.access)).json()).toEqual({ ...DEFAULTS, email_promotions: true, push_enabled: true });
  });

  it('refuses unknown keys, wrong types and empty updates with a clear 400, changing nothing', async () => {
    const session = await registerUser(t.app, 'prefs-bad@example.com');
    await write(session.access, { email_promotions: true });
    const stored = { ...DEFAULTS, email_promotions: true };

    const unknown = await write(session.access, { email_promotions: false, daily_digest: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The daily digest is not an accepted field.');

    const wrongType = await write(session.access, { email_promotions: 'no' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('The email promotions must be true or false.');

    for (const payload of [{}, [], null, 'true', { push_enabled: 1 }, { push_enabled: null }]) {
      const answer = await write(session.access, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/^(The |Invalid body)/);
    }

    expect((await read(session.access)).json()).toEqual(stored);
  });

  it('answers 401 without a token or with the public static token, storing nothing', async () => {
    const count = async () =>
      (await t.ctx.db.selectFrom('notification_preferences').select('user_id').execute()).length;
    const before = await count();
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Token cliffhanger-web' },
      { authorization: 'Bearer nope' },
    ]) {
      const get = await call(t.app, { url: URL, headers });
      expect(get.statusCode).toBe(401);
      expect(get.json().message).toEqual(expect.any(String));
      const put = await call(t.app, { method: 'PUT', url: URL, headers, payload: { push_enabled: true } });
      expect(put.statusCode).toBe(401);
    }
    expect(await count()).toBe(before);
  });
});
