import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import { toAuditDto } from '../../../src/domains/admin/audit.service';
import { databaseKinds } from '../../support/databases';
import { registerUser, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, buyCoins, grantCoins, ledgerSum, magicLinkSignIn, pressDevCheckout } from './money-fixtures';

describe.each(databaseKinds())('coins routes (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const paymentsOf = (userId: number) =>
    t.ctx.db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  it('answers the balance on all three balance calls', async () => {
    const user = await signUpGuest(t.app);
    await grantCoins(t.ctx, user.user.id, 42);
    for (const url of ['/api/users/coins/balance/', '/api/coins/balance/']) {
      expect((await call(t.app, { url, headers: bearer(user.access) })).json()).toEqual({ balance: 42, owed: 0 });
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

  it('lists the coin packages from settings, in roubles by default, each named in Russian too', async () => {
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
        translations: { ru: { title: expect.stringMatching(/[а-яё]/i) } },
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
      // On the host the request came to (`inject` sends `localhost:80`).
      url: expect.stringMatching(/^http:\/\/localhost:80\/api\/dev-checkout\/cs_dev_/),
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

  it('answers a resent purchase start with the same idempotency key with the same checkout session, stored once', async () => {
    const user = await signUpGuest(t.app);
    const start = (payload: unknown) =>
      call(t.app, { method: 'POST', url: '/api/coins/purchase/', headers: bearer(user.access), payload });
    const first = await start({ package_id: 2, idempotency_key: 'buy-2-attempt-1' });
    expect(first.statusCode).toBe(200);
    // A resend one after another, and several at once (a double click racing a network retry).
    const again = await start({ package_id: 2, idempotency_key: 'buy-2-attempt-1' });
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => start({ package_id: 2, idempotency_key: 'buy-2-attempt-1' })),
    );
    for (const answer of [again, ...racing]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(first.json());
    }
    expect(await paymentsOf(user.user.id)).toEqual([
      expect.objectContaining({ provider_ref: first.json().session_id, status: 'pending', package_id: 2 }),
    ]);
    // Without a key, or with a new one, each start is a new checkout.
    const other = await start({ package_id: 2, idempotency_key: 'buy-2-attempt-2' });
    const keyless = await start({ package_id: 2 });
    expect(new Set([first, other, keyless].map((answer) => answer.json().session_id)).size).toBe(3);
    expect(await paymentsOf(user.user.id)).toHaveLength(3);
  });

  it('refuses the same idempotency key for a different purchase with 409, storing nothing', async () => {
    const user = await signUpGuest(t.app);
    const start = (payload: unknown) =>
      call(t.app, { method: 'POST', url: '/api/coins/purchase/', headers: bearer(user.access), payload });
    const first = await start({ package_id: 1, idempotency_key: 'one-key' });
    expect(first.statusCode).toBe(200);
    const before = await paymentsOf(user.user.id);
    const refused = await start({ package_id: 3, idempotency_key: 'one-key' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/already used to start a different purchase/);
    expect(await paymentsOf(user.user.id)).toEqual(before);
    // The first purchase is untouched: paying its page credits package 1.
    const paid = await pressDevCheckout(t.app, first.json().url, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(await balanceOf(t.ctx, user.user.id)).toBe(100);
  });

  it('keeps idempotency keys apart per viewer: the same key gives two viewers two sessions', async () => {
    const [one, two] = [await signUpGuest(t.app), await signUpGuest(t.app)];
    const start = (access: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/coins/purchase/',
        headers: bearer(access),
        payload: { package_id: 2, idempotency_key: 'shared-key' },
      });
    const [a, b] = [await start(one.access), await start(two.access)];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().session_id).not.toBe(b.json().session_id);
    expect(await paymentsOf(one.user.id)).toHaveLength(1);
    expect(await paymentsOf(two.user.id)).toHaveLength(1);
  });

  it('lets staff grant and correct coins, idempotently and never below zero', async () => {
    const staff = await registerUser(t.app, `staff-${kind}@example.com`);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
    const user = await signUpGuest(t.app);
    const grant = (payload: unknown, session = staff) =>
      call(t.app, { method: 'POST', url: '/api/coins/grant/', headers: bearer(session.access), payload });
    expect(
      (
        await grant({ user_id: user.user.id, amount: 50, reason: 'Support ticket', idempotency_key: 'ticket-1' })
      ).json(),
    ).toEqual({
      user_id: user.user.id,
      applied: true,
      balance: 50,
    });
    expect(
      (
        await grant({ user_id: user.user.id, amount: 50, reason: 'Support ticket', idempotency_key: 'ticket-1' })
      ).json(),
    ).toEqual({
      user_id: user.user.id,
      applied: false,
      balance: 50,
    });
    const refused = await grant({ user_id: user.user.id, amount: -80, reason: 'Support ticket' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: expect.stringContaining('below zero'), balance: 50 });
    expect((await grant({ user_id: user.user.id, amount: 0, reason: 'Support ticket' })).statusCode).toBe(400);
    expect((await grant({ user_id: 999_999, amount: 5, reason: 'Support ticket' })).statusCode).toBe(404);
    expect((await grant({ user_id: user.user.id, amount: 5, reason: 'Support ticket' }, user)).statusCode).toBe(403);
    expect(await balanceOf(t.ctx, user.user.id)).toBe(50);
  });

  it('writes every staff grant and deduction to the audit log once, and a refused or repeated one not at all', async () => {
    const staff = await registerUser(t.app, `auditor-${kind}@example.com`);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
    const user = await signUpGuest(t.app);
    const grant = (payload: unknown) =>
      call(t.app, { method: 'POST', url: '/api/coins/grant/', headers: bearer(staff.access), payload });
    expect(
      (await grant({ user_id: user.user.id, amount: 40, reason: 'Support ticket', idempotency_key: 'audit-1' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await grant({ user_id: user.user.id, amount: 40, reason: 'Support ticket', idempotency_key: 'audit-1' })).json()
        .applied,
    ).toBe(false);
    expect((await grant({ user_id: user.user.id, amount: -15, reason: 'Support ticket' })).statusCode).toBe(200);
    expect(
      (await grant({ user_id: user.user.id, amount: -500, reason: 'Support ticket', idempotency_key: 'audit-2' }))
        .statusCode,
    ).toBe(409);

    const rows = await t.ctx.db
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
        after: { coin_balance: 40, amount: 40, reason: 'Support ticket', reference: `staff:${staff.user.id}:audit-1` },
      }),
      expect.objectContaining({
        actor_id: staff.user.id,
        action: 'user.coins_deducted',
        before: { coin_balance: 40 },
        after: { coin_balance: 25, amount: -15, reason: 'Support ticket', reference: null },
      }),
    ]);
  });

  it('audits each concurrent staff adjustment with the balance it really started from', async () => {
    const staff = await registerUser(t.app, `concurrent-staff-${kind}@example.com`);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
    const user = await signUpGuest(t.app);
    await grantCoins(t.ctx, user.user.id, 1_000);
    const amounts = [40, -30, 25, -10, 60, -5, 15, 35, -20, 50, 10, -45];
    const answers = await Promise.all(
      amounts.map((amount) =>
        call(t.app, {
          method: 'POST',
          url: '/api/coins/grant/',
          headers: bearer(staff.access),
          payload: { user_id: user.user.id, amount, reason: 'Support ticket' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(amounts.map(() => 200));
    const final = 1_000 + amounts.reduce((sum, amount) => sum + amount, 0);
    expect(await balanceOf(t.ctx, user.user.id)).toBe(final);

    // In the order they were applied, each "before" is the previous "after": none read a stale balance.
    const audit = (
      await t.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'user')
        .where('entity_id', '=', String(user.user.id))
        .orderBy('id')
        .execute()
    ).map(toAuditDto);
    expect(audit).toHaveLength(amounts.length);
    let running = 1_000;
    for (const row of audit) {
      const after = row.after as { coin_balance: number; amount: number };
      expect(row.before).toEqual({ coin_balance: running });
      expect(after.coin_balance).toBe(running + after.amount);
      running = after.coin_balance;
    }
    expect(running).toBe(final);
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
