/**
 * Staff coin grants, through both routes (the users screen's adjustment and POST /api/coins/grant/):
 * nobody changes their own balance, a grant above STAFF_GRANT_LIMIT needs a superuser, and every grant
 * states its reason. A refused grant changes no balance and writes no ledger or audit row.
 */
import { STAFF_GRANT_LIMIT } from '@cliffhanger/shared/constants';
import { databaseKinds } from '../../support/databases';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf } from '../coins/money-fixtures';
import { type Cast, signUpCast } from './staff-fixtures';

describe.each(databaseKinds())('staff coin grants (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  type Who = 'staff' | 'superuser';
  const viaAdmin = (who: Who, userId: number, payload: Record<string, unknown>) =>
    call(t.app, {
      method: 'POST',
      url: `/api/admin/users/${userId}/coins/`,
      headers: bearer(cast[who].access),
      payload,
    });
  const viaCoins = (who: Who, userId: number, payload: Record<string, unknown>) =>
    call(t.app, {
      method: 'POST',
      url: '/api/coins/grant/',
      headers: bearer(cast[who].access),
      payload: { user_id: userId, ...payload },
    });
  const routes = [
    ['the users screen', viaAdmin],
    ['POST /api/coins/grant/', viaCoins],
  ] as const;

  async function writes() {
    const [ledger, audit] = await Promise.all([
      t.ctx.db.selectFrom('coin_ledger').select('id').execute(),
      t.ctx.db
        .selectFrom('audit_log' as never)
        .select('id' as never)
        .execute(),
    ]);
    return { ledger: ledger.length, audit: audit.length };
  }

  it.each(routes)('%s: staff cannot grant coins to themselves (403), superusers neither', async (_name, grant) => {
    const before = await writes();
    for (const who of ['staff', 'superuser'] as const) {
      const self = await grant(who, cast[who].user.id, { amount: 500, reason: 'Treating myself' });
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toMatch(/your own coin balance/);
      expect(await balanceOf(t.ctx, cast[who].user.id)).toBe(0);
    }
    expect(await writes()).toEqual(before);
  });

  it.each(routes)('%s: a grant above the limit needs a superuser', async (_name, grant) => {
    const target = cast.viewer.user.id;
    const start = await balanceOf(t.ctx, target);
    const before = await writes();
    const large = await grant('staff', target, { amount: 1_000_000, reason: 'Generous mood' });
    expect(large.statusCode).toBe(403);
    expect(large.json().message).toMatch(/more than 1000 coins need a superuser/);
    const justAbove = await grant('staff', target, { amount: STAFF_GRANT_LIMIT + 1, reason: 'Just above' });
    expect(justAbove.statusCode).toBe(403);
    expect(await writes()).toEqual(before);
    expect(await balanceOf(t.ctx, target)).toBe(start);

    const atLimit = await grant('staff', target, { amount: STAFF_GRANT_LIMIT, reason: 'Outage apology' });
    expect(atLimit.statusCode).toBe(200);
    const bySuperuser = await grant('superuser', target, { amount: 5_000, reason: 'Contest prize' });
    expect(bySuperuser.statusCode).toBe(200);
    expect(await balanceOf(t.ctx, target)).toBe(start + STAFF_GRANT_LIMIT + 5_000);
    // Taking coins back has no limit (it cannot go below zero anyway).
    const deduct = await grant('staff', target, { amount: -5_000, reason: 'Prize awarded twice' });
    expect(deduct.statusCode).toBe(200);
  });

  it.each(routes)('%s: every grant needs a reason (400 without, nothing written)', async (_name, grant) => {
    const target = cast.guest.user.id;
    const before = await writes();
    for (const payload of [{ amount: 10 }, { amount: 10, reason: '' }, { amount: 10, reason: '   ' }]) {
      const answer = await grant('staff', target, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/reason/);
    }
    expect(await writes()).toEqual(before);
    expect(await balanceOf(t.ctx, target)).toBe(0);
  });
});
