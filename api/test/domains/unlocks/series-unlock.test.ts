/**
 * "Unlock all N remaining episodes for X coins": the total is the server's, the purchase charges
 * exactly that once, and a total the browser forged or saw before a change charges nothing.
 */
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { callAs } from '../../support/http';
import { suiteApp } from '../../support/suite-app';
import { balanceOf, grantCoins, ledgerSum, pressDevCheckout, seedPaidEpisodes } from '../coins/money-fixtures';

describe.each(databaseKinds())('series total unlock (%s)', (kind) => {
  const t = suiteApp(kind, { warm: true });

  const quote = (session: Session, seriesId: number) =>
    callAs(t.app, session.access, { url: `/api/series/${seriesId}/unlock-all/` });
  const unlockAll = (session: Session, seriesId: number, coins: unknown) =>
    callAs(t.app, session.access, {
      method: 'POST',
      url: `/api/series/${seriesId}/unlock-all/`,
      payload: { coins },
    });

  it('quotes only the episodes still locked for this viewer, at their real prices', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 4, 9);
    await t.ctx.db
      .updateTable('episodes')
      .set({ coin_cost: 15 })
      .where('id', '=', episodeIds[3] as number)
      .execute();
    await grantCoins(t.ctx, viewer.user.id, 100);
    await callAs(t.app, viewer.access, {
      method: 'POST',
      url: `/api/episodes/${episodeIds[0]}/unlock/`,
    });
    const answer = await quote(viewer, seriesId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      series_id: seriesId,
      episode_ids: episodeIds.slice(1),
      episodes: 3,
      coins: 9 + 9 + 15,
      balance: 91,
    });
  });

  it('charges the server total once and unlocks every remaining episode', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 5, 10);
    await grantCoins(t.ctx, viewer.user.id, 60);
    const answer = await unlockAll(viewer, seriesId, 50);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(
      expect.objectContaining({ episodes: 5, coins: 50, charged: 50, balance: 10, unlocked_ids: episodeIds }),
    );
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(10);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(10);
    for (const id of episodeIds) {
      const stream = await callAs(t.app, viewer.access, { url: `/api/episodes/${id}/stream/` });
      expect(stream.statusCode).toBe(200);
    }
    // Nothing left: a second request charges nothing.
    const again = await unlockAll(viewer, seriesId, 0);
    expect(again.json()).toEqual(expect.objectContaining({ episodes: 0, charged: 0, balance: 10 }));
  });

  it('ignores a forged total: nothing is charged and the answer tells the real one', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId } = await seedPaidEpisodes(t.ctx, 3, 20);
    await grantCoins(t.ctx, viewer.user.id, 100);
    const forged = await unlockAll(viewer, seriesId, 1);
    expect(forged.statusCode).toBe(409);
    expect(forged.json()).toEqual(
      expect.objectContaining({
        reason: 'total_changed',
        coins: 60,
        episodes: 3,
        message: expect.stringContaining('60 coins'),
      }),
    );
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(100);
    const unlocks = await t.ctx.db
      .selectFrom('episode_unlocks')
      .select('id')
      .where('user_id', '=', viewer.user.id)
      .execute();
    expect(unlocks).toHaveLength(0);
    const negative = await unlockAll(viewer, seriesId, -5);
    expect(negative.statusCode).toBe(400);
  });

  it('refuses with 402 and changes nothing when the viewer has too few coins', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId } = await seedPaidEpisodes(t.ctx, 3, 20);
    await grantCoins(t.ctx, viewer.user.id, 59);
    const answer = await unlockAll(viewer, seriesId, 60);
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toEqual(expect.objectContaining({ coin_cost: 60, balance: 59 }));
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(59);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(59);
  });

  it('charges 50 concurrent series purchases once', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId } = await seedPaidEpisodes(t.ctx, 4, 5);
    await grantCoins(t.ctx, viewer.user.id, 100);
    const answers = await Promise.all(Array.from({ length: 50 }, () => unlockAll(viewer, seriesId, 20)));
    const paid = answers.filter((answer) => answer.statusCode === 200 && answer.json().charged === 20);
    expect(paid).toHaveLength(1);
    // The others saw the total drop to 0 (409) — none charged anything.
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(80);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(80);
  });

  it('offers no coin total for a Gold-exclusive series', async () => {
    const viewer = await signUpGuest(t.app);
    const { seriesId } = await seedPaidEpisodes(t.ctx, 2, 5, { goldExclusive: true });
    await grantCoins(t.ctx, viewer.user.id, 100);
    expect((await quote(viewer, seriesId)).statusCode).toBe(403);
    expect((await unlockAll(viewer, seriesId, 10)).statusCode).toBe(403);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(100);
  });

  it('brings the buyer back to the episode after paying or cancelling, never to another site', async () => {
    const viewer = await signUpGuest(t.app);
    const started = await callAs(t.app, viewer.access, {
      method: 'POST',
      url: '/api/coins/purchase/',
      payload: { package_id: 1, return_to: '/player/4/episode/31', unlock_episode_id: 31 },
    });
    expect(started.statusCode).toBe(200);
    const { url, session_id: sessionId } = started.json();
    const paid = await pressDevCheckout(t.app, url, 'pay');
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string);
    expect(back.pathname).toBe('/player/4/episode/31');
    expect(back.searchParams.get('checkout')).toBe('success');
    expect(back.searchParams.get('unlock')).toBe('31');
    expect(back.searchParams.get('session_id')).toBe(sessionId);

    const second = await callAs(t.app, viewer.access, {
      method: 'POST',
      url: '/api/coins/purchase/',
      payload: { package_id: 1, return_to: '/player/4/episode/31' },
    });
    const cancelled = await pressDevCheckout(t.app, second.json().url, 'cancel');
    const cancelBack = new URL(cancelled.headers.location as string);
    expect(cancelBack.pathname).toBe('/player/4/episode/31');
    expect(cancelBack.searchParams.get('checkout')).toBe('cancelled');

    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/a?b=c', 'player']) {
      const refused = await callAs(t.app, viewer.access, {
        method: 'POST',
        url: '/api/coins/purchase/',
        payload: { package_id: 1, return_to: returnTo },
      });
      expect(refused.statusCode).toBe(400);
    }
  });
});
