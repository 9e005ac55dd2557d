/**
 * The viewer's language on the account (issue #21): `PATCH /api/users/profile/` stores `language`
 * (en or ru, or null to forget it), `GET` answers it, and anything else is refused with nothing changed.
 */
import { databaseKinds } from '../../support/databases';
import { registerUser, type Session } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

const URL = '/api/users/profile/';

describe.each(databaseKinds())('the language on the account (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const profile = (session: Session) => call(t.app, { url: URL, headers: bearer(session.access) });
  const update = (session: Session, payload: unknown, headers: Record<string, string> = {}) =>
    call(t.app, { method: 'PATCH', url: URL, headers: { ...bearer(session.access), ...headers }, payload });
  const stored = async (session: Session) =>
    (await t.ctx.db.selectFrom('users').select('language').where('id', '=', session.user.id).executeTakeFirstOrThrow())
      .language;

  it('has no language until the viewer chooses one', async () => {
    const session = await registerUser(t.app, 'language-new@example.com');
    expect(session.user.language).toBeNull();
    expect((await profile(session)).json().language).toBeNull();
  });

  it('remembers the chosen language and answers it on the profile', async () => {
    const session = await registerUser(t.app, 'language-ru@example.com');
    const saved = await update(session, { language: 'ru' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().language).toBe('ru');
    expect((await profile(session)).json().language).toBe('ru');
    expect(await stored(session)).toBe('ru');
    // Changing another field keeps it; null forgets it.
    expect((await update(session, { first_name: 'Анна' })).json().language).toBe('ru');
    const forgotten = await update(session, { language: null });
    expect(forgotten.json().language).toBeNull();
    expect(await stored(session)).toBeNull();
  });

  it.each([
    ['an unsupported language', 'xx'],
    ['a tag with a region', 'ru-RU'],
    ['upper case', 'RU'],
    ['a 10 KB string', 'r'.repeat(10 * 1024)],
    ['an array', ['ru']],
    ['an object', { ru: true }],
    ['a number', 1],
    ['an empty string', ''],
    ['a NUL character', 'ru\u0000'],
  ])('refuses %s with a 400 and changes nothing', async (_name, language) => {
    const session = await registerUser(t.app, `language-bad-${Math.random().toString(36).slice(2)}@example.com`);
    await update(session, { language: 'en' });
    const refused = await update(session, { language, first_name: 'Changed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/language/);
    expect(await stored(session)).toBe('en');
    expect((await profile(session)).json().first_name).not.toBe('Changed');
  });

  it("cannot set another user's language: the route has no id and refuses one in the body", async () => {
    const victim = await registerUser(t.app, 'language-victim@example.com');
    const attacker = await registerUser(t.app, 'language-attacker@example.com');
    for (const payload of [
      { id: victim.user.id, language: 'ru' },
      { user_id: victim.user.id, language: 'ru' },
    ]) {
      expect((await update(attacker, payload)).statusCode).toBe(400);
    }
    const elsewhere = await call(t.app, {
      method: 'PATCH',
      url: `/api/users/${victim.user.id}/profile/`,
      headers: bearer(attacker.access),
      payload: { language: 'ru' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await stored(victim)).toBeNull();
    expect(await stored(attacker)).toBeNull();
    // Without a session nothing is stored at all.
    const anonymous = await call(t.app, { method: 'PATCH', url: URL, payload: { language: 'ru' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('ignores a garbage or huge Accept-Language when saving', async () => {
    const session = await registerUser(t.app, 'language-header@example.com');
    const garbage = await update(session, { language: 'ru' }, { 'accept-language': ';;q=,\u00ff*%%' });
    expect(garbage.statusCode).toBe(200);
    const huge = await update(session, { language: 'en' }, { 'accept-language': `ru;q=0.5,${'en-x,'.repeat(1500)}` });
    expect(huge.statusCode).toBe(200);
    expect(await stored(session)).toBe('en');
  });
});
