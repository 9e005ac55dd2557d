import { databaseKinds } from '../../support/databases';
import { signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { signUpCast } from '../admin/staff-fixtures';

describe.each(databaseKinds())('money settings (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers defaults, lets staff change a key, and the packages follow', async () => {
    const defaults = (await call(t.app, { url: '/api/settings/' })).json();
    expect(Object.keys(defaults).sort()).toEqual(['coin_packages', 'gold_plans', 'rewards']);
    const staff = await signUpGuest(t.app);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
    const packages = [
      { id: 7, coins: 50, bonus_coins: 5, price: 49.9, currency: 'rub', title: 'Snack', is_popular: true },
    ];
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/settings/coin_packages/',
      headers: bearer(staff.access),
      payload: packages,
    });
    expect(put.json()).toEqual({ key: 'coin_packages', value: packages });
    expect((await call(t.app, { url: '/api/coins/packages/' })).json()).toEqual(packages);
  });

  it('refuses invalid values, unknown keys and non-staff callers, changing nothing', async () => {
    const staff = await signUpGuest(t.app);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
    const user = await signUpGuest(t.app);
    const before = (await call(t.app, { url: '/api/settings/' })).json();
    const put = (key: string, payload: unknown, session = staff) =>
      call(t.app, { method: 'PUT', url: `/api/settings/${key}/`, headers: bearer(session.access), payload });
    expect((await put('rewards', { daily_bonus: [], share_coins: 1, follow_prompt_coins: 1 })).statusCode).toBe(400);
    expect((await put('rewards', { daily_bonus: [1], share_coins: -1, follow_prompt_coins: 1 })).statusCode).toBe(400);
    expect(
      (
        await put('gold_plans', [
          { id: 'monthly', name: 'Silver', interval: 'month', price: 1, currency: 'rub', title: 'x' },
        ])
      ).statusCode,
    ).toBe(400);
    const duplicate = { id: 1, coins: 1, bonus_coins: 0, price: 1, currency: 'rub', title: 'a', is_popular: false };
    expect((await put('coin_packages', [duplicate, duplicate])).statusCode).toBe(400);
    expect((await put('jwt_secret', { a: 1 })).statusCode).toBe(400);
    expect((await put('rewards', { daily_bonus: [1], share_coins: 1, follow_prompt_coins: 1 }, user)).statusCode).toBe(
      403,
    );
    expect((await call(t.app, { url: '/api/settings/' })).json()).toEqual(before);
  });

  it('records every change in the audit log with who made it and the value before and after', async () => {
    const cast = await signUpCast(t);
    const audit = async () =>
      (
        await call(t.app, {
          url: '/api/admin/audit/?entity=settings&entity_id=rewards',
          headers: bearer(cast.superuser.access),
        })
      ).json().results;
    const put = (payload: unknown) =>
      call(t.app, {
        method: 'PUT',
        url: '/api/settings/rewards/',
        headers: bearer(cast.staff.access),
        payload,
      });
    const seen = (await audit()).length;
    const before = (await call(t.app, { url: '/api/settings/' })).json().rewards;
    const first = { daily_bonus: [5, 10], share_coins: 3, follow_prompt_coins: 50 };
    const second = { ...first, share_coins: 4 };
    expect((await put(first)).statusCode).toBe(200);
    expect((await put(second)).statusCode).toBe(200);
    // A refused value changes nothing and so leaves no row.
    expect((await put({ ...second, share_coins: -1 })).statusCode).toBe(400);

    const rows = await audit();
    expect(rows).toHaveLength(seen + 2);
    const [latest, earlier] = rows;
    expect(earlier).toEqual(
      expect.objectContaining({
        action: 'settings.update',
        entity: 'settings',
        entity_id: 'rewards',
        actor_id: cast.staff.user.id,
        actor_email: cast.staff.user.email,
        before,
        after: first,
      }),
    );
    expect(latest).toEqual(expect.objectContaining({ actor_id: cast.staff.user.id, before: first, after: second }));
  });
});
