/**
 * Saved cards with the dev provider: the card form's number is checked like a processor would (Luhn,
 * expiry in the future, CVC length of its brand), only brand, last 4, expiry and a fingerprint are kept,
 * the same card twice is refused politely, and a payment method made for one viewer is useless to
 * another. One-tap buying charges the viewer's own default card and grants coins once.
 */
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, ledgerSum } from '../coins/money-fixtures';

const MASTERCARD = { number: '5555 5555 5555 4444', exp_month: 11, exp_year: 2028, cvc: '123' };

describe.each(databaseKinds())('saved cards and one-tap buying (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => new Date('2026-11-25T12:00:00Z') });
    // The first sign-up warms the app (key import, first queries); on a busy machine it can take a while.
    await signUpGuest(t.app);
  }, 120_000);
  afterAll(() => t.close());

  const as = (session: Session, method: string, url: string, payload?: unknown) =>
    call(t.app, { method, url, headers: bearer(session.access), ...(payload === undefined ? {} : { payload }) });

  async function saveCard(session: Session, card: typeof MASTERCARD) {
    const token = await as(session, 'POST', '/api/dev-payment-methods/', card);
    if (token.statusCode !== 200) return token;
    return as(session, 'POST', '/api/payment-methods/', { payment_method_id: token.json().payment_method_id });
  }

  it('saves Mastercard 5555 5555 5555 4444, 11/28 as mastercard ending 4444, expiring 11/2028, without its number', async () => {
    const viewer = await signUpGuest(t.app);
    const saved = await saveCard(viewer, MASTERCARD);
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toEqual(
      expect.objectContaining({ brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2028, is_default: true }),
    );
    const rows = await t.ctx.db
      .selectFrom('payment_methods' as never)
      .selectAll()
      .where('user_id' as never, '=', viewer.user.id as never)
      .execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('5555555555554444');
    expect(stored).not.toContain('555555555555');
    expect(stored).not.toContain('"123"');
  });

  it.each([
    ['a number failing the Luhn check', { ...MASTERCARD, number: '5555 5555 5555 4445' }, 'number'],
    ['an expired card', { ...MASTERCARD, exp_month: 10, exp_year: 2026 }, 'expiry'],
    ['a month that does not exist', { ...MASTERCARD, exp_month: 13 }, 'expiry'],
    ['a 4-digit CVC on a Mastercard', { ...MASTERCARD, cvc: '1234' }, 'cvc'],
    [
      'a 3-digit CVC on an American Express card',
      { number: '3782 822463 10005', exp_month: 1, exp_year: 2030, cvc: '123' },
      'cvc',
    ],
  ])('refuses %s with a clear message and saves nothing', async (_name, card, field) => {
    const viewer = await signUpGuest(t.app);
    const answer = await as(viewer, 'POST', '/api/dev-payment-methods/', card);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(answer.json().message).toEqual(expect.any(String));
    expect((await as(viewer, 'GET', '/api/payment-methods/')).json()).toEqual([]);
  });

  it('reads the brand from the number: amex with a 4-digit CVC, visa, mir', async () => {
    const viewer = await signUpGuest(t.app);
    const amex = await as(viewer, 'POST', '/api/dev-payment-methods/', {
      number: '378282246310005',
      exp_month: 1,
      exp_year: 30,
      cvc: '1234',
    });
    expect(amex.json()).toEqual(expect.objectContaining({ brand: 'amex', last4: '0005', exp_year: 2030 }));
    const visa = await as(viewer, 'POST', '/api/dev-payment-methods/', { ...MASTERCARD, number: '4242424242424242' });
    expect(visa.json().brand).toBe('visa');
    const mir = await as(viewer, 'POST', '/api/dev-payment-methods/', { ...MASTERCARD, number: '2200000000000004' });
    expect(mir.json().brand).toBe('mir');
  });

  it('refuses the same card saved twice, politely, and keeps one row', async () => {
    const viewer = await signUpGuest(t.app);
    expect((await saveCard(viewer, MASTERCARD)).statusCode).toBe(201);
    const again = await saveCard(viewer, { ...MASTERCARD, cvc: '999' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This card is already saved: Mastercard ending 4444, expiring 11/28. You do not need to add it again.',
    );
    expect((await as(viewer, 'GET', '/api/payment-methods/')).json()).toHaveLength(1);
    // Another viewer may save the same card: duplicates are per viewer.
    const other = await signUpGuest(t.app);
    expect((await saveCard(other, MASTERCARD)).statusCode).toBe(201);
  });

  it("refuses another viewer's payment method id and a forged one", async () => {
    const owner = await signUpGuest(t.app);
    const thief = await signUpGuest(t.app);
    const token = (await as(owner, 'POST', '/api/dev-payment-methods/', MASTERCARD)).json().payment_method_id as string;
    const stolen = await as(thief, 'POST', '/api/payment-methods/', { payment_method_id: token });
    expect(stolen.statusCode).toBe(400);
    const forged = token.replace('_4444_', '_4242_');
    expect(forged).not.toBe(token);
    expect((await as(owner, 'POST', '/api/payment-methods/', { payment_method_id: forged })).statusCode).toBe(400);
    expect((await as(thief, 'GET', '/api/payment-methods/')).json()).toEqual([]);
    expect((await as(owner, 'GET', '/api/payment-methods/')).json()).toEqual([]);
  });

  it('buys a pack in one tap with the default card; coins arrive once, a replayed confirm adds nothing', async () => {
    const viewer = await signUpGuest(t.app);
    const before = await balanceOf(t.ctx, viewer.user.id);
    expect((await saveCard(viewer, MASTERCARD)).statusCode).toBe(201);
    const packs = (await call(t.app, { url: '/api/coins/packages/' })).json() as Array<{
      id: number;
      coins: number;
      bonus_coins: number;
      price: number;
      currency: string;
    }>;
    const pack = packs[0] as (typeof packs)[number];
    const intent = await as(viewer, 'POST', '/api/payments/create-intent/', {
      amount: pack.price,
      currency: pack.currency,
      package_id: pack.id,
    });
    expect(intent.statusCode).toBe(200);
    const id = intent.json().payment_intent_id as string;
    const confirmed = await Promise.all(
      Array.from({ length: 10 }, () => as(viewer, 'POST', '/api/payments/confirm/', { payment_intent_id: id })),
    );
    for (const answer of confirmed) expect(answer.statusCode).toBe(200);
    expect(confirmed.map((answer) => answer.json().status)).toContain('succeeded');
    const coins = pack.coins + pack.bonus_coins;
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(before + coins);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(before + coins);
    // A forged price for the package is refused before anything is charged.
    const forged = await as(viewer, 'POST', '/api/payments/create-intent/', {
      amount: 1,
      currency: pack.currency,
      package_id: pack.id,
    });
    expect(forged.statusCode).toBe(400);
    // Another viewer cannot confirm this viewer's intent.
    const other = await signUpGuest(t.app);
    expect((await as(other, 'POST', '/api/payments/confirm/', { payment_intent_id: id })).statusCode).toBe(404);
  });
  it('asks the bank: a card that needs 3-D Secure answers requires_action, charges nothing and leaves no payment awaiting', async () => {
    const viewer = await signUpGuest(t.app);
    const before = await balanceOf(t.ctx, viewer.user.id);
    const authenticating = { number: '4000 0027 6000 3184', exp_month: 12, exp_year: 2030, cvc: '123' };
    expect((await saveCard(viewer, authenticating)).statusCode).toBe(201);
    const [pack] = (await call(t.app, { url: '/api/coins/packages/' })).json() as Array<{
      id: number;
      price: number;
      currency: string;
    }>;
    const intent = await as(viewer, 'POST', '/api/payments/create-intent/', {
      amount: pack?.price,
      currency: pack?.currency,
      package_id: pack?.id,
    });
    const id = intent.json().payment_intent_id as string;
    // Tapped many times at once: every answer sends the viewer to the payment page, none charges.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => as(viewer, 'POST', '/api/payments/confirm/', { payment_intent_id: id })),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(answers.map((answer) => answer.json().status)).toContain('requires_action');
    for (const answer of answers) expect(['requires_action', 'canceled']).toContain(answer.json().status);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(before);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(before);
    // Confirming it again later pays nothing either: the intent was given up.
    const replay = await as(viewer, 'POST', '/api/payments/confirm/', { payment_intent_id: id });
    expect(replay.json().status).toBe('canceled');
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(before);
    const list = (await as(viewer, 'GET', '/api/transactions/')).json();
    expect(JSON.stringify(list)).not.toContain('awaiting payment');
  });

  it("treats Stripe's test card pm_card_authenticationRequired the same way", async () => {
    const viewer = await signUpGuest(t.app);
    expect(
      (await as(viewer, 'POST', '/api/payment-methods/', { payment_method_id: 'pm_card_authenticationRequired' }))
        .statusCode,
    ).toBe(201);
    const intent = await as(viewer, 'POST', '/api/payments/create-intent/', { amount: 150, currency: 'rub' });
    const answer = await as(viewer, 'POST', '/api/payments/confirm/', {
      payment_intent_id: intent.json().payment_intent_id,
    });
    expect(answer.json()).toEqual(expect.objectContaining({ status: 'requires_action', coins: expect.any(Number) }));
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(await balanceOf(t.ctx, viewer.user.id));
  });
});
