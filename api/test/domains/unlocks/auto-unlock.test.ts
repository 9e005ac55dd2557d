/**
 * Opt-in auto-unlock with a spend cap: off until the viewer turns it on, automatic unlocks stay within
 * the cap (also when fired all at once), each is one charge with its own transaction line, and a cap
 * that would be passed refuses with 409 and changes nothing.
 */
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call, callAs } from '../../support/http';
import { suiteApp } from '../../support/suite-app';
import { balanceOf, grantCoins, ledgerSum, magicLinkSignIn, seedPaidEpisodes } from '../coins/money-fixtures';

describe.each(databaseKinds())('auto-unlock within its cap (%s)', (kind) => {
  const t = suiteApp(kind, { warm: true });

  const setting = (session: Session, seriesId: number) =>
    callAs(t.app, session.access, { url: `/api/series/${seriesId}/auto-unlock/` });
  const turnOn = (session: Session, seriesId: number, payload: unknown) =>
    callAs(t.app, session.access, {
      method: 'PUT',
      url: `/api/series/${seriesId}/auto-unlock/`,
      payload,
    });
  const turnOff = (session: Session, seriesId: number) =>
    callAs(t.app, session.access, { method: 'DELETE', url: `/api/series/${seriesId}/auto-unlock/` });
  const autoUnlock = (session: Session, episodeId: number, payload: Record<string, unknown> = {}) =>
    callAs(t.app, session.access, {
      method: 'POST',
      url: `/api/episodes/${episodeId}/unlock/`,
      payload: { automatic: true, ...payload },
    });
  const ledgerOf = (userId: number) =>
    t.ctx.db
      .selectFrom('coin_ledger')
      .select(['delta', 'reason', 'reference'])
      .where('user_id', '=', userId)
      .where('reason', 'in', ['unlock', 'auto_unlock'])
      .orderBy('id')
      .execute();

  it('is off by default and refuses an automatic unlock with 409, charging nothing', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 2, 10);
    await grantCoins(t.ctx, viewer.user.id, 50);
    const read = await setting(viewer, seriesId);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ series_id: seriesId, enabled: false, cap: 0, spent: 0, left: 0 });
    const refused = await autoUnlock(viewer, episodeIds[0] as number);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(expect.objectContaining({ reason: 'auto_unlock_off' }));
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(50);
    expect(await ledgerOf(viewer.user.id)).toEqual([]);
  });

  it('unlocks automatically within the cap and stops at it with a clear 409 that changes nothing', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 4, 12);
    await grantCoins(t.ctx, viewer.user.id, 100);
    const on = await turnOn(viewer, seriesId, { cap: 24 });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ series_id: seriesId, enabled: true, cap: 24, spent: 0, left: 24 });

    const first = await autoUnlock(viewer, episodeIds[0] as number);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(
      expect.objectContaining({
        via: 'coins',
        charged: 12,
        balance: 88,
        automatic: true,
        auto_unlock: { series_id: seriesId, enabled: true, cap: 24, spent: 12, left: 12 },
      }),
    );
    const second = await autoUnlock(viewer, episodeIds[1] as number);
    expect(second.json()).toEqual(expect.objectContaining({ charged: 12, balance: 76 }));
    expect(second.json().auto_unlock).toEqual(expect.objectContaining({ spent: 24, left: 0 }));

    const third = await autoUnlock(viewer, episodeIds[2] as number);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual(
      expect.objectContaining({ reason: 'auto_unlock_cap_reached', coin_cost: 12, cap: 24, spent: 24 }),
    );
    expect(third.json().message).toMatch(/Auto-unlock stopped at episode 3.*Nothing was charged/);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(76);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(76);
    const locked = await callAs(t.app, viewer.access, {
      url: `/api/episodes/${episodeIds[2]}/stream/`,
    });
    expect(locked.statusCode).not.toBe(200);
    expect((await setting(viewer, seriesId)).json()).toEqual(expect.objectContaining({ spent: 24, left: 0 }));

    // Each automatic spend is one line with its own reason.
    expect(await ledgerOf(viewer.user.id)).toEqual([
      { delta: -12, reason: 'auto_unlock', reference: `episode:${episodeIds[0]}` },
      { delta: -12, reason: 'auto_unlock', reference: `episode:${episodeIds[1]}` },
    ]);
    const listed = await callAs(t.app, viewer.access, { url: '/api/transactions/' });
    const descriptions = (listed.json().results as Array<{ description: string }>).map((row) => row.description);
    expect(descriptions).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Auto-unlocked: “Money series \d+”, episode 2$/)]),
    );

    // An unlock by hand still works past the cap: the cap only limits automatic spending.
    const byHand = await callAs(t.app, viewer.access, {
      method: 'POST',
      url: `/api/episodes/${episodeIds[2]}/unlock/`,
    });
    expect(byHand.json()).toEqual(expect.objectContaining({ via: 'coins', charged: 12, balance: 64 }));
    expect((await setting(viewer, seriesId)).json()).toEqual(expect.objectContaining({ spent: 24 }));
  });

  it('raising the cap lets it go on; turning it off stops it; turning it on again starts a fresh count', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 4, 10);
    await grantCoins(t.ctx, viewer.user.id, 100);
    await turnOn(viewer, seriesId, { cap: 10 });
    expect((await autoUnlock(viewer, episodeIds[0] as number)).statusCode).toBe(200);
    expect((await autoUnlock(viewer, episodeIds[1] as number)).statusCode).toBe(409);
    const raised = await turnOn(viewer, seriesId, { cap: 20 });
    expect(raised.json()).toEqual(expect.objectContaining({ enabled: true, cap: 20, spent: 10, left: 10 }));
    expect((await autoUnlock(viewer, episodeIds[1] as number)).statusCode).toBe(200);

    const off = await turnOff(viewer, seriesId);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual(expect.objectContaining({ enabled: false, left: 0 }));
    const refused = await autoUnlock(viewer, episodeIds[2] as number);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('auto_unlock_off');
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(80);

    const again = await turnOn(viewer, seriesId, { cap: 10 });
    expect(again.json()).toEqual(expect.objectContaining({ enabled: true, cap: 10, spent: 0, left: 10 }));
    expect((await autoUnlock(viewer, episodeIds[2] as number)).statusCode).toBe(200);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(70);
  });

  it('charges exactly 3 of 50 concurrent automatic unlocks of different episodes with a cap of 3 episodes', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 50, 7);
    await grantCoins(t.ctx, viewer.user.id, 1000);
    await turnOn(viewer, seriesId, { cap: 21 });
    const answers = await Promise.all(episodeIds.map((id) => autoUnlock(viewer, id)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(1000 - 21);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(1000 - 21);
    expect(await ledgerOf(viewer.user.id)).toHaveLength(3);
    const unlocks = await t.ctx.db
      .selectFrom('episode_unlocks')
      .select('episode_id')
      .where('user_id', '=', viewer.user.id)
      .execute();
    expect(unlocks).toHaveLength(3);
    expect((await setting(viewer, seriesId)).json()).toEqual(expect.objectContaining({ spent: 21, left: 0 }));
  }, 60_000);

  it('ignores a forged price or cap in the request and charges the episode’s own price against the stored cap', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 3, 9);
    await grantCoins(t.ctx, viewer.user.id, 100);
    await turnOn(viewer, seriesId, { cap: 9 });
    const forged = await autoUnlock(viewer, episodeIds[0] as number, { coin_cost: 1, price: 0, cap: 1000 });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual(expect.objectContaining({ charged: 9, balance: 91 }));
    const capForged = await autoUnlock(viewer, episodeIds[1] as number, { cap: 1000, spent: 0 });
    expect(capForged.statusCode).toBe(409);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(91);
    // The setting itself takes only a cap, within bounds.
    for (const payload of [{ cap: 0 }, { cap: -5 }, { cap: '30' }, { cap: 100_001 }, { cap: 30, spent: -100 }, {}]) {
      expect((await turnOn(viewer, seriesId, payload)).statusCode).toBe(400);
    }
    expect((await setting(viewer, seriesId)).json()).toEqual(expect.objectContaining({ cap: 9, spent: 9 }));
    // `automatic` must be a boolean; a string is refused before anything is charged.
    expect((await autoUnlock(viewer, episodeIds[2] as number, { automatic: 'yes' })).statusCode).toBe(400);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(91);
  });

  it('keeps each viewer’s setting their own: another viewer’s cap is neither readable nor usable', async () => {
    const owner = await signUpGuest(t.app);
    const other = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 2, 10);
    await grantCoins(t.ctx, owner.user.id, 50);
    await grantCoins(t.ctx, other.user.id, 50);
    await turnOn(owner, seriesId, { cap: 50 });
    expect((await setting(other, seriesId)).json()).toEqual(expect.objectContaining({ enabled: false, cap: 0 }));
    const refused = await autoUnlock(other, episodeIds[0] as number, { user_id: owner.user.id });
    expect(refused.statusCode).toBe(409);
    expect(await balanceOf(t.ctx, other.user.id)).toBe(50);
    expect(await balanceOf(t.ctx, owner.user.id)).toBe(50);
    // Turning it off for oneself leaves the owner's on.
    await turnOff(other, seriesId);
    expect((await setting(owner, seriesId)).json()).toEqual(expect.objectContaining({ enabled: true, cap: 50 }));
    // Without a token nothing is reachable.
    expect((await call(t.app, { url: `/api/series/${seriesId}/auto-unlock/` })).statusCode).toBe(401);
    expect((await setting(owner, 999_999)).statusCode).toBe(404);
  });

  it('refuses an automatic unlock the balance cannot pay with 402, leaving the cap untouched', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 2, 10);
    await grantCoins(t.ctx, viewer.user.id, 5);
    await turnOn(viewer, seriesId, { cap: 100 });
    const short = await autoUnlock(viewer, episodeIds[0] as number);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toEqual(expect.objectContaining({ reason: 'insufficient_coins', coin_cost: 10, balance: 5 }));
    expect((await setting(viewer, seriesId)).json()).toEqual(expect.objectContaining({ spent: 0, left: 100 }));
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(5);
  });

  it('charges a replayed automatic unlock once and leaves the cap as it was', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 1, 10);
    await grantCoins(t.ctx, viewer.user.id, 50);
    await turnOn(viewer, seriesId, { cap: 30 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => autoUnlock(viewer, episodeIds[0] as number)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json().via === 'coins')).toHaveLength(1);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(40);
    expect((await setting(viewer, seriesId)).json()).toEqual(expect.objectContaining({ spent: 10, left: 20 }));
  });

  it('carries a guest’s auto-unlock setting, with what it spent, into the account it signs in to', async () => {
    const guest = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 3, 10);
    await grantCoins(t.ctx, guest.user.id, 50);
    await turnOn(guest, seriesId, { cap: 20 });
    expect((await autoUnlock(guest, episodeIds[0] as number)).statusCode).toBe(200);
    const account = await magicLinkSignIn(t.app, `auto-unlock-merge-${kind}@example.com`, guest.access);
    const session = { access: account.access } as Session;
    expect((await setting(session, seriesId)).json()).toEqual(
      expect.objectContaining({ enabled: true, cap: 20, spent: 10, left: 10 }),
    );
    // The cap still holds across the merge: one more episode, then it stops.
    expect((await autoUnlock(session, episodeIds[1] as number)).statusCode).toBe(200);
    expect((await autoUnlock(session, episodeIds[2] as number)).statusCode).toBe(409);
    const leftOnGuest = await t.ctx.db
      .selectFrom('auto_unlock_settings')
      .select('id')
      .where('user_id', '=', guest.user.id)
      .execute();
    expect(leftOnGuest).toEqual([]);
  });
});
