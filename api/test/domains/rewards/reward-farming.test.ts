/**
 * Rewards are per person: guests farmed and merged into one account never leave it more reward coins
 * than one person could earn in a day, and a claim a guest made carries over instead of repeating.
 */
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { systemCoins, unexplainedBalances } from '../auth/merge-support';

const CHANNELS = ['telegram', 'whatsapp', 'email', 'sms', 'native', 'copy_link'];
const PASSWORD = 'correct horse battery';

describe.each(databaseKinds())('reward farming through guests (%s)', (kind) => {
  let t: TestApp;
  let run = 0;
  /** What one person can earn on the first day: follow + today's daily bonus + every share channel. */
  let oneDay = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const guest = await signUpGuest(t.app);
    const overview = (await call(t.app, { url: '/api/rewards/', headers: bearer(guest.access) })).json();
    oneDay = overview.follow.coins + overview.daily.today_coins + overview.share.coins * CHANNELS.length;
  });
  afterAll(async () => {
    await t.close();
  });

  async function farm(guest: Session): Promise<number> {
    const headers = bearer(guest.access);
    let earned = 0;
    earned += (await call(t.app, { method: 'POST', url: '/api/rewards/follow/', headers })).json().coins;
    earned += (await call(t.app, { method: 'POST', url: '/api/rewards/daily/claim/', headers })).json().coins;
    for (const channel of CHANNELS) {
      earned += (
        await call(t.app, { method: 'POST', url: '/api/rewards/share/', headers, payload: { channel } })
      ).json().coins;
    }
    return earned;
  }

  async function register(guest: Session) {
    run += 1;
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register/',
      headers: bearer(guest.access),
      payload: { email: `farm-${run}-${kind}@example.com`, password: PASSWORD },
    });
    expect(answer.statusCode).toBe(201);
    return answer.json() as Session & { user: { email: string } };
  }

  async function login(guest: Session, email: string) {
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login/',
      headers: bearer(guest.access),
      payload: { email, password: PASSWORD },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json() as Session;
  }

  it.each([3, 6])('leaves an account at most one person’s day of rewards after %i farmed guests merge', async (n) => {
    const guests = await Promise.all(Array.from({ length: n }, () => signUpGuest(t.app)));
    let earned = 0;
    for (const guest of guests) earned += await farm(guest);
    expect(earned).toBe(n * oneDay); // each guest alone is one person
    const before = await systemCoins(t.ctx);

    const account = await register(guests[0] as Session);
    let last = account;
    for (const guest of guests.slice(1)) last = { ...(await login(guest, account.user.email)) } as typeof account;
    expect(last.user.coin_balance).toBeLessThanOrEqual(oneDay);
    expect(last.user.coin_balance).toBe(oneDay);
    // The other guests' reward coins were forfeited, not moved: the system lost exactly those.
    expect(await systemCoins(t.ctx)).toBe(before - (n - 1) * oneDay);
    expect(await unexplainedBalances(t.ctx)).toEqual([]);

    // And the account cannot claim them again itself.
    const headers = bearer(last.access);
    expect((await call(t.app, { method: 'POST', url: '/api/rewards/daily/claim/', headers })).statusCode).toBe(409);
    expect((await call(t.app, { method: 'POST', url: '/api/rewards/follow/', headers })).json().credited).toBe(false);
    const overview = (await call(t.app, { url: '/api/rewards/', headers })).json();
    expect(overview.share.channels.every((channel: { claimed_today: boolean }) => channel.claimed_today)).toBe(true);
  });

  it('does not pay today’s daily bonus again after the guest that claimed it signs up', async () => {
    const guest = await signUpGuest(t.app);
    const claimed = await call(t.app, {
      method: 'POST',
      url: '/api/rewards/daily/claim/',
      headers: bearer(guest.access),
    });
    expect(claimed.statusCode).toBe(200);
    const account = await register(guest);
    expect(account.user.coin_balance).toBe(claimed.json().coins);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/rewards/daily/claim/',
      headers: bearer(account.access),
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps the purchased part of a guest’s coins when its reward claims are duplicates', async () => {
    const first = await signUpGuest(t.app);
    await call(t.app, { method: 'POST', url: '/api/rewards/follow/', headers: bearer(first.access) });
    const account = await register(first);
    const second = await signUpGuest(t.app);
    const follow = (
      await call(t.app, { method: 'POST', url: '/api/rewards/follow/', headers: bearer(second.access) })
    ).json();
    const { grantCoins } = await import('../coins/money-fixtures');
    await grantCoins(t.ctx, second.user.id, 55);
    const merged = await login(second, account.user.email);
    expect(merged.user.coin_balance).toBe(account.user.coin_balance + 55);
    expect(follow.coins).toBeGreaterThan(0);
  });

  it('refuses a claim by a guest that has moved to an account', async () => {
    const guest = await signUpGuest(t.app);
    await register(guest);
    const late = await call(t.app, { method: 'POST', url: '/api/rewards/follow/', headers: bearer(guest.access) });
    expect([401, 409]).toContain(late.statusCode);
  });
});
