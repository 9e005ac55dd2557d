import { databaseKinds } from '../../api/test/support/databases';
import { smallCatalogue } from '../../api/test/support/fixtures';
import { call } from '../../api/test/support/http';
import { createTestApp, type TestApp } from '../../api/test/support/test-app';
import { DEMO_STAFF_EMAIL, DEMO_VIEWER_EMAIL, seedDemoCatalogue } from '../src/seed-demo-catalogue';

describe.each(databaseKinds())('demo seed (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('writes the catalogue once, never using the hidden ids 9 and 10, and creates the demo accounts once', async () => {
    const first = await seedDemoCatalogue(t.ctx, smallCatalogue());
    expect(first).toEqual(expect.objectContaining({ catalogueSeeded: true, seriesCount: 10, episodeCount: 30 }));
    expect(first.createdAccounts.map((a) => a.email)).toEqual([DEMO_STAFF_EMAIL, DEMO_VIEWER_EMAIL]);
    const ids = (await t.ctx.db.selectFrom('series').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 11, 12]);

    const second = await seedDemoCatalogue(t.ctx, smallCatalogue());
    expect(second).toEqual({ catalogueSeeded: false, seriesCount: 0, episodeCount: 0, createdAccounts: [] });
    expect((await t.ctx.db.selectFrom('series').select('id').execute()).length).toBe(10);
  });

  it('lets the printed demo accounts sign in, the staff one as a superuser who can invite staff and the viewer with 100 coins', async () => {
    const fresh = await createTestApp(kind);
    try {
      const { createdAccounts } = await seedDemoCatalogue(fresh.ctx, null);
      for (const account of createdAccounts) {
        const login = await call(fresh.app, {
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: account.email, password: account.password },
        });
        expect(login.statusCode).toBe(200);
        const user = login.json().user;
        if (account.role === 'staff') {
          expect(user.is_staff).toBe(true);
          expect(user.is_superuser).toBe(true);
        } else expect(user.coin_balance).toBe(100);
      }
    } finally {
      await fresh.close();
    }
  });
});
