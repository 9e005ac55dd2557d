import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call, callAs } from '../../support/http';
import { suiteApp } from '../../support/suite-app';
import { pressDevCheckout, subscribeGold } from '../coins/money-fixtures';

describe.each(databaseKinds())('Gold subscriptions (%s)', (kind) => {
  let clock = Date.now();
  const t = suiteApp(kind, { now: () => new Date(clock) });

  const as = (session: Session, method: string, url: string, payload?: unknown) =>
    callAs(t.app, session.access, { method, url, payload });
  const feedList = (session: Session) =>
    callAs(t.app, session.access, {
      method: 'POST',
      url: '/feed-api/web/subscriptions/list/',
      payload: { id: session.user.id },
    });

  it('lists monthly and yearly Gold plans from settings, each named in Russian too', async () => {
    const plans = (await call(t.app, { url: '/api/subscriptions/plans/' })).json();
    expect(plans.map((plan: { id: string }) => plan.id)).toEqual(['monthly', 'yearly']);
    expect(plans[0]).toEqual({
      id: 'monthly',
      name: 'Gold',
      interval: 'month',
      price: expect.any(Number),
      currency: 'rub',
      title: expect.any(String),
      translations: { ru: { title: expect.stringMatching(/[а-яё]/i) } },
    });
  });

  it('answers 404 without a subscription, and Gold appears everywhere once the checkout is paid', async () => {
    const user = await signUpGuest(t.app);
    expect((await as(user, 'GET', '/api/subscriptions/active/')).statusCode).toBe(404);
    expect((await feedList(user)).json()).toEqual({ success: 1, date_end: [] });

    const started = await as(user, 'POST', '/api/subscriptions/create/', { plan: 'yearly' });
    expect(started.json()).toEqual({ session_id: expect.stringMatching(/^cs_dev_/), url: expect.any(String) });
    // Not paid yet: no Gold.
    expect((await as(user, 'GET', '/api/subscriptions/active/')).statusCode).toBe(404);
    const paid = await pressDevCheckout(t.app, started.json().url, 'pay');
    expect(paid.headers.location).toMatch(/\/gold-subscription\?checkout=success&session_id=cs_dev_/);

    const active = (await as(user, 'GET', '/api/subscriptions/active/')).json();
    expect(active).toEqual({
      id: expect.any(Number),
      plan: 'yearly',
      name: 'Gold',
      status: 'active',
      current_period_end: expect.any(String),
      cancel_at_period_end: false,
      interval: 'year',
      created_at: expect.any(String),
    });
    const days = (Date.parse(active.current_period_end) - clock) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    expect((await feedList(user)).json()).toEqual({
      success: 1,
      date_end: [{ name: 'Gold', date_end: active.current_period_end }],
    });
    const profile = (await as(user, 'GET', '/api/users/profile/')).json();
    expect(profile).toEqual(
      expect.objectContaining({ is_gold_member: true, has_active_subs: true, paying: true, subscription: active }),
    );
    const without = (await as(await signUpGuest(t.app), 'GET', '/api/users/profile/')).json();
    expect(without.subscription).toBeNull();
    expect((await as(user, 'POST', '/api/subscriptions/create/', { plan: 'monthly' })).statusCode).toBe(409);
  });

  it('cancels at period end, keeps Gold until then, and reactivates', async () => {
    const user = await signUpGuest(t.app);
    expect((await as(user, 'POST', '/api/subscriptions/cancel/')).statusCode).toBe(404);
    expect((await as(user, 'POST', '/api/subscriptions/reactivate/')).statusCode).toBe(404);
    expect((await subscribeGold(t.app, user.access)).statusCode).toBe(303);

    const cancelled = (await as(user, 'POST', '/api/subscriptions/cancel/')).json();
    expect(cancelled).toEqual(expect.objectContaining({ name: 'Gold', status: 'active', cancel_at_period_end: true }));
    expect((await as(user, 'GET', '/api/users/profile/')).json().is_gold_member).toBe(true);
    expect((await as(user, 'POST', '/api/subscriptions/create/', { plan: 'monthly' })).json().message).toMatch(
      /reactivate/,
    );

    const reactivated = (await as(user, 'POST', '/api/subscriptions/reactivate/')).json();
    expect(reactivated).toEqual({ ...cancelled, cancel_at_period_end: false });

    await as(user, 'POST', '/api/subscriptions/cancel/');
    // Once the period has ended, Gold is gone and the feed agrees (the clock moves past the end; a
    // fresh sign-in, because the old access token expired meanwhile).
    const end = Date.parse(reactivated.current_period_end);
    const saved = clock;
    clock = end + 60_000;
    try {
      const later = await call(t.app, {
        method: 'POST',
        url: '/api/user/signup/',
        headers: { authorization: 'Token cliffhanger-web' },
        payload: { id: user.user.email.split('@')[0], age: 30, gender: 2, web: true, email: user.user.email },
      });
      expect(later.statusCode).toBe(200);
      const again = later.json() as Session;
      expect((await as(again, 'GET', '/api/subscriptions/active/')).statusCode).toBe(404);
      expect((await as(again, 'GET', '/api/users/profile/')).json().is_gold_member).toBe(false);
      expect((await feedList(again)).json().date_end).toEqual([]);
      const row = await t.ctx.db
        .selectFrom('users')
        .select('gold_until')
        .where('id', '=', user.user.id)
        .executeTakeFirstOrThrow();
      expect(row.gold_until).toBe(reactivated.current_period_end);
      expect(row.gold_until && row.gold_until < new Date(clock).toISOString()).toBe(true);
    } finally {
      clock = saved;
    }
  });

  it('refuses an unknown plan, a bad body and calls without a token, starting nothing', async () => {
    const user = await signUpGuest(t.app);
    expect((await as(user, 'POST', '/api/subscriptions/create/', { plan: 'weekly' })).statusCode).toBe(400);
    expect((await as(user, 'POST', '/api/subscriptions/create/', {})).statusCode).toBe(400);
    expect((await as(user, 'POST', '/api/subscriptions/create/', { plan: 12 })).statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/api/subscriptions/active/'],
      ['POST', '/api/subscriptions/cancel/'],
      ['POST', '/api/subscriptions/reactivate/'],
    ] as const) {
      expect((await call(t.app, { method, url })).statusCode).toBe(401);
    }
    expect(
      (await call(t.app, { method: 'POST', url: '/api/subscriptions/create/', payload: { plan: 'monthly' } }))
        .statusCode,
    ).toBe(401);
    const rows = await t.ctx.db
      .selectFrom('payments' as never)
      .selectAll()
      .where('user_id' as never, '=', user.user.id as never)
      .execute();
    expect(rows).toEqual([]);
    const other = await signUpGuest(t.app);
    expect(
      (
        await callAs(t.app, user.access, {
          method: 'POST',
          url: '/feed-api/web/subscriptions/list/',
          payload: { id: other.user.id },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('shows Gold granted outright in the feed list with an open end', async () => {
    const user = await signUpGuest(t.app);
    await t.ctx.db.updateTable('users').set({ is_gold_member: true }).where('id', '=', user.user.id).execute();
    expect((await feedList(user)).json()).toEqual({
      success: 1,
      date_end: [{ name: 'Gold', date_end: '9999-12-31T23:59:59.999Z' }],
    });
  });
});
