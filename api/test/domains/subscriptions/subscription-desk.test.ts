/**
 * The staff's Gold desk: comp, extend, reactivate and end now with an optional refund. Each is raced
 * 50 at once and replayed: the days are added once, the refund is made once.
 */
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { callAs } from '../../support/http';
import { suiteApp } from '../../support/suite-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';
import { subscribeGold } from '../coins/money-fixtures';

const DAY = 86_400_000;

describe.each(databaseKinds())('the Gold desk (%s)', (kind) => {
  const t = suiteApp(kind);
  let cast: Cast;
  beforeAll(async () => {
    cast = await signUpCast(t);
  });

  const desk = (method: string, url: string, payload?: unknown, who: Session = cast.superuser) =>
    callAs(t.app, who.access, { method, url: `/api/admin${url}`, payload });
  const active = async (viewer: Session) =>
    (await callAs(t.app, viewer.access, { method: 'GET', url: '/api/subscriptions/active/' })).json();
  const raced = (n: number, run: () => ReturnType<typeof desk>) => Promise.all(Array.from({ length: n }, run));
  const codes = (answers: Array<{ statusCode: number }>) => answers.map((a) => a.statusCode).sort();
  const audits = (action: string, id: number) =>
    t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('entity_id', '=', String(id))
      .execute();

  it('comps Gold for N days once, whatever the number of clicks, with the reason on the audit', async () => {
    const viewer = await signUpGuest(t.app);
    const answers = await raced(50, () =>
      desk('POST', `/users/${viewer.user.id}/gold/comp/`, { days: 30, reason: 'Apology for the outage' }),
    );
    expect(codes(answers).filter((code) => code === 200)).toHaveLength(1);
    expect(codes(answers).filter((code) => code === 409)).toHaveLength(49);
    const gold = await active(viewer);
    expect(gold).toMatchObject({ plan: 'comp', status: 'active', cancel_at_period_end: true });
    const days = (Date.parse(gold.current_period_end) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const replay = await desk('POST', `/users/${viewer.user.id}/gold/comp/`, { days: 30, reason: 'again' });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toMatch(/^This viewer has Gold until \d{4}-\d\d-\d\d already: extend it instead$/);
    const [audit] = await audits('subscription.comp', gold.id);
    expect(JSON.parse(String(audit?.after_json))).toMatchObject({ days: 30, reason: 'Apology for the outage' });
    const profile = (await callAs(t.app, viewer.access, { method: 'GET', url: '/api/users/profile/' })).json();
    expect(profile.is_gold_member).toBe(true);
  });

  it('lets only a superuser use the desk', async () => {
    const viewer = await signUpGuest(t.app);
    const staff = await desk('POST', `/users/${viewer.user.id}/gold/comp/`, { days: 5, reason: 'x' }, cast.staff);
    expect(staff.statusCode).toBe(403);
    const plain = await desk('POST', `/users/${viewer.user.id}/gold/comp/`, { days: 5, reason: 'x' }, cast.viewer);
    expect(plain.statusCode).toBe(403);
    expect((await desk('POST', `/users/${viewer.user.id}/gold/comp/`, { days: 0, reason: 'x' })).statusCode).toBe(400);
  });

  it('extends the period by N days once when the same extend is raced and replayed', async () => {
    const viewer = await signUpGuest(t.app);
    expect((await subscribeGold(t.app, viewer.access)).statusCode).toBe(303);
    const before = await active(viewer);
    const body = { days: 7, reason: 'Goodwill', period_end: before.current_period_end };
    const answers = await raced(50, () => desk('POST', `/subscriptions/${before.id}/extend/`, body));
    expect(codes(answers).filter((code) => code === 200)).toHaveLength(1);
    const after = await active(viewer);
    expect(Date.parse(after.current_period_end) - Date.parse(before.current_period_end)).toBe(7 * DAY);
    const replay = await desk('POST', `/subscriptions/${before.id}/extend/`, body);
    expect(replay.statusCode).toBe(409);
    expect((await active(viewer)).current_period_end).toBe(after.current_period_end);
    expect(await audits('subscription.extend', before.id)).toHaveLength(1);
  });

  it('reactivates a scheduled cancel once, and refuses a subscription that is not set to cancel', async () => {
    const viewer = await signUpGuest(t.app);
    expect((await subscribeGold(t.app, viewer.access)).statusCode).toBe(303);
    const sub = await active(viewer);
    expect((await desk('POST', `/subscriptions/${sub.id}/reactivate/`, {})).statusCode).toBe(409);
    await callAs(t.app, viewer.access, { method: 'POST', url: '/api/subscriptions/cancel/' });
    const answers = await raced(50, () => desk('POST', `/subscriptions/${sub.id}/reactivate/`, { reason: 'Asked' }));
    expect(codes(answers).filter((code) => code === 200)).toHaveLength(1);
    expect(await active(viewer)).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(await audits('subscription.reactivate', sub.id)).toHaveLength(1);
  });

  it('ends Gold now and refunds the last payment once, however often it is pressed', async () => {
    const viewer = await signUpGuest(t.app);
    expect((await subscribeGold(t.app, viewer.access)).statusCode).toBe(303);
    const sub = await active(viewer);
    const body = { refund: true, reason: 'Charged by mistake' };
    const answers = await raced(50, () => desk('POST', `/subscriptions/${sub.id}/end/`, body));
    expect(codes(answers).filter((code) => code === 200)).toHaveLength(1);
    const ended = answers.find((a) => a.statusCode === 200)?.json();
    expect(ended).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    const refused = answers.find((a) => a.statusCode === 409)?.json();
    expect(refused.message).toMatch(/^This subscription ended on \d{4}-\d\d-\d\d$/);
    expect((await desk('POST', `/subscriptions/${sub.id}/end/`, body)).statusCode).toBe(409);
    const payments = await t.ctx.db
      .selectFrom('payments')
      .select(['amount_minor', 'refunded_minor'])
      .where('user_id', '=', viewer.user.id)
      .where('status', '=', 'succeeded')
      .execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]?.refunded_minor).toBe(payments[0]?.amount_minor);
    expect((await callAs(t.app, viewer.access, { method: 'GET', url: '/api/subscriptions/active/' })).statusCode).toBe(
      404,
    );
    expect(await audits('subscription.end_now', sub.id)).toHaveLength(1);
  });

  it('ends Gold now without a refund when none is asked, and says so when there is nothing to refund', async () => {
    const viewer = await signUpGuest(t.app);
    const comp = (await desk('POST', `/users/${viewer.user.id}/gold/comp/`, { days: 10, reason: 'Test' })).json();
    const refund = await desk('POST', `/subscriptions/${comp.id}/end/`, { refund: true, reason: 'x' });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe('There is no payment for this subscription to refund');
    const ended = await desk('POST', `/subscriptions/${comp.id}/end/`, { refund: false, reason: 'Done' });
    expect(ended.json()).toMatchObject({ status: 'canceled' });
  });
});
