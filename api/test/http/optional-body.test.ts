/**
 * A few routes take a bare POST to mean "the defaults": logout, a staff invitation and a staff cancel.
 * Their schema says so once, and from that the request passes validation as `{}` and the API document
 * marks the body optional; every other body stays required.
 */
import { databaseKinds } from '../support/databases';
import { registerUser, type Session } from '../support/fixtures';
import { call } from '../support/http';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

type Operation = { requestBody?: { required?: boolean }; [key: string]: unknown };

describe.each(databaseKinds())('bodies a route accepts left out (%s)', (kind) => {
  let t: TestApp;
  let superuser: Session;

  beforeAll(async () => {
    t = await createTestApp(kind);
    superuser = await registerUser(t.app, `optional-body-${kind}@example.com`);
    await t.ctx.db.updateTable('users').set({ is_superuser: true }).where('id', '=', superuser.user.id).execute();
  });
  afterAll(() => t.close());

  it('documents the body as optional exactly where the route accepts it left out', async () => {
    const doc = (await call(t.app, { url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const optional: string[] = [];
    const marked: string[] = [];
    let required = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (Object.keys(operation).some((name) => name.startsWith('x-'))) marked.push(key);
        if (!operation.requestBody) continue;
        if (operation.requestBody.required) required += 1;
        else optional.push(key);
      }
    }
    expect(optional.sort()).toEqual([
      'POST /api/admin/episodes/{id}/publish/',
      'POST /api/admin/invitations/',
      'POST /api/admin/series/{id}/publish/',
      'POST /api/admin/subscriptions/{id}/cancel/',
      'POST /api/auth/logout/',
    ]);
    expect(required).toBeGreaterThan(30);
    // The marker is read and removed: the document says it with `required: false` alone.
    expect(marked).toEqual([]);
  });

  it('answers a bare request on those routes as one with an empty JSON object', async () => {
    const bare = (url: string) => call(t.app, { method: 'POST', url, headers: bearer(superuser.access) });
    const logout = await bare('/api/auth/logout/');
    expect(logout.statusCode).toBe(200);
    const invitation = await bare('/api/admin/invitations/');
    expect(invitation.statusCode).toBe(201);
    const hours = (Date.parse(invitation.json().expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);
    // Past validation: the unknown subscription (series, episode) is what is refused.
    const cancel = await bare('/api/admin/subscriptions/424242/cancel/');
    expect(cancel.statusCode).toBe(404);
    expect((await bare('/api/admin/series/424242/publish/')).statusCode).toBe(404);
    expect((await bare('/api/admin/episodes/424242/publish/')).statusCode).toBe(404);
  });

  it('still refuses a body that breaks the schema on those routes', async () => {
    const send = (url: string, payload: unknown) =>
      call(t.app, { method: 'POST', url, headers: bearer(superuser.access), payload });
    expect((await send('/api/admin/invitations/', { valid_hours: 0 })).statusCode).toBe(400);
    expect((await send('/api/admin/subscriptions/424242/cancel/', { immediately: 'now' })).statusCode).toBe(400);
    expect((await send('/api/auth/logout/', { refresh: 'x'.repeat(500) })).statusCode).toBe(400);
    expect((await send('/api/admin/series/424242/publish/', { publish_at: 'tomorrow' })).statusCode).toBe(400);
  });

  it('refuses a JSON null: a body of the wrong type is not a body left out', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { 'content-type': 'application/json' },
      body: 'null',
    });
    expect(response.statusCode).toBe(400);
  });
});
