import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, deliver, ledgerSum, signedDelivery, stripeEvent } from '../coins/money-fixtures';

/** Shuffles in place (Fisher–Yates). */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

describe.each(databaseKinds())('payment webhook (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function startPurchase(session: Session, packageId = 2) {
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/coins/purchase/',
      headers: bearer(session.access),
      payload: { package_id: packageId },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json() as { session_id: string; url: string };
  }

  /** A Gold checkout started here: what lets subscription events name this user at all. */
  async function startGold(session: Session, plan = 'monthly') {
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/subscriptions/create/',
      headers: bearer(session.access),
      payload: { plan },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json() as { session_id: string; url: string };
  }

  const checkoutCompleted = (sessionId: string, userId: number, extra: Record<string, unknown> = {}) =>
    stripeEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      metadata: { kind: 'coins', user_id: String(userId), package_id: '2', coins: '330' },
      ...extra,
    });

  const writes = async () => ({
    events: await t.ctx.db
      .selectFrom('processed_events' as never)
      .select('event_id' as never)
      .execute(),
    ledger: await t.ctx.db.selectFrom('coin_ledger').select('id').execute(),
  });

  it('credits a purchase once when each event arrives 10 times, concurrently and shuffled', async () => {
    const buyer = await signUpGuest(t.app);
    const first = await startPurchase(buyer);
    const second = await startPurchase(buyer);
    const subscriber = await signUpGuest(t.app);
    await startGold(subscriber);
    const subscriptionId = 'sub_test_shuffled';
    const metadata = { kind: 'gold', user_id: String(subscriber.user.id), plan: 'monthly' };
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
    const events = [
      checkoutCompleted(first.session_id, buyer.user.id),
      // The same checkout reported again by a different event must not pay twice either.
      stripeEvent('checkout.session.async_payment_succeeded', {
        id: first.session_id,
        object: 'checkout.session',
        payment_status: 'paid',
        metadata: {},
      }),
      checkoutCompleted(second.session_id, buyer.user.id),
      stripeEvent('invoice.paid', {
        id: 'in_test_shuffled',
        object: 'invoice',
        billing_reason: 'subscription_create',
        amount_paid: 29900,
        currency: 'rub',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata } },
        lines: { data: [{ period: { start: periodEnd - 30 * 24 * 3600, end: periodEnd } }] },
      }),
      stripeEvent('customer.subscription.updated', {
        id: subscriptionId,
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: false,
        metadata,
        items: { data: [{ current_period_end: periodEnd }] },
      }),
    ];
    const deliveries = shuffle(events.flatMap((event) => Array.from({ length: 10 }, () => event)));
    const answers = await Promise.all(deliveries.map((event) => deliver(t.app, event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(deliveries.map(() => 200));
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(events.length);

    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(660);
    expect(await ledgerSum(t.ctx, buyer.user.id)).toBe(660);
    const purchases = await t.ctx.db
      .selectFrom('coin_ledger')
      .selectAll()
      .where('user_id', '=', buyer.user.id)
      .execute();
    expect(purchases.map((row) => row.reference).sort()).toEqual(
      [`checkout:${first.session_id}`, `checkout:${second.session_id}`].sort(),
    );

    const active = await call(t.app, { url: '/api/subscriptions/active/', headers: bearer(subscriber.access) });
    expect(active.json()).toEqual(
      expect.objectContaining({
        name: 'Gold',
        status: 'active',
        current_period_end: new Date(periodEnd * 1000).toISOString(),
      }),
    );
    const profile = (await call(t.app, { url: '/api/users/profile/', headers: bearer(subscriber.access) })).json();
    expect(profile.is_gold_member).toBe(true);
  });

  it('refuses a missing or wrong signature, a changed byte and an old timestamp with 400, writing nothing', async () => {
    const buyer = await signUpGuest(t.app);
    const { session_id: sessionId } = await startPurchase(buyer);
    const event = checkoutCompleted(sessionId, buyer.user.id);
    const payload = JSON.stringify(event);
    const before = await writes();
    const post = (headers: Record<string, string>, body: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/payments/webhook/',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });

    const attempts = [
      await post({}, payload),
      await post({ 'stripe-signature': 'garbage' }, payload),
      await post({ 'stripe-signature': signedDelivery(payload, { secret: 'whsec_someone_else' }) }, payload),
      // One byte changed after signing: 330 coins became 930.
      await post({ 'stripe-signature': signedDelivery(payload) }, payload.replace('"330"', '"930"')),
      await post(
        { 'stripe-signature': signedDelivery(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }) },
        payload,
      ),
      await post({ 'stripe-signature': signedDelivery('') }, ''),
    ];
    for (const answer of attempts) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect(attempts[0]?.json().message).toMatch(/Stripe-Signature/);
    expect(await writes()).toEqual(before);
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(0);

    // The untouched, freshly signed delivery still works.
    expect((await deliver(t.app, event)).json()).toEqual(
      expect.objectContaining({ received: true, duplicate: false, handled: true }),
    );
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(330);
  });

  it('refuses a correctly signed delivery dated more than 5 minutes in the future with 400, writing nothing', async () => {
    const buyer = await signUpGuest(t.app);
    const { session_id: sessionId } = await startPurchase(buyer);
    const event = checkoutCompleted(sessionId, buyer.user.id);
    const before = await writes();
    const now = Math.floor(Date.now() / 1000);
    for (const ahead of [3600, 301]) {
      const answer = await deliver(t.app, event, { timestamp: now + ahead });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/future/);
    }
    expect(await writes()).toEqual(before);
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(0);
    // A small clock difference is fine.
    expect((await deliver(t.app, event, { timestamp: now + 60 })).statusCode).toBe(200);
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(330);
  });

  it('grants nothing for a checkout session this API did not create, whatever its metadata says', async () => {
    const victim = await signUpGuest(t.app);
    const before = await writes();
    const forged = [
      checkoutCompleted('cs_test_forged_coins', victim.user.id, {
        amount_total: 100,
        metadata: { kind: 'coins', user_id: String(victim.user.id), package_id: '4', coins: '1000000' },
      }),
      stripeEvent('checkout.session.completed', {
        id: 'cs_test_forged_gold',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        client_reference_id: String(victim.user.id),
        subscription: 'sub_test_forged',
        metadata: { kind: 'gold', user_id: String(victim.user.id), plan: 'yearly' },
      }),
      stripeEvent('invoice.paid', {
        id: 'in_test_forged',
        object: 'invoice',
        billing_reason: 'subscription_create',
        amount_paid: 100,
        currency: 'rub',
        parent: {
          subscription_details: {
            subscription: 'sub_test_forged',
            metadata: { kind: 'gold', user_id: String(victim.user.id), plan: 'yearly' },
          },
        },
      }),
    ];
    for (const event of forged) expect((await deliver(t.app, event)).json().handled).toBe(false);
    expect(await balanceOf(t.ctx, victim.user.id)).toBe(0);
    const profile = (await call(t.app, { url: '/api/users/profile/', headers: bearer(victim.access) })).json();
    expect(profile.is_gold_member).toBe(false);
    expect((await writes()).ledger).toEqual(before.ledger);
    const payments = await t.ctx.db
      .selectFrom('payments' as never)
      .select('id' as never)
      .where('user_id' as never, '=', victim.user.id as never)
      .execute();
    expect(payments).toEqual([]);
  });

  it('pays a recorded checkout with the coins and price of our record, not of the event', async () => {
    const buyer = await signUpGuest(t.app);
    const { session_id: sessionId } = await startPurchase(buyer, 1);
    // Signed, but claiming the big package's coins: the record (package 1, 100 coins) decides.
    const inflated = checkoutCompleted(sessionId, buyer.user.id, {
      metadata: { kind: 'coins', user_id: String(buyer.user.id), package_id: '4', coins: '1440' },
    });
    expect((await deliver(t.app, inflated)).json().handled).toBe(true);
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(100);
    // A session reporting another amount than recorded is not ours to fulfil.
    const other = await startPurchase(buyer, 1);
    const cheaper = checkoutCompleted(other.session_id, buyer.user.id, { amount_total: 100, currency: 'rub' });
    expect((await deliver(t.app, cheaper)).json().handled).toBe(false);
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(100);
  });

  it('grants nothing for an event of the wrong kind: an intent for a checkout, a coin checkout as Gold, Gold as coins', async () => {
    const buyer = await signUpGuest(t.app);
    const coins = await startPurchase(buyer, 3);
    const gold = await startGold(buyer);
    const intentFor = (id: string) =>
      stripeEvent('payment_intent.succeeded', { id, object: 'payment_intent', amount: 49900, currency: 'rub' });
    const events = [
      // A payment intent event naming a checkout session's id.
      intentFor(coins.session_id),
      intentFor(gold.session_id),
      // A coin checkout completed as a subscription, a Gold checkout completed as a payment.
      checkoutCompleted(coins.session_id, buyer.user.id, { mode: 'subscription', subscription: 'sub_test_kind' }),
      checkoutCompleted(gold.session_id, buyer.user.id, { mode: 'payment' }),
    ];
    for (const event of events) expect((await deliver(t.app, event)).json().handled).toBe(false);
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(0);
    const profile = (await call(t.app, { url: '/api/users/profile/', headers: bearer(buyer.access) })).json();
    expect(profile.is_gold_member).toBe(false);

    // A card payment's intent of another amount than recorded credits nothing either.
    const intent = await call(t.app, {
      method: 'POST',
      url: '/api/payments/create-intent/',
      headers: bearer(buyer.access),
      payload: { amount: 279, package_id: 2 },
    });
    const { payment_intent_id: intentId } = intent.json();
    const cheap = stripeEvent('payment_intent.succeeded', { id: intentId, amount: 100, currency: 'rub' });
    expect((await deliver(t.app, cheap)).json().handled).toBe(false);
    const right = stripeEvent('payment_intent.succeeded', { id: intentId, amount: 27900, currency: 'rub' });
    expect((await deliver(t.app, right)).json().handled).toBe(true);
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(330);
  });

  it('refuses a signed body that is not a Stripe event', async () => {
    const notEvent = JSON.stringify({ hello: 'world' });
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/payments/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signedDelivery(notEvent) },
      body: notEvent,
    });
    expect(answer.statusCode).toBe(400);
  });

  it('records a failed payment intent and waits for async checkouts, crediting nothing', async () => {
    const buyer = await signUpGuest(t.app);
    const intent = await call(t.app, {
      method: 'POST',
      url: '/api/payments/create-intent/',
      headers: bearer(buyer.access),
      payload: { amount: 279, package_id: 2 },
    });
    expect(intent.statusCode).toBe(200);
    const { payment_intent_id: intentId } = intent.json();
    const failed = stripeEvent('payment_intent.payment_failed', {
      id: intentId,
      object: 'payment_intent',
      amount: 27900,
      currency: 'rub',
      last_payment_error: { message: 'Your card has insufficient funds.' },
    });
    expect((await deliver(t.app, failed)).json().handled).toBe(true);
    // A failure of an intent we never created is nobody's payment: its metadata names no one.
    const foreign = stripeEvent('payment_intent.payment_failed', {
      id: 'pi_test_foreign',
      amount: 5000,
      currency: 'rub',
      metadata: { user_id: String(buyer.user.id) },
    });
    expect((await deliver(t.app, foreign)).json().handled).toBe(false);

    const { session_id: sessionId } = await startPurchase(buyer, 1);
    const unpaid = checkoutCompleted(sessionId, buyer.user.id, { payment_status: 'unpaid' });
    expect((await deliver(t.app, unpaid)).json().handled).toBe(false);
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(0);

    const list = (await call(t.app, { url: '/api/transactions/', headers: bearer(buyer.access) })).json();
    expect(list.results.filter((row: { status: string }) => row.status === 'failed')).toEqual([
      expect.objectContaining({
        amount: 279,
        currency: 'rub',
        description: 'Bought 300 coins + 30 bonus coins (payment failed)',
        coins: 0,
      }),
    ]);

    const paid = stripeEvent('checkout.session.async_payment_succeeded', {
      id: sessionId,
      object: 'checkout.session',
      metadata: {},
    });
    expect((await deliver(t.app, paid)).json().handled).toBe(true);
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(100);
  });

  it('extends Gold on renewal and ends it when the subscription is deleted, whatever the order', async () => {
    const user = await signUpGuest(t.app);
    await startGold(user);
    const metadata = { kind: 'gold', user_id: String(user.user.id), plan: 'monthly' };
    const now = Math.floor(Date.now() / 1000);
    const month = 30 * 24 * 3600;
    const subscription = 'sub_test_lifecycle';
    const invoice = (id: string, end: number, created: number, reason: string) =>
      stripeEvent(
        'invoice.paid',
        {
          id,
          object: 'invoice',
          billing_reason: reason,
          amount_paid: 29900,
          currency: 'rub',
          parent: { subscription_details: { subscription, metadata } },
          lines: { data: [{ period: { start: end - month, end } }] },
        },
        { created },
      );
    await deliver(t.app, invoice('in_test_1', now + month, now, 'subscription_create'));
    await deliver(t.app, invoice('in_test_2', now + 2 * month, now + 1, 'subscription_cycle'));
    const renewed = (await call(t.app, { url: '/api/subscriptions/active/', headers: bearer(user.access) })).json();
    expect(renewed.current_period_end).toBe(new Date((now + 2 * month) * 1000).toISOString());
    const list = (await call(t.app, { url: '/api/transactions/', headers: bearer(user.access) })).json();
    expect(list.results[0]).toEqual(
      expect.objectContaining({ type: 'subscription', amount: 299, coins: 0, description: 'Gold monthly renewal' }),
    );

    const deleted = stripeEvent(
      'customer.subscription.deleted',
      { id: subscription, status: 'canceled', ended_at: now + 2, metadata },
      { created: now + 2 },
    );
    const lateUpdate = stripeEvent(
      'customer.subscription.updated',
      { id: subscription, status: 'active', metadata, items: { data: [{ current_period_end: now + 2 * month }] } },
      { created: now + 1 },
    );
    await deliver(t.app, deleted);
    await deliver(t.app, lateUpdate);
    expect((await call(t.app, { url: '/api/subscriptions/active/', headers: bearer(user.access) })).statusCode).toBe(
      404,
    );
    const profile = (await call(t.app, { url: '/api/users/profile/', headers: bearer(user.access) })).json();
    expect(profile.is_gold_member).toBe(false);
    const feed = (
      await call(t.app, {
        method: 'POST',
        url: '/feed-api/web/subscriptions/list/',
        headers: bearer(user.access),
        payload: { id: user.user.id },
      })
    ).json();
    expect(feed).toEqual({ success: 1, date_end: [] });
  });

  it('acknowledges event types it does not handle, once', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_test' });
    expect((await deliver(t.app, event)).json()).toEqual({
      received: true,
      event_id: event.id,
      type: 'customer.created',
      duplicate: false,
      handled: false,
    });
    expect((await deliver(t.app, event)).json().duplicate).toBe(true);
  });
});
