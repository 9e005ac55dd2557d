import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/src/constants';
import { toAuditDto } from '../../../src/domains/admin/audit.repository';
import { staffDb } from '../../../src/domains/admin/staff.tables';
import { databaseKinds } from '../../support/databases';
import { registerUser, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, buyCoins, grantCoins, ledgerSum, magicLinkSignIn, useDevPayments } from './money-fixtures';

describe.each(databaseKinds())('coins routes (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    useDevPayments();
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers the balance on all three balance calls', async () => {
    const user = await signUpGuest(t.app);
    await grantCoins(t.ctx, user.user.id, 42);
    for (const url of ['/api/users/coins/balance/', '/api/coins/balance/']) {
      expect((await call(t.app, { url, headers: bearer(user.access) })).json()).toEqual({ balance: 42 });
      expect((await call(t.app, { url })).statusCode).toBe(401);
    }
    const feed = await call(t.app, {
      method: 'POST',
      url: '/feed-api/coin/status/',
      headers: bearer(user.access),
      payload: { id: user.user.id },
    });
    expect(feed.json()).toEqual({ balance: 42 });
  });

  it('lists the coin packages from settings, in roubles by default', async () => {
    const packages = (await call(t.app, { url: '/api/coins/packages/' })).json();
    expect(packages.length).toBeGreaterThanOrEqual(3);
    for (const pkg of packages) {
      expect(pkg).toEqual({
        id: expect.any(Number),
        coins: expect.any(Number),
        bonus_coins: expect.any(Number),
        price: expect.any(Number),
        currency: 'rub',
        title: expect.any(String),
        is_popular: expect.any(Boolean),
      });
    }
    expect(packages.filter((pkg: { is_popular: boolean }) => pkg.is_popular)).toHaveLength(1);
  });

  it('starts a checkout for a package and credits the coins only through the verified webhook', async () => {
    const user = await signUpGuest(t.app);
    const started = await call(t.app, {
      method: 'POST',
      url: '/api/coins/purchase/',
      headers: bearer(user.access),
      payload: { package_id: 2 },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      session_id: expect.stringMatching(/^cs_dev_/),
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/dev-checkout\/cs_dev_/),
    });
    // Returning to the success address without paying grants nothing.
    expect(await balanceOf(t.ctx, user.user.id)).toBe(0);
    await buyCoins(t.app, user.access, 2);
    expect(await balanceOf(t.ctx, user.user.id)).toBe(330);
    expect(await ledgerSum(t.ctx, user.user.id)).toBe(330);
  });

  it('refuses a purchase without a token, with a bad body or an unknown package, storing nothing', async () => {
    const user = await signUpGuest(t.app);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/coins/purchase/', payload: { package_id: 1 } })).statusCode,
    ).toBe(401);
    for (const payload of [{}, { package_id: '1' }, { package_id: 0 }, { package_id: 1, coins: 10_000 }]) {
      expect(
        (await call(t.app, { method: 'POST', url: '/api/coins/purchase/', headers: bearer(user.access), payload }))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/coins/purchase/',
          headers: bearer(user.access),
          payload: { package_id: 999 },
        })
      ).statusCode,
    ).toBe(404);
    const rows = await t.ctx.db
      .selectFrom('payments' as never)
      .selectAll()
      .where('user_id' as never, '=', user.user.id as never)
      .execute();
    expect(rows).toEqual([]);
  });

  it('lets staff grant and correct coins, idempotently and never below zero', async () => {
    const staff = await registerUser(t.app, `staff-${kind}@example.com`);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
    const user = await signUpGuest(t.app);
    const grant = (payload: unknown, session = staff) =>
      call(t.app, { method: 'POST', url: '/api/coins/grant/', headers: bearer(session.access), payload });
    expect((await grant({ user_id: user.user.id, amount: 50, idempotency_key: 'ticket-1' })).json()).toEqual({
      user_id: user.user.id,
      applied: true,
      balance: 50,
    });
    expect((await grant({ user_id: user.user.id, amount: 50, idempotency_key: 'ticket-1' })).json()).toEqual({
      user_id: user.user.id,
      applied: false,
      balance: 50,
    });
    expect((await grant({ user_id: user.user.id, amount: -80 })).statusCode).toBe(409);
    expect((await grant({ user_id: user.user.id, amount: 0 })).statusCode).toBe(400);
    expect((await grant({ user_id: 999_999, amount: 5 })).statusCode).toBe(404);
    expect((await grant({ user_id: user.user.id, amount: 5 }, user)).statusCode).toBe(403);
    expect(await balanceOf(t.ctx, user.user.id)).toBe(50);
  });

  it('writes every staff grant and deduction to the audit log once, and a refused or repeated one not at all', async () => {
    const staff = await registerUser(t.app, `auditor-${kind}@example.com`);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
    const user = await signUpGuest(t.app);
    const grant = (payload: unknown) =>
      call(t.app, { method: 'POST', url: '/api/coins/grant/', headers: bearer(staff.access), payload });
    expect((await grant({ user_id: user.user.id, amount: 40, idempotency_key: 'audit-1' })).statusCode).toBe(200);
    expect((await grant({ user_id: user.user.id, amount: 40, idempotency_key: 'audit-1' })).json().applied).toBe(false);
    expect((await grant({ user_id: user.user.id, amount: -15 })).statusCode).toBe(200);
    expect((await grant({ user_id: user.user.id, amount: -500, idempotency_key: 'audit-2' })).statusCode).toBe(409);

    const rows = await staffDb(t.ctx)
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(user.user.id))
      .orderBy('id')
      .execute();
    expect(rows.map(toAuditDto)).toEqual([
      expect.objectContaining({
        actor_id: staff.user.id,
        actor_email: `auditor-${kind}@example.com`,
        action: 'user.coins_granted',
        before: { coin_balance: 0 },
        after: { coin_balance: 40, amount: 40, reference: `staff:${staff.user.id}:audit-1` },
      }),
      expect.objectContaining({
        actor_id: staff.user.id,
        action: 'user.coins_deducted',
        before: { coin_balance: 40 },
        after: { coin_balance: 25, amount: -15, reference: null },
      }),
    ]);
  });

  it('pays the registration bonus once, also when a guest with coins signs in', async () => {
    const guest = await signUpGuest(t.app);
    await buyCoins(t.app, guest.access, 1);
    const email = `bonus-${kind}@example.com`;
    const account = await magicLinkSignIn(t.app, email, guest.access);
    expect(account.user.coin_balance).toBe(MAGIC_LINK_SIGNUP_COINS + 100);
    // A second guest signing into the same account brings its coins but no second bonus.
    const secondGuest = await signUpGuest(t.app);
    await grantCoins(t.ctx, secondGuest.user.id, 7);
    const again = await magicLinkSignIn(t.app, email, secondGuest.access);
    expect(again.id).toBe(account.id);
    expect(again.user.coin_balance).toBe(MAGIC_LINK_SIGNUP_COINS + 107);
    const bonuses = await t.ctx.db
      .selectFrom('coin_ledger')
      .selectAll()
      .where('user_id', '=', account.id)
      .where('reason', '=', 'registration_bonus')
      .execute();
    expect(bonuses).toHaveLength(1);
    expect(await ledgerSum(t.ctx, account.id)).toBe(await balanceOf(t.ctx, account.id));
    expect(await balanceOf(t.ctx, guest.user.id)).toBe(0);
  });
});
