/**
 * Text holding a NUL character (U+0000) travels fine in JSON and URLs, but PostgreSQL cannot store or
 * compare it: such a request is the client's mistake, answered 400 with a clear message, and it changes
 * nothing. (SQLite stores the text as given, so this suite runs on PostgreSQL only.)
 */
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/http/errors';
import { databaseKinds } from '../support/databases';
import { registerUser, type Session } from '../support/fixtures';
import { call } from '../support/http';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

const onPostgres = databaseKinds().includes('postgres');

(onPostgres ? describe : describe.skip)('text with a NUL character on PostgreSQL', () => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    session = await registerUser(t.app, 'nul-character@example.com');
  });
  afterAll(() => t.close());

  it.each([
    ['PATCH', '/api/users/profile/', { first_name: 'Ann\u0000' }],
    ['POST', '/api/auth/login/', { email: 'nul\u0000@example.com', password: 'correct horse battery' }],
    ['POST', '/api/auth/magic-link/', { email: 'nul@example.com', next: '/series/1\u0000' }],
    ['POST', '/api/analytics/events', { api_key: 'web', events: [{ event_type: 'play\u0000', user_id: 'u1' }] }],
    ['GET', '/api/search/?q=love%00', undefined],
    ['GET', '/api/series/?search=love%00', undefined],
  ] as const)('%s %s answers 400 and changes nothing', async (method, url, payload) => {
    const before = await t.ctx.db.selectFrom('users').selectAll().orderBy('id').execute();
    const answer = await call(t.app, { method, url, headers: bearer(session.access), payload });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(await t.ctx.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
