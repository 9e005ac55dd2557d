/**
 * The staff's payments desk: payments found by viewer, status, amount and date with what their refunds
 * and disputes did to coins and Gold; a refund made from the admin goes through the processor's signed
 * event, so its coins are taken back once however often, however concurrently, and never beyond the
 * price; only superusers refund.
 */

import { databaseKinds } from '../../support/databases';
import { registerUser, type Session } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';
import { balanceOf, buyCoins, ledgerSum, seedPaidEpisodes, subscribeGold } from '../coins/money-fixtures';

describe.each(databaseKinds())('the payments desk (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let episodes: number[] = [];
  let nextEpisode = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cast = await signUpCast(t);
    episodes = (await seedPaidEpisodes(t.ctx, 20, 10)).episodeIds;
  });
  afterAll(() => t.close());

  let keys = 0;
  const key = () => `refund-key-${Date.now()}-${keys++}`;

  async function paidPayment(viewer: Session, packageId = 1) {
    const sessionId = await buyCoins(t.app, viewer.access, packageId);
    const row = await t.ctx.db
      .selectFrom('payments')
      .select(['id', 'amount_minor', 'coins'])
      .where('provider_ref', '=', sessionId)
      .executeTakeFirstOrThrow();
    return row;
  }

  async function newViewer() {
    return registerUser(t.app, `payer-${Math.random().toString(36).slice(2, 10)}@example.com`);
  }

  async function spend(viewer: Session, count: number) {
    for (let i = 0; i < count; i += 1) {
      const answer = await call(t.app, {
        method: 'POST',
        url: `/api/episodes/${episodes[nextEpisode++]}/unlock/`,
        headers: bearer(viewer.access),
      });
      expect(answer.statusCode).toBe(200);
    }
  }

  const refund = (who: Session, id: number, payload: object) =>
    call(t.app, { method: 'POST', url: `/api/admin/payments/${id}/refund/`, headers: bearer(who.access), payload });
  const detail = async (id: number) =>
    (await call(t.app, { url: `/api/admin/payments/${id}/`, headers: bearer(cast.staff.access) })).json();

  async function expectLedgerMatches(userId: number) {
    expect(await ledgerSum(t.ctx, userId)).toBe(await balanceOf(t.ctx, userId));
  }

  it('staff find a payment by the viewer, status, amount and date; viewers may not look', async () => {
    const viewer = await newViewer();
    const payment = await paidPayment(viewer, 2);
    const email = viewer.user.email as string;
    const today = new Date().toISOString().slice(0, 10);
    const query = `search=${encodeURIComponent(email)}&status=succeeded&min_amount=${payment.amount_minor}&max_amount=${payment.amount_minor}&from=${today}&to=${today}`;
    const found = await call(t.app, { url: `/api/admin/payments/?${query}`, headers: bearer(cast.staff.access) });
    expect(found.statusCode).toBe(200);
    expect(found.json().count).toBe(1);
    expect(found.json().results[0]).toMatchObject({
      id: payment.id,
      user_id: viewer.user.id,
      user_email: email,
      kind: 'coins',
      status: 'succeeded',
      amount_minor: payment.amount_minor,
      refunded_minor: 0,
      coins: payment.coins,
      coins_reversed: 0,
      coins_owed: 0,
    });
    const byId = await call(t.app, {
      url: `/api/admin/payments/?user_id=${viewer.user.id}`,
      headers: bearer(cast.staff.access),
    });
    expect(byId.json().results.map((row: { id: number }) => row.id)).toEqual([payment.id]);
    const none = await call(t.app, {
      url: `/api/admin/payments/?search=${encodeURIComponent(email)}&status=failed`,
      headers: bearer(cast.staff.access),
    });
    expect(none.json().count).toBe(0);
    const viewerLooks = await call(t.app, { url: '/api/admin/payments/', headers: bearer(viewer.access) });
    expect(viewerLooks.statusCode).toBe(403);
  });

  it('a full refund of coins already spent takes what is left and shows the rest owed, with the reason on the ledger row', async () => {
    const viewer = await newViewer();
    const payment = await paidPayment(viewer);
    await spend(viewer, 5);
    const left = payment.coins - 50;
    const answer = await refund(cast.superuser, payment.id, {
      reason: 'Charged twice by mistake',
      idempotency_key: key(),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ applied: true, refunded_minor: payment.amount_minor });
    expect(answer.json().payment).toMatchObject({ coins_reversed: payment.coins, coins_owed: payment.coins - left });
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(0);
    const page = await detail(payment.id);
    expect(page.refundable_minor).toBe(0);
    expect(page.ledger).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'payment_refunded', delta: -left, note: 'Charged twice by mistake' }),
      ]),
    );
    expect(page.debts).toEqual([expect.objectContaining({ outstanding: 50 })]);
    expect(page.staff_actions).toEqual([
      expect.objectContaining({
        action: 'payment.refund',
        amount_minor: payment.amount_minor,
        reason: 'Charged twice by mistake',
      }),
    ]);
    await expectLedgerMatches(viewer.user.id);
  });

  it('the same refund sent again refunds once', async () => {
    const viewer = await newViewer();
    const payment = await paidPayment(viewer);
    const body = { amount_minor: 1000, reason: 'Goodwill', idempotency_key: key() };
    const first = await refund(cast.superuser, payment.id, body);
    const again = await refund(cast.superuser, payment.id, body);
    expect(first.json()).toMatchObject({ applied: true, refunded_minor: 1000 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ applied: false, refunded_minor: 1000 });
    expect((await detail(payment.id)).staff_actions).toHaveLength(1);
    await expectLedgerMatches(viewer.user.id);
  });

  it('50 refunds of one payment at once never give back more than was paid, nor count a refund twice', async () => {
    const viewer = await newViewer();
    const payment = await paidPayment(viewer);
    const share = Math.floor(payment.amount_minor / 10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        refund(cast.superuser, payment.id, { amount_minor: share, reason: 'Partial goodwill', idempotency_key: key() }),
      ),
    );
    const refunded = answers.filter((answer) => answer.statusCode === 200).length;
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    expect(refunded).toBe(10);
    const page = await detail(payment.id);
    expect(page.payment.refunded_minor).toBe(share * refunded);
    expect(page.payment.coins_reversed).toBe(payment.coins);
    expect(page.staff_actions).toHaveLength(refunded);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(0);
    await expectLedgerMatches(viewer.user.id);
  });

  it('a refund above what was paid, or of a payment refunded in full, is refused and changes nothing', async () => {
    const viewer = await newViewer();
    const payment = await paidPayment(viewer);
    const tooMuch = await refund(cast.superuser, payment.id, {
      amount_minor: payment.amount_minor + 1,
      reason: 'Too much',
      idempotency_key: key(),
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(payment.coins);
    expect((await refund(cast.superuser, payment.id, { reason: 'All of it', idempotency_key: key() })).statusCode).toBe(
      200,
    );
    const twice = await refund(cast.superuser, payment.id, { reason: 'All of it again', idempotency_key: key() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail ?? twice.json().message ?? twice.body).toMatch(/refunded in full/);
    expect((await detail(payment.id)).staff_actions).toHaveLength(1);
    await expectLedgerMatches(viewer.user.id);
  });

  it('only a superuser refunds; the refund touches the payer alone; an unknown payment is a 404', async () => {
    const payer = await newViewer();
    const other = await newViewer();
    const payment = await paidPayment(payer);
    const otherPayment = await paidPayment(other);
    for (const who of [other, cast.staff]) {
      const refused = await refund(who, payment.id, { reason: 'Not mine to give', idempotency_key: key() });
      expect(refused.statusCode).toBe(403);
    }
    expect(
      (await refund(cast.superuser, payment.id, { reason: 'Asked by the payer', idempotency_key: key() })).statusCode,
    ).toBe(200);
    expect(await balanceOf(t.ctx, payer.user.id)).toBe(0);
    expect(await balanceOf(t.ctx, other.user.id)).toBe(otherPayment.coins);
    expect((await detail(otherPayment.id)).payment.refunded_minor).toBe(0);
    const missing = await refund(cast.superuser, 2_000_000, { reason: 'Nobody', idempotency_key: key() });
    expect(missing.statusCode).toBe(404);
  });

  it('a Gold payment refunded in full from the admin ends that Gold, and the list says so', async () => {
    const viewer = await newViewer();
    expect((await subscribeGold(t.app, viewer.access)).statusCode).toBe(303);
    const found = await call(t.app, {
      url: `/api/admin/payments/?user_id=${viewer.user.id}`,
      headers: bearer(cast.staff.access),
    });
    const gold = found.json().results.find((row: { kind: string }) => row.kind === 'gold');
    expect(gold).toMatchObject({ status: 'succeeded', gold_ended: false });
    const answer = await refund(cast.superuser, gold.id, { reason: 'Subscribed by mistake', idempotency_key: key() });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().payment).toMatchObject({ refunded_minor: gold.amount_minor, gold_ended: true });
    const profile = await call(t.app, { url: '/api/users/profile/', headers: bearer(viewer.access) });
    expect(profile.json().is_gold_member).toBe(false);
  });
});
