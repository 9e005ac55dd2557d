import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import {
  balanceOf,
  buyCoins,
  grantCoins,
  ledgerSum,
  pressDevCheckout,
  seedPaidEpisodes,
} from '../coins/money-fixtures';

describe.each(databaseKinds())('payments routes (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const as = (session: Session, method: string, url: string, payload?: unknown) =>
    call(t.app, { method, url, headers: bearer(session.access), ...(payload !== undefined ? { payload } : {}) });

  describe('payment methods', () => {
    it('makes the first card the default, keeps exactly one default and promotes another when it is deleted', async () => {
      const user = await signUpGuest(t.app);
      const visa = await as(user, 'POST', '/api/payment-methods/', { payment_method_id: 'pm_card_visa' });
      expect(visa.statusCode).toBe(201);
      expect(visa.json()).toEqual(
        expect.objectContaining({ payment_method_id: 'pm_card_visa', brand: 'visa', last4: '4242', is_default: true }),
      );
      const master = (
        await as(user, 'POST', '/api/payment-methods/', { payment_method_id: 'pm_card_mastercard' })
      ).json();
      expect(master.is_default).toBe(false);
      expect((await as(user, 'POST', '/api/payment-methods/', { payment_method_id: 'pm_card_visa' })).statusCode).toBe(
        200,
      );

      const afterDefault = (await as(user, 'POST', `/api/payment-methods/${master.id}/set-default/`)).json();
      expect(
        afterDefault.filter((m: { is_default: boolean }) => m.is_default).map((m: { id: number }) => m.id),
      ).toEqual([master.id]);
      expect(afterDefault).toHaveLength(2);

      const afterDelete = (await as(user, 'DELETE', `/api/payment-methods/${master.id}/`)).json();
      expect(afterDelete).toEqual([expect.objectContaining({ id: visa.json().id, is_default: true })]);
      expect((await as(user, 'GET', '/api/payment-methods/')).json()).toEqual(afterDelete);
    });

    it('keeps one default when cards are added concurrently', async () => {
      const user = await signUpGuest(t.app);
      const ids = ['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex', 'pm_card_mir', 'pm_card_visa_debit'];
      await Promise.all(ids.map((id) => as(user, 'POST', '/api/payment-methods/', { payment_method_id: id })));
      const list = (await as(user, 'GET', '/api/payment-methods/')).json();
      expect(list).toHaveLength(5);
      expect(list.filter((m: { is_default: boolean }) => m.is_default)).toHaveLength(1);
    });

    it("answers 400 for a malformed or unknown card, 404 for another user's card, 401 without a token", async () => {
      const user = await signUpGuest(t.app);
      const other = await signUpGuest(t.app);
      const card = (await as(other, 'POST', '/api/payment-methods/', { payment_method_id: 'pm_card_visa' })).json();
      expect((await as(user, 'POST', '/api/payment-methods/', { payment_method_id: 'card_123' })).statusCode).toBe(400);
      expect((await as(user, 'POST', '/api/payment-methods/', { payment_method_id: 'pm_unknown' })).statusCode).toBe(
        400,
      );
      expect((await as(user, 'POST', '/api/payment-methods/', {})).statusCode).toBe(400);
      expect((await as(user, 'DELETE', `/api/payment-methods/${card.id}/`)).statusCode).toBe(404);
      expect((await as(user, 'POST', `/api/payment-methods/${card.id}/set-default/`)).statusCode).toBe(404);
      expect((await as(user, 'DELETE', '/api/payment-methods/abc/')).statusCode).toBe(400);
      expect((await as(user, 'GET', '/api/payment-methods/')).json()).toEqual([]);
      expect((await call(t.app, { url: '/api/payment-methods/' })).statusCode).toBe(401);
      expect((await as(other, 'GET', '/api/payment-methods/')).json()).toHaveLength(1);
    });

    it('stores nothing for an unknown card, not even a processor customer, and saves the next valid one', async () => {
      const user = await signUpGuest(t.app);
      const customers = () =>
        t.ctx.db.selectFrom('payment_customers').selectAll().where('user_id', '=', user.user.id).execute();
      for (const payment_method_id of ['pm_0', 'pm_unknown', 'pm_card_visa_expired']) {
        const refused = await as(user, 'POST', '/api/payment-methods/', { payment_method_id });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toMatch(/Unknown payment method/);
      }
      expect(await customers()).toEqual([]);
      expect((await as(user, 'GET', '/api/payment-methods/')).json()).toEqual([]);

      expect((await as(user, 'POST', '/api/payment-methods/', { payment_method_id: 'pm_card_visa' })).statusCode).toBe(
        201,
      );
      expect(await customers()).toEqual([
        expect.objectContaining({ provider: 'dev', customer_id: expect.any(String) }),
      ]);
      // With a customer on record, a later unknown card leaves it (and the saved card) as they were.
      const before = await customers();
      expect((await as(user, 'POST', '/api/payment-methods/', { payment_method_id: 'pm_0' })).statusCode).toBe(400);
      expect(await customers()).toEqual(before);
      expect((await as(user, 'GET', '/api/payment-methods/')).json()).toHaveLength(1);
    });

    it('creates a setup intent', async () => {
      const user = await signUpGuest(t.app);
      const answer = (await as(user, 'POST', '/api/payment-methods/setup-intent/')).json();
      expect(answer).toEqual({
        client_secret: expect.stringMatching(/^seti_dev_.+_secret_/),
        setup_intent_id: expect.stringMatching(/^seti_dev_/),
      });
    });
  });

  describe('payment intents', () => {
    it('creates an intent for a package and credits its coins only when confirmed with a saved card', async () => {
      const user = await signUpGuest(t.app);
      const created = await as(user, 'POST', '/api/payments/create-intent/', { amount: 99, package_id: 1 });
      expect(created.statusCode).toBe(200);
      const intent = created.json();
      expect(intent).toEqual(
        expect.objectContaining({ amount: 99, currency: 'rub', coins: 100, status: 'requires_confirmation' }),
      );
      const noCard = await as(user, 'POST', '/api/payments/confirm/', { payment_intent_id: intent.payment_intent_id });
      expect(noCard.statusCode).toBe(400);
      expect(await balanceOf(t.ctx, user.user.id)).toBe(0);

      await as(user, 'POST', '/api/payment-methods/', { payment_method_id: 'pm_card_visa' });
      const confirmed = await as(user, 'POST', '/api/payments/confirm/', {
        payment_intent_id: intent.payment_intent_id,
      });
      expect(confirmed.json()).toEqual(expect.objectContaining({ status: 'succeeded', coins: 100, balance: 100 }));
      // Confirming again is answered from the record and pays nothing more.
      expect(
        (await as(user, 'POST', '/api/payments/confirm/', { payment_intent_id: intent.payment_intent_id })).json()
          .balance,
      ).toBe(100);
      expect(await ledgerSum(t.ctx, user.user.id)).toBe(100);
    });

    it('records a declined card as a failed payment', async () => {
      const user = await signUpGuest(t.app);
      await as(user, 'POST', '/api/payment-methods/', { payment_method_id: 'pm_card_chargeDeclined' });
      const intent = (await as(user, 'POST', '/api/payments/create-intent/', { amount: 150, currency: 'rub' })).json();
      const declined = await as(user, 'POST', '/api/payments/confirm/', {
        payment_intent_id: intent.payment_intent_id,
      });
      expect(declined.statusCode).toBe(402);
      const list = (await as(user, 'GET', '/api/transactions/')).json();
      expect(list.results[0]).toEqual(expect.objectContaining({ status: 'failed', amount: 150, coins: 0 }));
    });

    it('refuses bad amounts, a price that is not the package price and unknown intents', async () => {
      const user = await signUpGuest(t.app);
      for (const body of [
        {},
        { amount: '99' },
        { amount: 0 },
        { amount: -5 },
        { amount: 99, currency: 'RUBLES' },
        { amount: 99, extra: 1 },
      ]) {
        expect((await as(user, 'POST', '/api/payments/create-intent/', body)).statusCode).toBe(400);
      }
      expect((await as(user, 'POST', '/api/payments/create-intent/', { amount: 50, package_id: 1 })).statusCode).toBe(
        400,
      );
      expect((await as(user, 'POST', '/api/payments/create-intent/', { amount: 50, package_id: 99 })).statusCode).toBe(
        404,
      );
      expect(
        (await as(user, 'POST', '/api/payments/confirm/', { payment_intent_id: 'pi_dev_unknown' })).statusCode,
      ).toBe(404);
      expect((await as(user, 'POST', '/api/payments/confirm/', { payment_intent_id: 'nope' })).statusCode).toBe(400);
      const payments = await t.ctx.db
        .selectFrom('payments' as never)
        .selectAll()
        .where('user_id' as never, '=', user.user.id as never)
        .execute();
      expect(payments).toEqual([]);
    });
  });

  describe('dev checkout', () => {
    it('shows an accessible page without scripts, pays through the webhook and returns to the coin store', async () => {
      const user = await signUpGuest(t.app);
      const started = (await as(user, 'POST', '/api/coins/purchase/', { package_id: 3 })).json();
      expect(started.url).toMatch(
        new RegExp(`/api/dev-checkout/${started.session_id}\\?token=[A-Za-z0-9_-]+&lang=en$`),
      );
      const path = new URL(started.url).pathname;
      const token = new URL(started.url).search;
      const page = await call(t.app, { url: `${path}${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain('600 coins + 90 bonus coins');
      expect(page.body).toMatch(/RUB\s?499</);
      expect(page.body).toMatch(/<form method="post" action="[^"]+\/pay\?token=[^"]+" id="pay">/);
      expect(page.body).toContain('<button type="submit" form="pay" class="pay">');
      // The receipt address has a label a screen reader reads, and says what it is for.
      expect(page.body).toContain('<label for="email">E-mail for your receipt</label>');
      expect(page.body).toContain('autocomplete="email"');
      expect(page.body).toContain('>Cancel</button>');
      expect(page.body).not.toMatch(/<script/i);

      // The browser's return alone grants nothing: before Pay, no coins.
      expect(await balanceOf(t.ctx, user.user.id)).toBe(0);
      const paid = await call(t.app, {
        method: 'POST',
        url: `${path}/pay${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(
        `http://cliffhanger.test/coins?checkout=success&session_id=${started.session_id}`,
      );
      expect(await balanceOf(t.ctx, user.user.id)).toBe(690);
      // Pressing Pay again (back button, double click) pays nothing more.
      await call(t.app, {
        method: 'POST',
        url: `${path}/pay${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(await balanceOf(t.ctx, user.user.id)).toBe(690);
      expect((await call(t.app, { url: `${path}${token}` })).body).toContain('This purchase is paid');
      const profile = (await as(user, 'GET', '/api/users/profile/')).json();
      expect(profile.is_premium).toBe(true);
    });

    it('cancels without paying and sends the browser back with checkout=cancelled', async () => {
      const user = await signUpGuest(t.app);
      const started = (
        await call(t.app, {
          method: 'POST',
          url: '/api/coins/purchase/',
          headers: { ...bearer(user.access), origin: 'http://localhost:3001' },
          payload: { package_id: 1 },
        })
      ).json();
      const cancelled = await pressDevCheckout(t.app, started.url, 'cancel');
      expect(cancelled.statusCode).toBe(303);
      expect(cancelled.headers.location).toBe(
        `http://localhost:3001/coins?checkout=cancelled&session_id=${started.session_id}`,
      );
      await pressDevCheckout(t.app, started.url, 'pay');
      expect(await balanceOf(t.ctx, user.user.id)).toBe(0);
    });

    it('documents what the checkout pages answer: HTML pages, a redirect back, JSON for a malformed id', async () => {
      const doc = (await call(t.app, { url: '/api/docs/json' })).json();
      const page = doc.paths['/api/dev-checkout/{session_id}'].get.responses;
      expect(Object.keys(page['200'].content)).toEqual(['text/html']);
      expect(Object.keys(page['403'].content)).toEqual(['text/html']);
      expect(Object.keys(page['404'].content)).toEqual(['text/html']);
      expect(Object.keys(page['400'].content)).toEqual(['application/json']);
      for (const action of ['pay', 'cancel', 'refund/{share}', 'dispute/{step}']) {
        const answers = doc.paths[`/api/dev-checkout/{session_id}/${action}`].post.responses;
        expect(answers['303']).toEqual(expect.objectContaining({ headers: { location: expect.any(Object) } }));
        expect(answers['303'].content).toBeUndefined();
        expect(Object.keys(answers['403'].content)).toEqual(['text/html']);
        expect(Object.keys(answers['404'].content)).toEqual(['text/html']);
        expect(Object.keys(answers['415'].content)).toEqual(['application/json']);
      }
      // And the pages answer as documented.
      const unknown = await call(t.app, { url: '/api/dev-checkout/cs_dev_unknown' });
      expect([unknown.statusCode, unknown.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
      const malformed = await call(t.app, { url: '/api/dev-checkout/not-a-session' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toEqual(expect.any(String));
    });

    it('never redirects to a foreign origin and answers 404 for unknown sessions', async () => {
      const user = await signUpGuest(t.app);
      const started = (
        await call(t.app, {
          method: 'POST',
          url: '/api/coins/purchase/',
          headers: { ...bearer(user.access), origin: 'https://evil.example' },
          payload: { package_id: 1 },
        })
      ).json();
      const paid = await pressDevCheckout(t.app, started.url, 'pay');
      expect(paid.headers.location).toMatch(/^http:\/\/cliffhanger\.test\/coins\?/);
      expect((await call(t.app, { url: '/api/dev-checkout/cs_dev_unknown' })).statusCode).toBe(404);
      expect((await call(t.app, { url: '/api/dev-checkout/not-a-session' })).statusCode).toBe(400);
    });

    it('pays, cancels and refunds only for the user who started the checkout', async () => {
      const owner = await signUpGuest(t.app);
      const intruder = await signUpGuest(t.app);
      const started = (await as(owner, 'POST', '/api/coins/purchase/', { package_id: 1 })).json();
      const own = (await as(intruder, 'POST', '/api/coins/purchase/', { package_id: 4 })).json();
      const path = new URL(started.url).pathname;
      const intruderToken = new URL(own.url).searchParams.get('token') as string;
      const ownerToken = new URL(started.url).searchParams.get('token') as string;
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const attempts = [
        // Anonymous, knowing only the session id (it travels in return addresses).
        { url: `${path}/pay`, headers: form },
        // Another signed-in user.
        { url: `${path}/pay`, headers: { ...form, ...bearer(intruder.access) } },
        // Another user's own checkout address, pointed at this session.
        { url: `${path}/pay?token=${intruderToken}`, headers: form },
        // A token altered by one character.
        { url: `${path}/pay?token=${ownerToken.slice(0, -1)}${ownerToken.endsWith('A') ? 'B' : 'A'}`, headers: form },
        // The owner's address with someone else's Bearer token: the signed-in caller decides.
        { url: `${path}/pay?token=${ownerToken}`, headers: { ...form, ...bearer(intruder.access) } },
        { url: `${path}/cancel`, headers: { ...form, ...bearer(intruder.access) } },
      ];
      for (const attempt of attempts) {
        const answer = await call(t.app, { method: 'POST', body: '', ...attempt });
        expect(answer.statusCode).toBe(403);
        expect(answer.body).toContain('This checkout is not yours');
      }
      const page = await call(t.app, { url: path, headers: bearer(intruder.access) });
      expect(page.statusCode).toBe(403);
      expect(page.body).not.toContain('Pay ');
      expect(await balanceOf(t.ctx, owner.user.id)).toBe(0);
      expect(await balanceOf(t.ctx, intruder.user.id)).toBe(0);
      const row = await t.ctx.db
        .selectFrom('payments' as never)
        .select('status' as never)
        .where('provider_ref' as never, '=', started.session_id as never)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'pending' });

      // The owner pays with the address they were given, or signed in with their own token.
      const paid = await call(t.app, {
        method: 'POST',
        url: `${path}/pay`,
        headers: { ...form, ...bearer(owner.access) },
        body: '',
      });
      expect(paid.statusCode).toBe(303);
      expect(await balanceOf(t.ctx, owner.user.id)).toBe(100);
      // Nobody else can refund or dispute it from the receipt either.
      for (const action of ['refund/rest', 'dispute/open']) {
        const answer = await call(t.app, {
          method: 'POST',
          url: `${path}/${action}?token=${intruderToken}`,
          headers: form,
          body: '',
        });
        expect(answer.statusCode).toBe(403);
      }
      expect(await balanceOf(t.ctx, owner.user.id)).toBe(100);
    });
  });

  describe('transactions', () => {
    it('lists ledger rows and payments newest first with readable descriptions, paginated', async () => {
      const user = await signUpGuest(t.app);
      await buyCoins(t.app, user.access, 1);
      const { episodeIds } = await seedPaidEpisodes(t.ctx, 3, 10);
      for (const id of episodeIds) await as(user, 'POST', `/api/episodes/${id}/unlock/`);
      await grantCoins(t.ctx, user.user.id, 5);

      const page1 = (await as(user, 'GET', '/api/transactions/?limit=2')).json();
      expect(page1.count).toBe(5);
      expect(page1.next).toBe('/api/transactions/?limit=2&page=2');
      expect(page1.results[0]).toEqual(
        expect.objectContaining({
          type: 'staff_grant',
          coins: 5,
          amount: null,
          description: 'Coins from Cliffhanger support',
        }),
      );
      expect(page1.results[1]).toEqual(
        expect.objectContaining({
          type: 'unlock',
          coins: -10,
          description: expect.stringMatching(/^Unlocked “Money series \d+”, episode 3$/),
          balance_after: 70,
        }),
      );
      const page3 = (await as(user, 'GET', '/api/transactions/?limit=2&page=3')).json();
      expect(page3.next).toBeNull();
      expect(page3.results).toEqual([
        expect.objectContaining({
          type: 'purchase',
          coins: 100,
          amount: 99,
          currency: 'rub',
          status: 'succeeded',
          description: 'Bought 100 coins',
        }),
      ]);
      for (const query of ['?page=0', '?limit=500', '?page=x'])
        expect((await as(user, 'GET', `/api/transactions/${query}`)).statusCode).toBe(400);
      expect((await call(t.app, { url: '/api/transactions/' })).statusCode).toBe(401);
    });
  });

  it('tells the browser which provider runs', async () => {
    expect((await call(t.app, { url: '/api/payments/config/' })).json()).toEqual({
      provider: 'dev',
      publishable_key: null,
    });
  });
});
