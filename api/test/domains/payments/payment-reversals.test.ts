/**
 * Refunds and disputes take back exactly what a payment granted, through the ledger: never a negative
 * balance (coins already spent become a debt the viewer sees, paid first from their next coins), once
 * per event however often and however concurrently it is delivered, in proportion for partial refunds
 * (rounded up), given back when a dispute is won, and Gold ends with a refunded or charged-back payment.
 */
import { nowIso } from '../../../src/context';
import { coinsToReverse } from '../../../src/domains/payments/payment-reversals';
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import {
  balanceOf,
  deliver,
  grantCoins,
  ledgerSum,
  pressDevCheckout,
  seedPaidEpisodes,
  stripeEvent,
} from '../coins/money-fixtures';

interface Checkout {
  sessionId: string;
  url: string;
}

describe.each(databaseKinds())('refunds and disputes (%s)', (kind) => {
  let t: TestApp;
  let episodes: number[] = [];
  let nextEpisode = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    episodes = (await seedPaidEpisodes(t.ctx, 400, 10)).episodeIds;
  });
  afterAll(() => t.close());

  const _form = { 'content-type': 'application/x-www-form-urlencoded' };

  async function pay(session: Session, path: '/api/coins/purchase/' | '/api/subscriptions/create/', payload: object) {
    const started = await call(t.app, { method: 'POST', url: path, headers: bearer(session.access), payload });
    expect(started.statusCode).toBe(200);
    const { session_id: sessionId, url } = started.json();
    const paid = await pressDevCheckout(t.app, url, 'pay');
    expect(paid.statusCode).toBe(303);
    return { sessionId, url } as Checkout;
  }
  const buy = (session: Session, packageId = 1) => pay(session, '/api/coins/purchase/', { package_id: packageId });
  const goGold = (session: Session) => pay(session, '/api/subscriptions/create/', { plan: 'monthly' });

  /** Presses a button of the dev receipt page (refund/half, refund/rest, dispute/open|won|lost). */
  async function press(checkout: Checkout, action: string) {
    const answer = await pressDevCheckout(t.app, checkout.url, action);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toMatch(new RegExp(`^/api/dev-checkout/${checkout.sessionId}\\?token=`));
  }

  /** Spends `count` × 10 coins on paid episodes. */
  async function spend(session: Session, count: number) {
    for (let i = 0; i < count; i += 1) {
      const id = episodes[nextEpisode++];
      const answer = await call(t.app, {
        method: 'POST',
        url: `/api/episodes/${id}/unlock/`,
        headers: bearer(session.access),
      });
      expect(answer.statusCode).toBe(200);
    }
  }

  const wallet = async (session: Session) =>
    (await call(t.app, { url: '/api/coins/balance/', headers: bearer(session.access) })).json() as {
      balance: number;
      owed: number;
    };
  const paymentOf = (sessionId: string) =>
    t.ctx.db
      .selectFrom('payments' as never)
      .selectAll()
      .where('provider_ref' as never, '=', sessionId as never)
      .executeTakeFirstOrThrow() as Promise<
      Record<string, unknown> & { payment_intent_id: string; amount_minor: number; user_id: number }
    >;

  async function refundEvent(sessionId: string, amountRefunded: number) {
    const payment = await paymentOf(sessionId);
    return stripeEvent('charge.refunded', {
      id: `ch_test_${sessionId}`,
      object: 'charge',
      amount: payment.amount_minor,
      amount_refunded: amountRefunded,
      currency: 'rub',
      payment_intent: payment.payment_intent_id,
    });
  }

  async function transactions(session: Session) {
    return (await call(t.app, { url: '/api/transactions/?limit=100', headers: bearer(session.access) })).json()
      .results as Array<{ type: string; description: string; coins: number; owed: number; status: string }>;
  }

  async function expectLedgerMatches(userId: number) {
    expect(await ledgerSum(t.ctx, userId)).toBe(await balanceOf(t.ctx, userId));
  }

  const isGold = async (session: Session) =>
    (await call(t.app, { url: '/api/users/profile/', headers: bearer(session.access) })).json().is_gold_member;

  it('a full refund of unspent coins takes them all back, and the purchase reads "refunded"', async () => {
    const viewer = await signUpGuest(t.app);
    const checkout = await buy(viewer, 2);
    expect(await wallet(viewer)).toEqual({ balance: 330, owed: 0 });
    await press(checkout, 'refund/rest');
    expect(await wallet(viewer)).toEqual({ balance: 0, owed: 0 });
    const rows = await transactions(viewer);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ description: 'Bought 300 coins + 30 bonus coins (refunded)', coins: 330 }),
        expect.objectContaining({ description: 'Coins taken back: a purchase was refunded', coins: -330, owed: 0 }),
      ]),
    );
    await expectLedgerMatches(viewer.user.id);
    const receipt = await call(t.app, { url: checkout.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(receipt.body).toContain('(in full)');
    expect(receipt.body).not.toContain('Refund the rest');
  });

  it('a refund after the coins were spent leaves a debt the viewer sees, and the next purchase pays it first', async () => {
    const viewer = await signUpGuest(t.app);
    const first = await buy(viewer, 1);
    await spend(viewer, 7);
    expect(await wallet(viewer)).toEqual({ balance: 30, owed: 0 });

    await press(first, 'refund/rest');
    // Never a negative balance: what was there is taken, the rest is owed.
    expect(await wallet(viewer)).toEqual({ balance: 0, owed: 70 });
    expect(await transactions(viewer)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'payment_refunded',
          coins: -30,
          owed: 70,
          description:
            'Coins taken back: a purchase was refunded; 70 more coins are owed and will come from your next coins',
        }),
      ]),
    );
    // Owing coins does not block anything free, and nothing paid can be bought with coins there are not.
    const unlock = await call(t.app, {
      method: 'POST',
      url: `/api/episodes/${episodes[nextEpisode++]}/unlock/`,
      headers: bearer(viewer.access),
    });
    expect(unlock.statusCode).toBe(402);

    await buy(viewer, 1);
    expect(await wallet(viewer)).toEqual({ balance: 30, owed: 0 });
    const rows = await transactions(viewer);
    expect(rows[0]).toEqual(
      expect.objectContaining({ type: 'debt_settlement', coins: -70, description: 'Owed coins paid off' }),
    );
    await expectLedgerMatches(viewer.user.id);
  });

  it('a guest who owes coins and signs in to an account brings the debt, paid at once from the account', async () => {
    const email = `owes-${kind}-${Date.now()}@example.com`;
    const registered = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register/',
      payload: { email, password: 'correct horse battery' },
    });
    expect(registered.statusCode).toBe(201);
    const account = registered.json() as Session;
    await buy(account, 1);
    const guest = await signUpGuest(t.app);
    const first = await buy(guest, 1);
    await spend(guest, 7);
    await press(first, 'refund/rest');
    expect(await wallet(guest)).toEqual({ balance: 0, owed: 70 });
    const accountBefore = await wallet(account);
    expect(accountBefore.owed).toBe(0);

    const login = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login/',
      headers: bearer(guest.access),
      payload: { email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    // The debt did not stay behind on the abandoned guest: the account paid it from its coins.
    expect(await wallet(account)).toEqual({ balance: accountBefore.balance - 70, owed: 0 });
    const owedByGuest = await t.ctx.db
      .selectFrom('coin_debts' as never)
      .select('outstanding' as never)
      .where('user_id' as never, '=', guest.user.id as never)
      .execute();
    expect(owedByGuest).toEqual([]);
    expect((await transactions(account))[0]).toEqual(
      expect.objectContaining({ type: 'debt_settlement', coins: -70, description: 'Owed coins paid off' }),
    );
    await expectLedgerMatches(account.user.id);
    await expectLedgerMatches(guest.user.id);
  });

  it('a debt larger than the next purchase is paid off over several credits, oldest first', async () => {
    const viewer = await signUpGuest(t.app);
    const first = await buy(viewer, 2);
    await spend(viewer, 33);
    await press(first, 'refund/rest');
    expect(await wallet(viewer)).toEqual({ balance: 0, owed: 330 });
    await buy(viewer, 1);
    expect(await wallet(viewer)).toEqual({ balance: 0, owed: 230 });
    await grantCoins(t.ctx, viewer.user.id, 250);
    expect(await wallet(viewer)).toEqual({ balance: 20, owed: 0 });
    await expectLedgerMatches(viewer.user.id);
  });

  it('partial refunds take back coins in proportion, rounded up, and a final refund exactly the rest', async () => {
    const viewer = await signUpGuest(t.app);
    const checkout = await buy(viewer, 1);
    // 1 kopeck of 99.00 back: 100 × 1 / 9900 = 0.01 coin, rounded up to 1.
    expect((await deliver(t.app, await refundEvent(checkout.sessionId, 1))).json().handled).toBe(true);
    expect(await wallet(viewer)).toEqual({ balance: 99, owed: 0 });
    // Half of the price (49.50, the dev receipt's "Refund half") in total: 50 coins in total.
    expect((await deliver(t.app, await refundEvent(checkout.sessionId, 4950))).json().handled).toBe(true);
    expect(await wallet(viewer)).toEqual({ balance: 50, owed: 0 });
    expect((await transactions(viewer)).map((row) => row.description)).toContain('Bought 100 coins (partly refunded)');
    await press(checkout, 'refund/rest');
    expect(await wallet(viewer)).toEqual({ balance: 0, owed: 0 });
    expect((await paymentOf(checkout.sessionId)).coins_reversed).toBe(100);
    await expectLedgerMatches(viewer.user.id);

    // The rule itself, at its edges.
    const rule = { coins: 330, amount_minor: 27900, disputed_minor: 0, dispute_status: null };
    expect(coinsToReverse({ ...rule, refunded_minor: 0 })).toBe(0);
    expect(coinsToReverse({ ...rule, refunded_minor: 13950 })).toBe(165);
    expect(coinsToReverse({ ...rule, refunded_minor: 13951 })).toBe(166);
    expect(coinsToReverse({ ...rule, refunded_minor: 27900 })).toBe(330);
    expect(coinsToReverse({ ...rule, refunded_minor: 99_999 })).toBe(330);
    expect(coinsToReverse({ ...rule, refunded_minor: 0, disputed_minor: 27900, dispute_status: 'open' })).toBe(330);
    expect(coinsToReverse({ ...rule, refunded_minor: 0, disputed_minor: 27900, dispute_status: 'won' })).toBe(0);
  });

  it('the dev receipt refunds half and then the rest through signed events', async () => {
    const viewer = await signUpGuest(t.app);
    const checkout = await buy(viewer, 2);
    await press(checkout, 'refund/half');
    expect(await wallet(viewer)).toEqual({ balance: 165, owed: 0 });
    // The same button pressed again on the same page sends the same event: nothing more is taken.
    const payment = await paymentOf(checkout.sessionId);
    expect(payment.refunded_minor).toBe(13950);
    await press(checkout, 'refund/rest');
    expect(await wallet(viewer)).toEqual({ balance: 0, owed: 0 });
  });

  it('a dispute holds the coins, and a dispute won gives back exactly what it held, debt included', async () => {
    const viewer = await signUpGuest(t.app);
    const checkout = await buy(viewer, 1);
    await spend(viewer, 7);
    await press(checkout, 'dispute/open');
    expect(await wallet(viewer)).toEqual({ balance: 0, owed: 70 });
    expect((await transactions(viewer)).map((row) => row.description)).toContain('Bought 100 coins (disputed)');
    // The hold is won back while 70 were still owed: the debt is cancelled and the 30 held come back.
    await press(checkout, 'dispute/won');
    expect(await wallet(viewer)).toEqual({ balance: 30, owed: 0 });
    await expectLedgerMatches(viewer.user.id);

    // And when the owed part was paid off in between, all that was held comes back.
    const other = await signUpGuest(t.app);
    const disputed = await buy(other, 1);
    await spend(other, 7);
    await press(disputed, 'dispute/open');
    await buy(other, 1);
    expect(await wallet(other)).toEqual({ balance: 30, owed: 0 });
    await press(disputed, 'dispute/won');
    expect(await wallet(other)).toEqual({ balance: 130, owed: 0 });
    expect((await transactions(other))[0]).toEqual(
      expect.objectContaining({
        type: 'dispute_won',
        coins: 100,
        description: 'Coins given back: the payment dispute was resolved',
      }),
    );
    await expectLedgerMatches(other.user.id);
  });

  it('a dispute lost keeps the coins taken back, and a lost dispute over Gold ends Gold', async () => {
    const viewer = await signUpGuest(t.app);
    const checkout = await buy(viewer, 1);
    await press(checkout, 'dispute/open');
    await press(checkout, 'dispute/lost');
    expect(await wallet(viewer)).toEqual({ balance: 0, owed: 0 });
    expect((await transactions(viewer)).map((row) => row.description)).toContain('Bought 100 coins (charged back)');

    const subscriber = await signUpGuest(t.app);
    const gold = await goGold(subscriber);
    expect(await isGold(subscriber)).toBe(true);
    await press(gold, 'dispute/open');
    // While the bank decides, Gold stays.
    expect(await isGold(subscriber)).toBe(true);
    await press(gold, 'dispute/lost');
    expect(await isGold(subscriber)).toBe(false);
    const active = await call(t.app, { url: '/api/subscriptions/active/', headers: bearer(subscriber.access) });
    expect(active.statusCode).toBe(404);
  });

  it('a full refund of a Gold payment ends Gold at once; a partial refund leaves it', async () => {
    const partly = await signUpGuest(t.app);
    const kept = await goGold(partly);
    await press(kept, 'refund/half');
    expect(await isGold(partly)).toBe(true);

    const subscriber = await signUpGuest(t.app);
    const gold = await goGold(subscriber);
    expect(await isGold(subscriber)).toBe(true);
    await press(gold, 'refund/rest');
    expect(await isGold(subscriber)).toBe(false);
    const profile = (await call(t.app, { url: '/api/users/profile/', headers: bearer(subscriber.access) })).json();
    expect(profile.is_gold_member).toBe(false);
    const row = await t.ctx.db
      .selectFrom('subscriptions' as never)
      .selectAll()
      .where('user_id' as never, '=', subscriber.user.id as never)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(expect.objectContaining({ status: 'canceled' }));
    expect(String((row as { current_period_end: unknown }).current_period_end) <= nowIso(t.ctx)).toBe(true);
  });

  it('replayed refund events change nothing, and an older refund arriving after a newer one changes nothing', async () => {
    const viewer = await signUpGuest(t.app);
    const checkout = await buy(viewer, 1);
    const half = await refundEvent(checkout.sessionId, 4950);
    const full = await refundEvent(checkout.sessionId, 9900);
    expect((await deliver(t.app, full)).json()).toEqual(expect.objectContaining({ duplicate: false, handled: true }));
    const after = { wallet: await wallet(viewer), ledger: await ledgerSum(t.ctx, viewer.user.id) };
    expect(after.wallet).toEqual({ balance: 0, owed: 0 });
    expect((await deliver(t.app, full)).json()).toEqual(expect.objectContaining({ duplicate: true }));
    expect((await deliver(t.app, half)).json()).toEqual(expect.objectContaining({ duplicate: false, handled: false }));
    expect({ wallet: await wallet(viewer), ledger: await ledgerSum(t.ctx, viewer.user.id) }).toEqual(after);
    // A charge of a payment this API never recorded takes nothing from anyone.
    const stranger = stripeEvent('charge.refunded', {
      id: 'ch_test_stranger',
      amount: 9900,
      amount_refunded: 9900,
      currency: 'rub',
      payment_intent: 'pi_test_never_created',
    });
    expect((await deliver(t.app, stranger)).json().handled).toBe(false);
  });

  it('30 concurrent deliveries of the same refund event take the coins back once', async () => {
    const viewer = await signUpGuest(t.app);
    const checkout = await buy(viewer, 2);
    await spend(viewer, 30);
    const event = await refundEvent(checkout.sessionId, 27900);
    const answers = await Promise.all(Array.from({ length: 30 }, () => deliver(t.app, event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.filter((answer) => !answer.json().duplicate)).toHaveLength(1);
    expect(await wallet(viewer)).toEqual({ balance: 0, owed: 300 });
    const reversals = await t.ctx.db
      .selectFrom('coin_ledger')
      .select('delta')
      .where('user_id', '=', viewer.user.id)
      .where('reason', '=', 'payment_refunded')
      .execute();
    expect(reversals).toEqual([{ delta: -30 }]);
    await expectLedgerMatches(viewer.user.id);
  });

  it('keeps the books: coins before + bought − spent − taken back = after, and every balance equals its ledger', async () => {
    const viewers = await Promise.all(Array.from({ length: 6 }, () => signUpGuest(t.app)));
    const net = async () => {
      const users = await t.ctx.db.selectFrom('users').select(['id', 'coin_balance']).execute();
      const debts = await t.ctx.db
        .selectFrom('coin_debts' as never)
        .select(['outstanding' as never])
        .execute();
      const owed = (debts as Array<{ outstanding: number }>).reduce((sum, debt) => sum + Number(debt.outstanding), 0);
      return users.reduce((sum, user) => sum + user.coin_balance, 0) - owed;
    };
    const before = await net();
    let bought = 0;
    let spent = 0;
    const checkouts: Array<{ viewer: Session; checkout: Checkout; coins: number }> = [];
    // Each viewer buys twice and spends some; viewers act concurrently.
    await Promise.all(
      viewers.map(async (viewer, index) => {
        for (const packageId of [1, 2]) {
          const checkout = await buy(viewer, packageId);
          const coins = packageId === 1 ? 100 : 330;
          bought += coins;
          checkouts.push({ viewer, checkout, coins });
        }
        await spend(viewer, 10 + index * 5);
        spent += (10 + index * 5) * 10;
      }),
    );
    // Refunds, partial refunds and disputes, each delivered several times at once, all concurrently.
    const expectedBack = new Map<string, number>();
    const steps = checkouts.map(async ({ checkout, coins }, index) => {
      const payment = await paymentOf(checkout.sessionId);
      const price = payment.amount_minor;
      const rule = { coins, amount_minor: price, disputed_minor: price };
      if (index % 4 === 0) {
        const event = await refundEvent(checkout.sessionId, price);
        await Promise.all([1, 2, 3].map(() => deliver(t.app, event)));
        expectedBack.set(checkout.sessionId, coins);
      } else if (index % 4 === 1) {
        const event = await refundEvent(checkout.sessionId, Math.floor(price / 3));
        await Promise.all([1, 2, 3].map(() => deliver(t.app, event)));
        expectedBack.set(
          checkout.sessionId,
          coinsToReverse({ ...rule, refunded_minor: Math.floor(price / 3), dispute_status: null }),
        );
      } else if (index % 4 === 2) {
        await press(checkout, 'dispute/open');
        await press(checkout, 'dispute/lost');
        expectedBack.set(checkout.sessionId, coins);
      } else {
        await press(checkout, 'dispute/open');
        await press(checkout, 'dispute/won');
        expectedBack.set(checkout.sessionId, 0);
      }
    });
    await Promise.all(steps);
    const takenBack = [...expectedBack.values()].reduce((sum, coins) => sum + coins, 0);
    expect(await net()).toBe(before + bought - spent - takenBack);
    for (const { checkout } of checkouts) {
      expect((await paymentOf(checkout.sessionId)).coins_reversed).toBe(expectedBack.get(checkout.sessionId));
    }
    for (const viewer of viewers) {
      await expectLedgerMatches(viewer.user.id);
      const { balance, owed } = await wallet(viewer);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(owed).toBeGreaterThanOrEqual(0);
      // Owing and holding coins at once would mean a credit skipped its debt.
      expect(balance === 0 || owed === 0).toBe(true);
    }
  });
});
