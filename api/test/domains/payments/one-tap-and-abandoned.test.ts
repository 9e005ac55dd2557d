/**
 * One-tap buying from the coin store (issue #38): one tap is one payment however often it is sent (the
 * idempotency key), the server charges the pack's own price on the viewer's own default card, and
 * nothing else. Payments left unpaid for an hour are closed as expired and left out of the
 * transactions list; a payment the processor reports late is still credited, exactly once.
 */
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, deliver, ledgerSum, stripeEvent } from '../coins/money-fixtures';

const MASTERCARD = { number: '5555 5555 5555 4444', exp_month: 11, exp_year: 2028, cvc: '123' };
const HOUR = 60 * 60 * 1000;

interface Pack {
  id: number;
  coins: number;
  bonus_coins: number;
  price: number;
  currency: string;
}

describe.each(databaseKinds())('one-tap buying and abandoned payments (%s)', (kind) => {
  let t: TestApp;
  let packs: Pack[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    packs = (await call(t.app, { url: '/api/coins/packages/' })).json();
  }, 120_000);
  afterAll(() => t.close());

  const as = (session: Session, method: string, url: string, payload?: unknown) =>
    call(t.app, { method, url, headers: bearer(session.access), ...(payload === undefined ? {} : { payload }) });
  const pack = (index = 0) => packs[index] as Pack;
  const intentBody = (p: Pack, key: string) => ({
    amount: p.price,
    currency: p.currency,
    package_id: p.id,
    idempotency_key: key,
  });
  /** Moves the viewer's payments back in time, as if started `ms` ago. */
  const startedAgo = (userId: number, ms: number) =>
    t.ctx.db
      .updateTable('payments')
      .set({ created_at: new Date(Date.now() - ms).toISOString() })
      .where('user_id', '=', userId)
      .execute();
  const paymentsOf = (userId: number) =>
    t.ctx.db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  async function viewerWithCard(): Promise<Session> {
    const viewer = await signUpGuest(t.app);
    const token = (await as(viewer, 'POST', '/api/dev-payment-methods/', MASTERCARD)).json().payment_method_id;
    expect((await as(viewer, 'POST', '/api/payment-methods/', { payment_method_id: token })).statusCode).toBe(201);
    return viewer;
  }

  it('charges one tap once: 50 identical requests at once answer one payment, and its replay adds no coins', async () => {
    const viewer = await viewerWithCard();
    const starts = await Promise.all(
      Array.from({ length: 50 }, () => as(viewer, 'POST', '/api/payments/create-intent/', intentBody(pack(), 'tap-1'))),
    );
    expect(starts.map((answer) => answer.statusCode)).toEqual(starts.map(() => 200));
    const ids = new Set(starts.map((answer) => answer.json().payment_intent_id));
    expect(ids.size).toBe(1);
    expect(await paymentsOf(viewer.user.id)).toHaveLength(1);
    const [id] = [...ids];
    const confirms = await Promise.all(
      Array.from({ length: 50 }, () => as(viewer, 'POST', '/api/payments/confirm/', { payment_intent_id: id })),
    );
    expect(confirms.map((answer) => answer.statusCode)).toEqual(confirms.map(() => 200));
    const coins = pack().coins + pack().bonus_coins;
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(coins);

    // The same tap replayed later: the same payment, already paid; nothing more is charged.
    const again = await as(viewer, 'POST', '/api/payments/create-intent/', intentBody(pack(), 'tap-1'));
    expect(again.json().payment_intent_id).toBe(id);
    const confirmed = await as(viewer, 'POST', '/api/payments/confirm/', { payment_intent_id: id });
    expect(confirmed.json()).toEqual(expect.objectContaining({ status: 'succeeded', balance: coins }));
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(coins);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(coins);
  });

  it('refuses a forged price, an unknown pack and a tap key reused for another pack, charging nothing', async () => {
    const viewer = await viewerWithCard();
    const forged = await as(viewer, 'POST', '/api/payments/create-intent/', { ...intentBody(pack(), 'k1'), amount: 1 });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toEqual(expect.stringContaining(`costs ${pack().price}`));
    const unknown = await as(viewer, 'POST', '/api/payments/create-intent/', {
      ...intentBody(pack(), 'k2'),
      package_id: 999_999,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await as(viewer, 'POST', '/api/payments/create-intent/', intentBody(pack(0), 'k3'))).statusCode).toBe(200);
    const reused = await as(viewer, 'POST', '/api/payments/create-intent/', intentBody(pack(1), 'k3'));
    expect(reused.statusCode).toBe(409);
    expect(await paymentsOf(viewer.user.id)).toEqual([expect.objectContaining({ package_id: pack(0).id })]);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(0);
  });

  it("charges only the viewer's own default card: a card id sent along is refused, another viewer's payment is not theirs", async () => {
    const owner = await viewerWithCard();
    const thief = await signUpGuest(t.app);
    const ownerCard = (await as(owner, 'GET', '/api/payment-methods/')).json()[0];
    const withCard = await as(thief, 'POST', '/api/payments/create-intent/', {
      ...intentBody(pack(), 'steal'),
      payment_method_id: ownerCard.payment_method_id,
    });
    expect(withCard.statusCode).toBe(400);
    const mine = (await as(owner, 'POST', '/api/payments/create-intent/', intentBody(pack(), 'same-key'))).json();
    // The same key from another viewer names that viewer's own payment, never the owner's.
    const theirs = (await as(thief, 'POST', '/api/payments/create-intent/', intentBody(pack(), 'same-key'))).json();
    expect(theirs.payment_intent_id).not.toBe(mine.payment_intent_id);
    const confirmed = await as(thief, 'POST', '/api/payments/confirm/', { payment_intent_id: mine.payment_intent_id });
    expect(confirmed.statusCode).toBe(404);
    // Without a saved card of its own, the thief's payment charges nobody.
    const own = await as(thief, 'POST', '/api/payments/confirm/', { payment_intent_id: theirs.payment_intent_id });
    expect(own.statusCode).toBe(400);
    expect(await balanceOf(t.ctx, thief.user.id)).toBe(0);
    expect(await balanceOf(t.ctx, owner.user.id)).toBe(0);
  });

  it('closes a checkout left unpaid for an hour and leaves it out of the transactions; a late payment still credits once', async () => {
    const buyer = await signUpGuest(t.app);
    const started = (await as(buyer, 'POST', '/api/coins/purchase/', { package_id: pack().id })).json();
    const listed = async () => (await as(buyer, 'GET', '/api/transactions/')).json().results;

    await startedAgo(buyer.user.id, HOUR - 60_000);
    expect(await listed()).toEqual([expect.objectContaining({ status: 'pending' })]);
    await startedAgo(buyer.user.id, HOUR + 60_000);
    expect(await listed()).toEqual([]);
    expect((await as(buyer, 'GET', '/api/transactions/')).json().count).toBe(0);
    expect(await paymentsOf(buyer.user.id)).toEqual([expect.objectContaining({ status: 'expired' })]);
    // The processor closing its page later keeps it closed, and out of the list.
    const closed = stripeEvent('checkout.session.expired', { id: started.session_id, object: 'checkout.session' });
    expect((await deliver(t.app, closed)).statusCode).toBe(200);
    expect(await paymentsOf(buyer.user.id)).toEqual([expect.objectContaining({ status: 'expired' })]);

    // The processor reports it paid after all (a late webhook, twice, in two shapes): coins once.
    const paid = stripeEvent('checkout.session.completed', {
      id: started.session_id,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
    });
    const alsoPaid = stripeEvent('checkout.session.async_payment_succeeded', {
      id: started.session_id,
      object: 'checkout.session',
      payment_status: 'paid',
    });
    const answers = await Promise.all([paid, paid, alsoPaid, paid, alsoPaid].map((event) => deliver(t.app, event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const coins = pack().coins + pack().bonus_coins;
    expect(await balanceOf(t.ctx, buyer.user.id)).toBe(coins);
    expect(await ledgerSum(t.ctx, buyer.user.id)).toBe(coins);
    expect(await listed()).toEqual([expect.objectContaining({ status: 'succeeded', coins, type: 'purchase' })]);
  });

  it('closes a one-tap payment never confirmed within the hour: confirming it later charges nothing', async () => {
    const viewer = await viewerWithCard();
    const intent = (await as(viewer, 'POST', '/api/payments/create-intent/', intentBody(pack(), 'late'))).json();
    await startedAgo(viewer.user.id, HOUR + 1_000);
    expect((await as(viewer, 'GET', '/api/transactions/')).json().results).toEqual([]);
    const late = await as(viewer, 'POST', '/api/payments/confirm/', { payment_intent_id: intent.payment_intent_id });
    expect(late.statusCode).toBe(200);
    expect(late.json().status).toBe('canceled');
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(0);
  });
});
