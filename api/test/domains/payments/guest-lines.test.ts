/**
 * After a guest signs in, the account's transactions keep the guest's own lines itemised and marked
 * as guest (what it earned, bought and spent), instead of one "Coins moved from your guest profile"
 * line; the lines shown add up to the balance exactly, and replaying the merge adds nothing.
 */
import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import { mergeGuest } from '../../../src/domains/auth/guest-merge.service';
import { databaseKinds } from '../../support/databases';
import { signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, buyCoins, grantCoins, magicLinkSignIn, seedPaidEpisodes } from '../coins/money-fixtures';

interface Line {
  id: string;
  type: string;
  description: string;
  coins: number;
  status: string;
  as_guest: boolean;
  balance_after: number | null;
}

describe.each(databaseKinds())('a guest’s itemised lines after a merge (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await signUpGuest(t.app);
  }, 120_000);
  afterAll(() => t.close());

  const linesOf = async (access: string): Promise<Line[]> => {
    const answer = await call(t.app, { url: '/api/transactions/?limit=100', headers: bearer(access) });
    expect(answer.statusCode).toBe(200);
    return answer.json().results;
  };
  const sum = (lines: Line[]) => lines.reduce((total, line) => total + line.coins, 0);

  it('lists each guest line marked as guest, keeps the balance, and sums to it; a replayed merge adds nothing', async () => {
    const guest = await signUpGuest(t.app);
    // The guest earns (a daily bonus), buys (package 1) and spends (an unlock).
    const claimed = await call(t.app, {
      method: 'POST',
      url: '/api/rewards/daily/claim/',
      headers: bearer(guest.access),
    });
    expect(claimed.statusCode).toBe(200);
    await buyCoins(t.app, guest.access, 1);
    const { episodeIds } = await seedPaidEpisodes(t.ctx, 1, 15);
    const unlocked = await call(t.app, {
      method: 'POST',
      url: `/api/episodes/${episodeIds[0]}/unlock/`,
      headers: bearer(guest.access),
    });
    expect(unlocked.statusCode).toBe(200);
    const guestLines = await linesOf(guest.access);
    const guestBalance = await balanceOf(t.ctx, guest.user.id);
    expect(sum(guestLines)).toBe(guestBalance);
    expect(guestLines.every((line) => !line.as_guest)).toBe(true);

    const email = `guest-lines-${kind}@example.com`;
    const account = await magicLinkSignIn(t.app, email, guest.access);
    const balance = await balanceOf(t.ctx, account.id);
    expect(account.user.coin_balance).toBe(balance);
    expect(balance).toBe(guestBalance + MAGIC_LINK_SIGNUP_COINS);
    expect(await balanceOf(t.ctx, guest.user.id)).toBe(0);

    const lines = await linesOf(account.access);
    const asGuest = lines.filter((line) => line.as_guest);
    // The guest's own lines, each once, in the same words and amounts, marked as guest.
    const shape = (line: Line) => ({ type: line.type, description: line.description, coins: line.coins });
    expect(asGuest.map(shape)).toEqual(guestLines.map(shape));
    expect(asGuest.map((line) => line.id).sort()).toEqual(guestLines.map((line) => line.id).sort());
    expect(asGuest.every((line) => line.balance_after === null)).toBe(true);
    // No summary pair counting the same coins twice; the account's own lines are not marked.
    expect(lines.some((line) => /Coins moved (from your guest profile|to your account)/.test(line.description))).toBe(
      false,
    );
    expect(lines.filter((line) => !line.as_guest).map((line) => line.type)).toContain('registration_bonus');
    expect(sum(lines)).toBe(balance);

    // The merge replayed (another sign-in path, a retried request) moves and lists nothing more.
    expect(await mergeGuest(t.ctx, guest.user.id, account.id)).toEqual({ moved: false, coins: 0, forfeited: 0 });
    expect(await balanceOf(t.ctx, account.id)).toBe(balance);
    expect(await linesOf(account.access)).toEqual(lines);
  });

  it('keeps lines of two guests merged into one account apart from the account’s own, and still sums to the balance', async () => {
    const email = `two-guests-${kind}@example.com`;
    const first = await signUpGuest(t.app);
    await grantCoins(t.ctx, first.user.id, 30);
    const account = await magicLinkSignIn(t.app, email, first.access);
    const second = await signUpGuest(t.app);
    await buyCoins(t.app, second.access, 1);
    const { episodeIds } = await seedPaidEpisodes(t.ctx, 1, 20);
    await call(t.app, {
      method: 'POST',
      url: `/api/episodes/${episodeIds[0]}/unlock/`,
      headers: bearer(second.access),
    });
    const again = await magicLinkSignIn(t.app, email, second.access);
    expect(again.id).toBe(account.id);

    const lines = await linesOf(again.access);
    expect(lines.filter((line) => line.as_guest).map((line) => line.type)).toEqual(
      expect.arrayContaining(['staff_grant', 'purchase', 'unlock']),
    );
    expect(lines.filter((line) => line.as_guest)).toHaveLength(3);
    expect(sum(lines)).toBe(await balanceOf(t.ctx, account.id));
    // Another viewer sees none of them.
    const stranger = await signUpGuest(t.app);
    expect(await linesOf(stranger.access)).toEqual([]);
  });
});
