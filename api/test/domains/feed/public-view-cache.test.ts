/**
 * The public-view poll with its cache on (as `npm start` and deployments run it): every answer must be
 * what the uncached poll would say at that moment.
 */
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { registerUser, type Session, smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

const CACHED = { cache: { publicViewSeconds: 30, catalogueSeconds: 5 } };

describe.each(databaseKinds())('the cached public-view poll (%s)', (kind) => {
  let t: TestApp;
  let viewer: Session;
  let staff: Session;
  let clock = new Date();

  beforeAll(async () => {
    t = await createTestApp(kind, CACHED, { now: () => clock });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    [viewer, staff] = await Promise.all([
      registerUser(t.app, 'pv-viewer@example.com'),
      registerUser(t.app, 'pv-staff@example.com'),
    ]);
    await t.ctx.db.updateTable('users').set({ is_superuser: true }).where('id', '=', staff.user.id).execute();
  });
  afterAll(() => t.close());

  const poll = (session: Session, id: number | string = session.user.id) =>
    call(t.app, {
      method: 'POST',
      url: '/feed-api/user/public-view/',
      headers: bearer(session.access),
      payload: { id },
    });

  it('shows a change of the flags at the very next poll', async () => {
    expect((await poll(viewer)).json()).toEqual({
      paying: false,
      registered: true,
      verified: false,
      has_active_subs: false,
    });
    expect((await poll(viewer)).json().paying).toBe(false);
    await t.ctx.db.updateTable('users').set({ is_premium: true }).where('id', '=', viewer.user.id).execute();
    expect((await poll(viewer)).json().paying).toBe(true);
  });

  it('shows a Gold membership granted by staff at once, and its end when the period is over', async () => {
    expect((await poll(viewer)).json().has_active_subs).toBe(false);
    const until = new Date(clock.getTime() + 60_000).toISOString();
    await t.ctx.db.updateTable('users').set({ gold_until: until }).where('id', '=', viewer.user.id).execute();
    expect((await poll(viewer)).json().has_active_subs).toBe(true);
    clock = new Date(clock.getTime() + 60_001);
    expect((await poll(viewer)).json().has_active_subs).toBe(false);
  });

  it('refuses a disabled account at once, even right after answering it from the cache', async () => {
    const victim = await registerUser(t.app, 'pv-disabled@example.com');
    expect((await poll(victim)).statusCode).toBe(200);
    expect((await poll(victim)).statusCode).toBe(200);
    const disabled = await call(t.app, {
      method: 'PATCH',
      url: `/api/admin/users/${victim.user.id}/`,
      headers: bearer(staff.access),
      payload: { is_active: false },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await poll(victim)).statusCode).toBe(401);
  });

  it("never answers a cached poll for another user's id, nor without a valid token", async () => {
    expect((await poll(staff)).statusCode).toBe(200);
    expect((await poll(viewer, staff.user.id)).statusCode).toBe(403);
    expect((await poll(staff, viewer.user.id)).statusCode).toBe(403);
    const forged = `${staff.access.slice(0, -4)}AAAA`;
    const answer = await call(t.app, {
      method: 'POST',
      url: '/feed-api/user/public-view/',
      headers: bearer(forged),
      payload: { id: staff.user.id },
    });
    expect(answer.statusCode).toBe(401);
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/feed-api/user/public-view/',
      headers: { authorization: 'Token cliffhanger-web' },
      payload: { id: staff.user.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
