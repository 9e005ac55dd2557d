/**
 * Guest merges under concurrency, on both databases: however sign-ins, links and spending race, a
 * guest's coins move once, no coin is created, and every balance equals its ledger.
 */
import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import { databaseKinds } from '../../support/databases';
import { registerUser, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, grantCoins, seedPaidEpisodes } from '../coins/money-fixtures';
import { magicTokens, requestMagicLink, systemCoins, unexplainedBalances, verifyMagicLink } from './merge-support';

const PASSWORD = 'correct horse battery';

describe.each(databaseKinds())('guest merge races (%s)', (kind) => {
  let t: TestApp;
  let run = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const email = (name: string) => {
    run += 1;
    return `${name}-${run}-${kind}@example.com`;
  };

  async function guestWith(coins: number) {
    const guest = await signUpGuest(t.app);
    if (coins > 0) await grantCoins(t.ctx, guest.user.id, coins);
    return guest;
  }

  async function statusOfGuest(id: number) {
    return t.ctx.db
      .selectFrom('users')
      .select(['coin_balance', 'merged_into_user_id', 'is_active'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it.each([5, 20])('moves a guest’s coins to one account only when %i registrations carry its token', async (n) => {
    const guest = await guestWith(100);
    const before = await systemCoins(t.ctx);
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        call(t.app, {
          method: 'POST',
          url: '/api/auth/register/',
          headers: bearer(guest.access),
          payload: { email: email(`reg${i}`), password: PASSWORD },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const balances = answers.map((answer) => answer.json().user.coin_balance as number);
    expect(balances.filter((balance) => balance === 100)).toHaveLength(1);
    expect(balances.reduce((a, b) => a + b, 0)).toBe(100);
    expect(await systemCoins(t.ctx)).toBe(before); // registration grants nothing
    expect((await statusOfGuest(guest.user.id)).coin_balance).toBe(0);
    expect(await unexplainedBalances(t.ctx)).toEqual([]);
  });

  it.each([10, 30])('lets %i unlocks racing a login either happen before the merge or be refused', async (n) => {
    const { episodeIds } = await seedPaidEpisodes(t.ctx, n, 10);
    const address = email('login');
    const account = await registerUser(t.app, address, PASSWORD);
    const guest = await guestWith(100);
    const before = await systemCoins(t.ctx);

    const login = call(t.app, {
      method: 'POST',
      url: '/api/auth/login/',
      headers: bearer(guest.access),
      payload: { email: address, password: PASSWORD },
    });
    const unlocks = episodeIds.map((id) =>
      call(t.app, { method: 'POST', url: `/api/episodes/${id}/unlock/`, headers: bearer(guest.access) }),
    );
    const [signedIn, ...answers] = await Promise.all([login, ...unlocks]);
    expect(signedIn.statusCode).toBe(200);
    // Paid before the merge, out of coins, or refused because the guest had moved: nothing else.
    for (const answer of answers) expect([200, 401, 402, 409]).toContain(answer.statusCode);
    const paid = answers.filter((answer) => answer.statusCode === 200 && answer.json().via === 'coins');
    const spent = paid.length * 10;

    expect(await systemCoins(t.ctx)).toBe(before - spent);
    expect(await balanceOf(t.ctx, account.user.id)).toBe(100 - spent);
    expect(await statusOfGuest(guest.user.id)).toEqual(
      expect.objectContaining({ coin_balance: 0, merged_into_user_id: account.user.id }),
    );
    // Every paid unlock is the account's now.
    const unlocked = await t.ctx.db
      .selectFrom('episode_unlocks')
      .select('episode_id')
      .where('user_id', '=', account.user.id)
      .execute();
    expect(unlocked).toHaveLength(paid.length);
    expect(await unexplainedBalances(t.ctx)).toEqual([]);
  });

  it.each([2, 5])('gives a guest’s coins to one of %i new accounts whose links it verifies at once', async (n) => {
    const guest = await guestWith(100);
    const addresses = Array.from({ length: n }, (_, i) => email(`two${i}`));
    for (const address of addresses) await requestMagicLink(t.app, address, guest.access);
    const tokens = addresses.map((address) => magicTokens(t.ctx, address)[0] as string);
    const before = await systemCoins(t.ctx);

    const answers = await Promise.all(tokens.map((token) => verifyMagicLink(t.app, token, guest.access)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const balances = answers.map((answer) => answer.json().user.coin_balance as number);
    expect(balances.reduce((a, b) => a + b, 0)).toBe(n * MAGIC_LINK_SIGNUP_COINS + 100);
    expect(answers.filter((answer) => answer.json().guest_merged)).toHaveLength(1);
    // Only the welcome coins are new.
    expect(await systemCoins(t.ctx)).toBe(before + n * MAGIC_LINK_SIGNUP_COINS);
    expect(await unexplainedBalances(t.ctx)).toEqual([]);
  });

  it.each([2, 8])(
    'signs in all of %i links for the same new address used at once, one account, no error',
    async (n) => {
      const address = email('same');
      const guest = await guestWith(30);
      for (let i = 0; i < n; i += 1) await requestMagicLink(t.app, address, guest.access);
      const tokens = magicTokens(t.ctx, address);
      expect(tokens).toHaveLength(n);
      const before = await systemCoins(t.ctx);

      const answers = await Promise.all(tokens.map((token) => verifyMagicLink(t.app, token, guest.access)));
      for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
      const ok = answers.filter((answer) => answer.statusCode === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((answer) => answer.json().id)).size).toBe(1);
      const accounts = await t.ctx.db
        .selectFrom('users')
        .select(['id', 'coin_balance'])
        .where('email', '=', address)
        .execute();
      expect(accounts).toHaveLength(1);
      expect(accounts[0]?.coin_balance).toBe(MAGIC_LINK_SIGNUP_COINS + 30);
      expect(await systemCoins(t.ctx)).toBe(before + MAGIC_LINK_SIGNUP_COINS);
      expect(await unexplainedBalances(t.ctx)).toEqual([]);
    },
  );

  it('moves nothing the second time a merged guest’s token signs in', async () => {
    const guest = await guestWith(40);
    const first = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register/',
      headers: bearer(guest.access),
      payload: { email: email('once'), password: PASSWORD },
    });
    expect(first.json().user.coin_balance).toBe(40);
    const address = email('later');
    await registerUser(t.app, address, PASSWORD);
    const second = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login/',
      headers: bearer(guest.access),
      payload: { email: address, password: PASSWORD },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.coin_balance).toBe(0);
  });
});
