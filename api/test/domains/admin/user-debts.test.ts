/**
 * A viewer whose refunded coins were already spent owes them: staff see "owes N" on the user's page and
 * in the users list, and the next grant pays the debt first, with the ledger saying so.
 */
import { databaseKinds } from '../../support/databases';
import { registerUser } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, buyCoins, ledgerSum, seedPaidEpisodes } from '../coins/money-fixtures';
import { type Cast, signUpCast } from './staff-fixtures';

describe.each(databaseKinds())('debts on the staff user screens (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let episodes: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    cast = await signUpCast(t);
    episodes = (await seedPaidEpisodes(t.ctx, 20, 10)).episodeIds;
  });
  afterAll(() => t.close());

  it('a refund of spent coins shows as owed on the user page and in the list, and the next grant pays it first', async () => {
    const email = `debtor-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const viewer = await registerUser(t.app, email);
    const sessionId = await buyCoins(t.app, viewer.access, 1);
    const payment = await t.ctx.db
      .selectFrom('payments')
      .select(['id', 'coins'])
      .where('provider_ref', '=', sessionId)
      .executeTakeFirstOrThrow();
    const start = await balanceOf(t.ctx, viewer.user.id);
    for (const id of episodes.slice(0, 5)) {
      await call(t.app, { method: 'POST', url: `/api/episodes/${id}/unlock/`, headers: bearer(viewer.access) });
    }
    const refunded = await call(t.app, {
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refund/`,
      headers: bearer(cast.superuser.access),
      payload: { reason: 'Refund asked by the viewer', idempotency_key: `debt-${sessionId}` },
    });
    expect(refunded.statusCode).toBe(200);
    const owed = payment.coins - (start - 50);
    expect(owed).toBe(50);

    const page = await call(t.app, { url: `/api/admin/users/${viewer.user.id}/`, headers: bearer(cast.staff.access) });
    expect(page.json().user).toMatchObject({ coin_balance: 0, owed });
    const list = await call(t.app, {
      url: `/api/admin/users/?search=${encodeURIComponent(email)}`,
      headers: bearer(cast.staff.access),
    });
    expect(list.json().results).toEqual([expect.objectContaining({ id: viewer.user.id, owed })]);

    const grant = await call(t.app, {
      method: 'POST',
      url: `/api/admin/users/${viewer.user.id}/coins/`,
      headers: bearer(cast.superuser.access),
      payload: { amount: 80, reason: 'Goodwill after the refund' },
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().balance).toBe(80 - owed);
    const after = await call(t.app, { url: `/api/admin/users/${viewer.user.id}/`, headers: bearer(cast.staff.access) });
    expect(after.json().user.owed).toBe(0);
    expect(after.json().ledger.slice(0, 2)).toEqual([
      expect.objectContaining({ reason: 'debt_settlement', delta: -owed }),
      expect.objectContaining({ reason: 'staff_grant', delta: 80, note: 'Goodwill after the refund' }),
    ]);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(await balanceOf(t.ctx, viewer.user.id));
  });
});
