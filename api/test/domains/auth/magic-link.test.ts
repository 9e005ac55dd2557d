import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { registerUser, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { suiteAppWithMail, tokenFromMail } from '../../support/smtp';
import { bearer } from '../../support/test-app';

describe.each(databaseKinds())('magic links (%s)', (kind) => {
  let clock = Date.now();
  const { t, smtp } = suiteAppWithMail(kind, { now: () => new Date(clock) });
  beforeAll(() => seedDemoCatalogue(t.ctx, smallCatalogue()));

  async function requestLink(email: string, access?: string) {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/magic-link/',
      headers: access ? bearer(access) : {},
      payload: { email, next: '/mylist' },
    });
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('mails a registration link to a new address and an auth link to a known one, answering the same', async () => {
    await registerUser(t.app, 'known@example.com');
    const fresh = await requestLink('fresh@example.com');
    const known = await requestLink('known@example.com');
    expect(fresh.body).toBe(known.body);
    tokenFromMail(await smtp.waitForMail('fresh@example.com', 'magic-link-registration='), 'magic-link-registration');
    tokenFromMail(await smtp.waitForMail('known@example.com', 'magic-link-auth='), 'magic-link-auth');
  });

  it('creates the account with 100 coins exactly once, through the ledger', async () => {
    await requestLink('new@example.com');
    const token = tokenFromMail(
      await smtp.waitForMail('new@example.com', 'magic-link-registration='),
      'magic-link-registration',
    );
    const verified = await call(t.app, { method: 'POST', url: '/api/auth/magic-link/verify/', payload: { token } });
    expect(verified.statusCode).toBe(200);
    const answer = verified.json();
    expect(answer).toEqual(
      expect.objectContaining({ success: 1, id: expect.any(Number), email: 'new@example.com', next: '/mylist' }),
    );
    expect(answer.user.coin_balance).toBe(MAGIC_LINK_SIGNUP_COINS);
    expect(answer.user.verified).toBe(true);

    // Signing in again with a second link is not a new account: no second bonus.
    await requestLink('new@example.com');
    const second = tokenFromMail(await smtp.waitForMail('new@example.com', 'magic-link-auth='), 'magic-link-auth');
    const again = (
      await call(t.app, { method: 'POST', url: '/api/auth/magic-link/verify/', payload: { token: second } })
    ).json();
    expect(again.id).toBe(answer.id);
    expect(again.user.coin_balance).toBe(MAGIC_LINK_SIGNUP_COINS);
    const ledger = await t.ctx.db.selectFrom('coin_ledger').selectAll().where('user_id', '=', answer.id).execute();
    expect(ledger).toEqual([
      expect.objectContaining({
        delta: MAGIC_LINK_SIGNUP_COINS,
        reason: 'registration_bonus',
        balance_after: MAGIC_LINK_SIGNUP_COINS,
      }),
    ]);
  });

  it('accepts a link only once', async () => {
    await requestLink('once@example.com');
    const token = tokenFromMail(
      await smtp.waitForMail('once@example.com', 'magic-link-registration='),
      'magic-link-registration',
    );
    expect(
      (await call(t.app, { method: 'POST', url: '/api/auth/magic-link/verify/', payload: { token } })).statusCode,
    ).toBe(200);
    const reuse = await call(t.app, { method: 'POST', url: '/api/auth/magic-link/verify/', payload: { token } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual(
      expect.objectContaining({ success: 0, message: expect.stringMatching(/invalid|used|expired/) }),
    );
  });

  it('refuses a link older than 15 minutes', async () => {
    await requestLink('late@example.com');
    const token = tokenFromMail(
      await smtp.waitForMail('late@example.com', 'magic-link-registration='),
      'magic-link-registration',
    );
    clock += 15 * 60 * 1000 + 1000;
    const late = await call(t.app, { method: 'POST', url: '/api/auth/magic-link/verify/', payload: { token } });
    clock = Date.now();
    expect(late.statusCode).toBe(400);
  });

  it("moves a guest's coins, unlocks, list, progress and history to the account it signs into", async () => {
    const guest = await signUpGuest(t.app, 'MergeGuest0123456789');
    const at = new Date(clock).toISOString();
    await t.ctx.db.transaction().execute(async (trx) => {
      const { applyLedgerEntry } = await import('../../../src/kernel/coin-ledger');
      await applyLedgerEntry(trx, {
        userId: guest.user.id,
        delta: 40,
        reason: 'reward',
        reference: 'test',
        createdAt: at,
      });
      await trx
        .insertInto('episode_unlocks')
        .values({ user_id: guest.user.id, episode_id: 2, coin_cost: 20, created_at: at })
        .execute();
    });
    expect(
      (await call(t.app, { method: 'POST', url: '/api/series/3/add-to-list/', headers: bearer(guest.access) }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url: '/api/episodes/1/watch-progress/',
          headers: bearer(guest.access),
          payload: { progress: 40 },
        })
      ).statusCode,
    ).toBe(200);

    await requestLink('merged@example.com', guest.access);
    const token = tokenFromMail(
      await smtp.waitForMail('merged@example.com', 'magic-link-registration='),
      'magic-link-registration',
    );
    const verified = await call(t.app, {
      method: 'POST',
      url: '/api/auth/magic-link/verify/',
      headers: bearer(guest.access),
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    const account = verified.json();
    expect(account.user.coin_balance).toBe(MAGIC_LINK_SIGNUP_COINS + 40);
    expect(account.user.is_guest).toBe(false);

    const headers = bearer(account.access);
    const list = (await call(t.app, { url: '/api/users/my-list/', headers })).json();
    expect(list.map((series: { id: number }) => series.id)).toEqual([3]);
    const history = (await call(t.app, { url: '/api/users/watch-history/', headers })).json();
    expect(history.map((entry: { episode: { id: number } }) => entry.episode.id)).toEqual([1]);
    const episode = (await call(t.app, { url: '/api/episodes/2/', headers })).json();
    expect(episode.is_unlocked).toBe(true);
    // The guest's own session is over, and its balance went to zero through the ledger.
    expect((await call(t.app, { url: '/api/users/profile/', headers: bearer(guest.access) })).statusCode).toBe(401);
    const guestRow = await t.ctx.db
      .selectFrom('users')
      .select(['coin_balance', 'merged_into_user_id'])
      .where('id', '=', guest.user.id)
      .executeTakeFirstOrThrow();
    expect(guestRow).toEqual({ coin_balance: 0, merged_into_user_id: account.id });
  });

  it('never redirects a link to another site', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/magic-link/',
      payload: { email: 'redirect@example.com', next: '//evil.example' },
    });
    expect(response.statusCode).toBe(200);
    const token = tokenFromMail(
      await smtp.waitForMail('redirect@example.com', 'magic-link-registration='),
      'magic-link-registration',
    );
    const answer = (
      await call(t.app, { method: 'POST', url: '/api/auth/magic-link/verify/', payload: { token } })
    ).json();
    expect(answer.next).toBeNull();
  });
});
