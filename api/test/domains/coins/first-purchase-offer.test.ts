import { databaseKinds } from '../../support/databases';
import { registerUser, type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';
import {
  balanceOf,
  buyCoins,
  deliver,
  ledgerSum,
  magicLinkSignIn,
  pressDevCheckout,
  stripeEvent,
  subscribeGold,
} from './money-fixtures';

// The default packages (settings.service.ts): 1 = 100 coins for 99, 2 = 300 + 30 coins for 279.
const EXTRA_COINS_OFFER = {
  enabled: true,
  package_id: 1,
  kind: 'extra_coins',
  extra_coins: 100,
  title: 'Your first top-up: double coins',
};
const LOWER_PRICE_OFFER = {
  enabled: true,
  package_id: 2,
  kind: 'lower_price',
  price: 149,
  title: 'First top-up: 330 coins for 149 ₽',
};

describe.each(databaseKinds())('the first-purchase offer (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let clock = new Date();

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => clock });
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = new Date();
  });

  const setOffer = (value: unknown, session: Session = cast.staff) =>
    call(t.app, {
      method: 'PUT',
      url: '/api/admin/settings/first_purchase_offer/',
      headers: bearer(session.access),
      payload: value,
    });
  const offerOf = async (session?: Session) =>
    (
      await call(t.app, {
        url: '/api/coins/first-purchase-offer/',
        headers: session ? bearer(session.access) : {},
      })
    ).json().offer;
  const purchase = (session: Session, payload: Record<string, unknown>) =>
    call(t.app, { method: 'POST', url: '/api/coins/purchase/', headers: bearer(session.access), payload });
  const pay = (url: string) => pressDevCheckout(t.app, url, 'pay');
  const payments = (userId: number) =>
    t.ctx.db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  describe('staff configuration', () => {
    it('lets staff set an offer, records who changed it, and answers it in the admin settings', async () => {
      expect((await setOffer(EXTRA_COINS_OFFER)).statusCode).toBe(200);
      const settings = (await call(t.app, { url: '/api/admin/settings/', headers: bearer(cast.staff.access) })).json();
      expect(settings.first_purchase_offer).toEqual(EXTRA_COINS_OFFER);
      const audit = await t.ctx.db
        .selectFrom('audit_log' as never)
        .selectAll()
        .where('entity_id' as never, '=', 'first_purchase_offer' as never)
        .execute();
      expect(audit.at(-1)).toEqual(
        expect.objectContaining({ actor_id: cast.staff.user.id, action: 'settings.update' }),
      );
    });

    it('answers 403 to viewers and guests and 401 without a token, changing nothing', async () => {
      await setOffer(EXTRA_COINS_OFFER);
      expect((await setOffer(LOWER_PRICE_OFFER, cast.viewer)).statusCode).toBe(403);
      expect((await setOffer(LOWER_PRICE_OFFER, cast.guest)).statusCode).toBe(403);
      const anonymous = await call(t.app, {
        method: 'PUT',
        url: '/api/admin/settings/first_purchase_offer/',
        payload: LOWER_PRICE_OFFER,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await offerOf(await signUpGuest(t.app)))?.package_id).toBe(1);
    });

    it.each([
      ['a package that does not exist', { ...EXTRA_COINS_OFFER, package_id: 99 }, /no coin package with id 99/],
      ['extra coins missing', { ...EXTRA_COINS_OFFER, extra_coins: undefined }, /extra_coins is required/],
      ['zero extra coins', { ...EXTRA_COINS_OFFER, extra_coins: 0 }, /extra_coins/],
      ['a price with extra coins', { ...EXTRA_COINS_OFFER, price: 10 }, /leave out price/],
      ['a price that is not lower', { ...LOWER_PRICE_OFFER, price: 279 }, /lower than the package price of 279/],
      ['a price missing', { ...LOWER_PRICE_OFFER, price: undefined }, /price is required/],
      ['an empty title', { ...EXTRA_COINS_OFFER, title: '   ' }, /title/],
      ['an end date already passed', { ...EXTRA_COINS_OFFER, ends_at: '2020-01-01T00:00:00Z' }, /already passed/],
      ['an end date that is no date', { ...EXTRA_COINS_OFFER, ends_at: '2030-13-45T00:00:00Z' }, /not a real date/],
      ['an unknown field', { ...EXTRA_COINS_OFFER, coins_for_free: 1 }, /Invalid first_purchase_offer/],
    ])('refuses %s with a clear 400 and keeps the offer as it was', async (_what, value, message) => {
      await setOffer(EXTRA_COINS_OFFER);
      const answer = await setOffer(JSON.parse(JSON.stringify(value)));
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(message);
      const settings = (await call(t.app, { url: '/api/admin/settings/', headers: bearer(cast.staff.access) })).json();
      expect(settings.first_purchase_offer).toEqual(EXTRA_COINS_OFFER);
    });

    it('takes the offer down with null or when switched off', async () => {
      const guest = await signUpGuest(t.app);
      await setOffer(EXTRA_COINS_OFFER);
      expect(await offerOf(guest)).not.toBeNull();
      await setOffer({ ...EXTRA_COINS_OFFER, enabled: false });
      expect(await offerOf(guest)).toBeNull();
      await setOffer(EXTRA_COINS_OFFER);
      expect((await setOffer(null)).statusCode).toBe(200);
      expect(await offerOf(guest)).toBeNull();
    });

    it('ends the offer at its end date', async () => {
      const guest = await signUpGuest(t.app);
      const ends = new Date(Date.now() + 60_000).toISOString();
      await setOffer({ ...EXTRA_COINS_OFFER, ends_at: ends });
      expect((await offerOf(guest))?.ends_at).toBe(ends);
      clock = new Date(Date.now() + 120_000);
      expect(await offerOf(guest)).toBeNull();
      const started = await purchase(guest, { package_id: 1 });
      expect((await payments(guest.user.id))[0]).toEqual(expect.objectContaining({ amount_minor: 9900, coins: 100 }));
      expect(started.statusCode).toBe(200);
    });
  });

  describe('eligibility and checkout', () => {
    it('gives a new guest the extra coins once, through the verified payment only, then hides the offer', async () => {
      await setOffer(EXTRA_COINS_OFFER);
      const guest = await signUpGuest(t.app);
      expect(await offerOf(guest)).toEqual({
        package_id: 1,
        kind: 'extra_coins',
        title: 'Your first top-up: double coins',
        coins: 200,
        price: 99,
        regular_coins: 100,
        regular_price: 99,
        currency: 'rub',
        ends_at: null,
      });
      const started = (await purchase(guest, { package_id: 1 })).json();
      // Starting the checkout credits nothing; it also hides the offer (it is held by that checkout).
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(0);
      expect(await offerOf(guest)).toBeNull();
      expect((await pay(started.url)).statusCode).toBe(303);
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(200);
      // The payment page pressed again and the same webhook delivered again change nothing.
      await pay(started.url);
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(200);
      expect(await ledgerSum(t.ctx, guest.user.id)).toBe(200);
      expect(await offerOf(guest)).toBeNull();
      // The next purchase of the same package is at the usual terms.
      await buyCoins(t.app, guest.access, 1);
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(300);
      const rows = await payments(guest.user.id);
      expect(rows.map((row) => [row.amount_minor, row.coins])).toEqual([
        [9900, 200],
        [9900, 100],
      ]);
      expect(rows[0]?.description).toBe('First top-up offer: 200 coins');
    });

    it('charges the lower price from the server, whatever the browser sends', async () => {
      await setOffer(LOWER_PRICE_OFFER);
      const guest = await signUpGuest(t.app);
      expect(await offerOf(guest)).toEqual(
        expect.objectContaining({ package_id: 2, price: 149, regular_price: 279, coins: 330 }),
      );
      // A price, coins or an offer flag from the browser is refused; nothing is started or claimed.
      for (const forged of [{ price: 1 }, { coins: 100000 }, { first_purchase_offer: true }, { amount: 0.01 }]) {
        expect((await purchase(guest, { package_id: 2, ...forged })).statusCode).toBe(400);
      }
      expect((await purchase(guest, { package_id: 999 })).statusCode).toBe(404);
      expect(await payments(guest.user.id)).toEqual([]);
      expect(await offerOf(guest)).not.toBeNull();
      // Another package is at its usual price and leaves the offer in place.
      const other = (await purchase(guest, { package_id: 1 })).json();
      expect(await offerOf(guest)).not.toBeNull();
      const started = (await purchase(guest, { package_id: 2 })).json();
      await pay(started.url);
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(330);
      const rows = await payments(guest.user.id);
      expect(rows.map((row) => [row.package_id, row.amount_minor, row.coins, row.status])).toEqual([
        [1, 9900, 100, 'pending'],
        [2, 14900, 330, 'succeeded'],
      ]);
      // Paying the earlier checkout later is a usual purchase; the offer stays used.
      await pay(other.url);
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(430);
      expect(await offerOf(guest)).toBeNull();
    });

    it('is not offered after a completed coin purchase or a Gold payment, nor to nobody', async () => {
      await setOffer(EXTRA_COINS_OFFER);
      expect(await offerOf()).toBeNull();
      const buyer = await signUpGuest(t.app);
      await buyCoins(t.app, buyer.access, 3);
      expect(await offerOf(buyer)).toBeNull();
      const started = (await purchase(buyer, { package_id: 1 })).json();
      await pay(started.url);
      expect(await balanceOf(t.ctx, buyer.user.id)).toBe(690 + 100);

      const gold = await registerUser(t.app, `gold-${Math.random().toString(36).slice(2, 8)}@example.com`);
      expect((await subscribeGold(t.app, gold.access)).statusCode).toBe(303);
      expect(await offerOf(gold)).toBeNull();
      const goldStart = (await purchase(gold, { package_id: 1 })).json();
      await pay(goldStart.url);
      expect((await payments(gold.user.id)).at(-1)).toEqual(
        expect.objectContaining({ amount_minor: 9900, coins: 100 }),
      );
    });

    it('gives the offer back when its checkout is cancelled', async () => {
      await setOffer(LOWER_PRICE_OFFER);
      const guest = await signUpGuest(t.app);
      const started = (await purchase(guest, { package_id: 2 })).json();
      expect(await offerOf(guest)).toBeNull();
      const cancelled = await pressDevCheckout(t.app, started.url, 'cancel');
      expect(cancelled.statusCode).toBe(303);
      expect(await offerOf(guest)).toEqual(expect.objectContaining({ price: 149 }));
      // Paying a cancelled checkout is impossible, and the new one carries the offer.
      await pay(started.url);
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(0);
      await buyCoins(t.app, guest.access, 2);
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(330);
      expect((await payments(guest.user.id)).at(-1)).toEqual(expect.objectContaining({ amount_minor: 14900 }));
    });

    it('gives the offer back when the processor reports its checkout expired or failed', async () => {
      await setOffer(EXTRA_COINS_OFFER);
      const guest = await signUpGuest(t.app);
      for (const type of ['checkout.session.expired', 'checkout.session.async_payment_failed']) {
        const started = (await purchase(guest, { package_id: 1 })).json();
        expect(await offerOf(guest)).toBeNull();
        const event = stripeEvent(type, { id: started.session_id, object: 'checkout.session', mode: 'payment' });
        expect((await deliver(t.app, event)).statusCode).toBe(200);
        expect(await offerOf(guest)).toEqual(expect.objectContaining({ coins: 200 }));
      }
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(0);
    });

    it("leaves every other viewer's offer in place when one viewer uses it", async () => {
      await setOffer(EXTRA_COINS_OFFER);
      const [first, second] = await Promise.all([signUpGuest(t.app), signUpGuest(t.app)]);
      await buyCoins(t.app, first.access, 1);
      expect(await offerOf(first)).toBeNull();
      expect(await offerOf(second)).toEqual(expect.objectContaining({ package_id: 1, coins: 200 }));
      await buyCoins(t.app, second.access, 1);
      expect(await balanceOf(t.ctx, second.user.id)).toBe(200);
    });

    it('counts the guest history after the guest signs in: an offer used as a guest is not offered again', async () => {
      await setOffer(EXTRA_COINS_OFFER);
      const guest = await signUpGuest(t.app);
      await buyCoins(t.app, guest.access, 1);
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(200);
      const account = await magicLinkSignIn(
        t.app,
        `merged-${Math.random().toString(36).slice(2, 8)}@example.com`,
        guest.access,
      );
      expect(await offerOf({ access: account.access } as Session)).toBeNull();
      const started = (await purchase({ access: account.access } as Session, { package_id: 1 })).json();
      await pay(started.url);
      expect((await payments(account.id)).map((row) => row.coins)).toEqual([200, 100]);
    });

    it('keeps the held offer with the account when a guest signs in with its checkout still open', async () => {
      await setOffer(EXTRA_COINS_OFFER);
      const guest = await signUpGuest(t.app);
      const started = (await purchase(guest, { package_id: 1 })).json();
      const account = await magicLinkSignIn(t.app, `held-${Math.random().toString(36).slice(2, 8)}@example.com`);
      expect(await offerOf({ access: account.access } as Session)).not.toBeNull();
      const merged = await magicLinkSignIn(
        t.app,
        `held2-${Math.random().toString(36).slice(2, 8)}@example.com`,
        guest.access,
      );
      expect(await offerOf({ access: merged.access } as Session)).toBeNull();
      await pay(started.url);
      expect(await ledgerSum(t.ctx, merged.id)).toBeGreaterThanOrEqual(200);
      expect(await offerOf({ access: merged.access } as Session)).toBeNull();
    });
  });

  describe('at most once under concurrency', () => {
    it('gives the offer to exactly one of 50 concurrent checkouts, and its coins once when all are paid', async () => {
      await setOffer(LOWER_PRICE_OFFER);
      const guest = await signUpGuest(t.app);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => purchase(guest, { package_id: 2, idempotency_key: `burst-${i}` })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
      const rows = await payments(guest.user.id);
      expect(rows).toHaveLength(50);
      expect(rows.filter((row) => row.amount_minor === 14900)).toHaveLength(1);
      expect(rows.filter((row) => row.amount_minor === 27900)).toHaveLength(49);
      expect(rows.every((row) => row.coins === 330)).toBe(true);
      // All paid at once, each twice: every checkout credits its own coins exactly once.
      const urls = answers.map((answer) => answer.json().url as string);
      await Promise.all([...urls, ...urls].map((url) => pay(url)));
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(50 * 330);
      expect(await ledgerSum(t.ctx, guest.user.id)).toBe(50 * 330);
      const claims = await t.ctx.db
        .selectFrom('first_purchase_offer_claims')
        .selectAll()
        .where('user_id', '=', guest.user.id)
        .execute();
      expect(claims).toHaveLength(1);
      expect(claims[0]?.payment_id).toBe(rows.find((row) => row.amount_minor === 14900)?.id);
    });

    it('answers one checkout with the offer to 50 concurrent retries of the same start', async () => {
      await setOffer(EXTRA_COINS_OFFER);
      const guest = await signUpGuest(t.app);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => purchase(guest, { package_id: 1, idempotency_key: 'one-tap' })),
      );
      expect(new Set(answers.map((answer) => answer.json().session_id)).size).toBe(1);
      const rows = await payments(guest.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual(expect.objectContaining({ amount_minor: 9900, coins: 200 }));
      await Promise.all(answers.slice(0, 10).map((answer) => pay(answer.json().url)));
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(200);
    });
  });

  describe('an abandoned checkout', () => {
    it('gives its offer back once it is left unpaid for an hour: the next checkout carries the offer', async () => {
      expect((await setOffer(LOWER_PRICE_OFFER)).statusCode).toBe(200);
      const guest = await signUpGuest(t.app);
      expect((await purchase(guest, { package_id: 2 })).statusCode).toBe(200);
      expect(await offerOf(guest)).toBeNull();
      const hourAgo = new Date(clock.getTime() - 61 * 60 * 1000).toISOString();
      await t.ctx.db
        .updateTable('payments')
        .set({ created_at: hourAgo })
        .where('user_id', '=', guest.user.id)
        .execute();
      const again = await purchase(guest, { package_id: 2 });
      expect(again.statusCode).toBe(200);
      expect(await payments(guest.user.id)).toEqual([
        expect.objectContaining({ status: 'expired', amount_minor: 14900 }),
        expect.objectContaining({ status: 'pending', amount_minor: 14900, coins: 330 }),
      ]);
      await pay(again.json().url);
      expect(await balanceOf(t.ctx, guest.user.id)).toBe(330);
    });
  });
});
