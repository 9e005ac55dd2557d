/**
 * Text holding a NUL character (U+0000) travels fine in JSON and URLs, but PostgreSQL cannot store or
 * compare it: such a request is the client's mistake, answered 400 with a clear message naming the
 * field, and it changes nothing — on SQLite too, which would store it, so both databases answer alike.
 */
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/http/errors';
import { databaseKinds } from '../support/databases';
import { registerUser, type Session } from '../support/fixtures';
import { call } from '../support/http';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

describe.each(databaseKinds())('text with a NUL character (%s)', (kind) => {
  let t: TestApp;
  let viewer: Session;
  let staff: Session;

  beforeAll(async () => {
    t = await createTestApp(kind);
    viewer = await registerUser(t.app, 'nul-character@example.com');
    staff = await registerUser(t.app, 'nul-character-staff@example.com');
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
  });
  afterAll(() => t.close());

  const stored = async () => ({
    users: await t.ctx.db.selectFrom('users').selectAll().orderBy('id').execute(),
    series: await t.ctx.db.selectFrom('series').selectAll().orderBy('id').execute(),
  });

  it.each([
    ['viewer', 'PATCH', '/api/users/profile/', { first_name: 'Ann\u0000' }, 'first_name'],
    ['viewer', 'POST', '/api/auth/login/', { email: 'nul\u0000@example.com', password: 'correct horse' }, 'email'],
    ['viewer', 'POST', '/api/auth/magic-link/', { email: 'nul@example.com', next: '/series/1\u0000' }, 'next'],
    ['viewer', 'GET', '/api/search/?q=love%00', undefined, 'q'],
    ['viewer', 'GET', '/api/series/?search=love%00', undefined, 'search'],
    ['staff', 'POST', '/api/admin/series/', { title: 'Night', tags: ['a', 'b\u0000'] }, 'tags.1'],
  ] as const)(
    'as %s, %s %s answers 400 naming the field, and changes nothing',
    async (who, method, url, payload, field) => {
      const before = await stored();
      const session = who === 'staff' ? staff : viewer;
      const answer = await call(t.app, { method, url, headers: bearer(session.access), payload });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        message: UNSTORABLE_TEXT_MESSAGE,
        errors: [{ field, message: 'contains the NUL character (U+0000)' }],
      });
      expect(await stored()).toEqual(before);
    },
  );

  it('checks the text the schema accepts only: the same fields without the character are saved', async () => {
    const answer = await call(t.app, {
      method: 'PATCH',
      url: '/api/users/profile/',
      headers: bearer(viewer.access),
      payload: { first_name: 'Ann' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().first_name).toBe('Ann');
  });

  // Event properties are kept as escaped JSON text (see analytics-rollup.test.ts); a NUL in a column
  // of its own is refused by PostgreSQL and answered the same way by the error handler.
  (kind === 'postgres' ? it : it.skip)(
    'an analytics event type with the character answers 400 on PostgreSQL',
    async () => {
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/analytics/events',
        headers: bearer(viewer.access),
        payload: { api_key: 'web', events: [{ event_type: 'play\u0000', user_id: 'u1' }] },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(UNSTORABLE_TEXT_MESSAGE);
    },
  );
});
