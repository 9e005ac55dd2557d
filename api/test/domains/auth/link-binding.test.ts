/**
 * Sign-in and reset links are bound to the session that asked for them: opened in any other session
 * they never carry that session's guest data to the link's account (the "send the victim my link"
 * hijack), and opened in the asking session they merge it as before.
 */
import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import { databaseKinds } from '../../support/databases';
import { registerUser, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, grantCoins, seedPaidEpisodes } from '../coins/money-fixtures';
import {
  magicTokens,
  requestMagicLink,
  resetTokens,
  systemCoins,
  unexplainedBalances,
  verifyMagicLink,
} from './merge-support';

describe.each(databaseKinds())('links bound to the asking session (%s)', (kind) => {
  let t: TestApp;
  let episodeId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    episodeId = (await seedPaidEpisodes(t.ctx, 1, 20)).episodeIds[0] as number;
  });
  afterAll(async () => {
    await t.close();
  });

  async function victimGuest() {
    const victim = await signUpGuest(t.app);
    await grantCoins(t.ctx, victim.user.id, 270);
    const unlocked = await call(t.app, {
      method: 'POST',
      url: `/api/episodes/${episodeId}/unlock/`,
      headers: bearer(victim.access),
    });
    expect(unlocked.statusCode).toBe(200);
    return victim; // 250 coins and one unlock
  }

  async function stillOwns(victim: { access: string; user: { id: number } }) {
    expect(await balanceOf(t.ctx, victim.user.id)).toBe(250);
    const profile = await call(t.app, { url: '/api/users/profile/', headers: bearer(victim.access) });
    expect(profile.statusCode).toBe(200);
    const unlocks = await t.ctx.db
      .selectFrom('episode_unlocks')
      .select('episode_id')
      .where('user_id', '=', victim.user.id)
      .execute();
    expect(unlocks.map((row) => row.episode_id)).toEqual([episodeId]);
  }

  it.each([
    ['with a guest session of their own', true],
    ['with no session', false],
  ])('never moves the victim’s guest data to an attacker’s new-address link asked for %s', async (_, ownSession) => {
    const attacker = ownSession ? await signUpGuest(t.app) : null;
    const address = `attacker-${ownSession}-${kind}@example.com`;
    await requestMagicLink(t.app, address, attacker?.access);
    const [token] = magicTokens(t.ctx, address);
    const victim = await victimGuest();
    const before = await systemCoins(t.ctx);

    const opened = await verifyMagicLink(t.app, token as string, victim.access);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual(
      expect.objectContaining({ success: 1, email: address, requested_here: false, guest_merged: false }),
    );
    expect(opened.json().user.coin_balance).toBe(MAGIC_LINK_SIGNUP_COINS);
    await stillOwns(victim);
    expect(await systemCoins(t.ctx)).toBe(before + MAGIC_LINK_SIGNUP_COINS);
    expect(await unexplainedBalances(t.ctx)).toEqual([]);
  });

  it('never moves the victim’s guest data to an existing account whose sign-in link they open', async () => {
    const address = `attacker-known-${kind}@example.com`;
    const attacker = await registerUser(t.app, address);
    await requestMagicLink(t.app, address);
    const [token] = magicTokens(t.ctx, address);
    const victim = await victimGuest();
    const opened = await verifyMagicLink(t.app, token as string, victim.access);
    expect(opened.json()).toEqual(expect.objectContaining({ id: attacker.user.id, guest_merged: false }));
    expect(opened.json().user.coin_balance).toBe(0);
    await stillOwns(victim);
  });

  it('merges the asking guest when its own link is opened in its own session', async () => {
    const guest = await victimGuest();
    const address = `own-${kind}@example.com`;
    await requestMagicLink(t.app, address, guest.access);
    const [token] = magicTokens(t.ctx, address);
    const opened = await verifyMagicLink(t.app, token as string, guest.access);
    expect(opened.json()).toEqual(expect.objectContaining({ requested_here: true, guest_merged: true }));
    expect(opened.json().user.coin_balance).toBe(MAGIC_LINK_SIGNUP_COINS + 250);
  });

  it('signs in without moving anything when the asking guest’s link is opened in another browser', async () => {
    const asker = await victimGuest();
    const elsewhere = await signUpGuest(t.app);
    const address = `elsewhere-${kind}@example.com`;
    await requestMagicLink(t.app, address, asker.access);
    const [token] = magicTokens(t.ctx, address);
    const opened = await verifyMagicLink(t.app, token as string, elsewhere.access);
    expect(opened.json()).toEqual(expect.objectContaining({ requested_here: false, guest_merged: false }));
    expect(opened.json().user.coin_balance).toBe(MAGIC_LINK_SIGNUP_COINS);
    await stillOwns(asker); // the asking guest kept its data too: nothing moves without its session
  });

  it('never moves the victim’s guest data through a password-reset link somebody else asked for', async () => {
    const address = `reset-attacker-${kind}@example.com`;
    const attacker = await registerUser(t.app, address);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/auth/reset-password/', payload: { email: address } })).statusCode,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the mail is sent after answering
    const [token] = resetTokens(t.ctx, address);
    const victim = await victimGuest();
    const confirmed = await call(t.app, {
      method: 'POST',
      url: '/api/auth/confirm-reset-password/',
      headers: bearer(victim.access),
      payload: { token, password: 'a brand new password' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().guest_merged).toBe(false);
    await stillOwns(victim);
    expect(await balanceOf(t.ctx, attacker.user.id)).toBe(0);
  });

  it('merges the asking guest when it completes its own password reset', async () => {
    const address = `reset-own-${kind}@example.com`;
    const account = await registerUser(t.app, address);
    const guest = await victimGuest();
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password/',
      headers: bearer(guest.access),
      payload: { email: address },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [token] = resetTokens(t.ctx, address);
    const confirmed = await call(t.app, {
      method: 'POST',
      url: '/api/auth/confirm-reset-password/',
      headers: bearer(guest.access),
      payload: { token, password: 'a brand new password' },
    });
    expect(confirmed.json().guest_merged).toBe(true);
    expect(await balanceOf(t.ctx, account.user.id)).toBe(250);
  });
});
