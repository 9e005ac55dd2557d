import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { balanceOf, grantCoins, ledgerSum, seedPaidEpisodes, subscribeGold } from '../coins/money-fixtures';

describe.each(databaseKinds())('episode unlocks (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const unlock = (session: Session, episodeId: number | string) =>
    call(t.app, { method: 'POST', url: `/api/episodes/${episodeId}/unlock/`, headers: bearer(session.access) });

  it('lets exactly ⌊B/c⌋ of 200 concurrent unlocks of different episodes through, never going below zero', async () => {
    const viewer = await signUpGuest(t.app);
    const cost = 7;
    const startBalance = 1000;
    const { episodeIds } = await seedPaidEpisodes(t.ctx, 200, cost);
    await grantCoins(t.ctx, viewer.user.id, startBalance);

    const answers = await Promise.all(episodeIds.map((id) => unlock(viewer, id)));
    const succeeded = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 402);
    const expected = Math.min(200, Math.floor(startBalance / cost));
    expect(succeeded).toHaveLength(expected);
    expect(refused).toHaveLength(200 - expected);
    for (const answer of succeeded)
      expect(answer.json()).toEqual(expect.objectContaining({ unlocked: true, charged: cost, via: 'coins' }));
    for (const answer of refused) {
      expect(answer.json()).toEqual(
        expect.objectContaining({ coin_cost: cost, message: expect.stringContaining('Not enough coins') }),
      );
      expect(answer.json().balance).toBeLessThan(cost);
    }

    const balance = await balanceOf(t.ctx, viewer.user.id);
    expect(balance).toBe(startBalance - expected * cost);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(balance);
    const unlocks = await t.ctx.db
      .selectFrom('episode_unlocks')
      .select('episode_id')
      .where('user_id', '=', viewer.user.id)
      .execute();
    expect(unlocks).toHaveLength(expected);
    const balances = await t.ctx.db
      .selectFrom('coin_ledger')
      .select('balance_after')
      .where('user_id', '=', viewer.user.id)
      .execute();
    expect(balances.every((row) => row.balance_after >= 0)).toBe(true);
  });

  it('charges 50 concurrent unlocks of the same episode once', async () => {
    const viewer = await signUpGuest(t.app);
    const { episodeIds } = await seedPaidEpisodes(t.ctx, 1, 25);
    await grantCoins(t.ctx, viewer.user.id, 100);
    const answers = await Promise.all(Array.from({ length: 50 }, () => unlock(viewer, episodeIds[0] as number)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.via === 'coins')).toHaveLength(1);
    expect(bodies.filter((body) => body.via === 'already_unlocked' && body.charged === 0)).toHaveLength(49);
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(75);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(75);
    const charges = await t.ctx.db
      .selectFrom('coin_ledger')
      .selectAll()
      .where('user_id', '=', viewer.user.id)
      .where('reason', '=', 'unlock')
      .execute();
    expect(charges).toEqual([expect.objectContaining({ delta: -25, reference: `episode:${episodeIds[0]}` })]);
  });

  it('answers the unlock, shows the episode as unlocked and says so without charging again', async () => {
    const viewer = await signUpGuest(t.app);
    const { episodeIds } = await seedPaidEpisodes(t.ctx, 1, 30);
    const id = episodeIds[0] as number;
    await grantCoins(t.ctx, viewer.user.id, 50);
    const first = await unlock(viewer, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      unlocked: true,
      charged: 30,
      balance: 20,
      episode_id: id,
      via: 'coins',
      message: 'Episode unlocked for 30 coins',
    });
    const again = (await unlock(viewer, id)).json();
    expect(again).toEqual(expect.objectContaining({ charged: 0, balance: 20, via: 'already_unlocked' }));
    expect(again.message).toMatch(/already unlocked/);
    const episode = (await call(t.app, { url: `/api/episodes/${id}/`, headers: bearer(viewer.access) })).json();
    expect(episode.is_unlocked).toBe(true);
    expect(episode.hls_url).toMatch(new RegExp(`/media/play/${id}/master\\.m3u8\\?t=${viewer.user.id}\\.`));
  });

  it('refuses with 402 {message, coin_cost, balance} when coins are short, changing nothing', async () => {
    const viewer = await signUpGuest(t.app);
    const { episodeIds } = await seedPaidEpisodes(t.ctx, 1, 40);
    await grantCoins(t.ctx, viewer.user.id, 39);
    const answer = await unlock(viewer, episodeIds[0] as number);
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toEqual({
      message: expect.any(String),
      coin_cost: 40,
      balance: 39,
      reason: 'insufficient_coins',
    });
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(39);
    expect(
      await t.ctx.db.selectFrom('episode_unlocks').select('id').where('user_id', '=', viewer.user.id).execute(),
    ).toEqual([]);
    expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(39);
  });

  it('charges nothing for a free episode or a Gold member, and asks for Gold on a Gold-exclusive series', async () => {
    const viewer = await signUpGuest(t.app);
    const { episodeIds } = await seedPaidEpisodes(t.ctx, 2, 10);
    await t.ctx.db
      .updateTable('episodes')
      .set({ is_free: true, coin_cost: 0 })
      .where('id', '=', episodeIds[0] as number)
      .execute();
    const free = (await unlock(viewer, episodeIds[0] as number)).json();
    expect(free).toEqual(expect.objectContaining({ unlocked: true, charged: 0, via: 'free' }));

    const exclusive = await seedPaidEpisodes(t.ctx, 1, 10, { goldExclusive: true });
    await grantCoins(t.ctx, viewer.user.id, 100);
    const refused = await unlock(viewer, exclusive.episodeIds[0] as number);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(
      expect.objectContaining({ reason: 'gold_required', message: expect.stringContaining('Gold') }),
    );
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(100);

    expect((await subscribeGold(t.app, viewer.access)).statusCode).toBe(303);
    for (const id of [episodeIds[1] as number, exclusive.episodeIds[0] as number]) {
      const gold = await unlock(viewer, id);
      expect(gold.statusCode).toBe(200);
      expect(gold.json()).toEqual(expect.objectContaining({ charged: 0, via: 'gold', balance: 100 }));
    }
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(100);
  });

  it('answers 401 without a token, 400 for a malformed id and 404 for an unknown or hidden episode', async () => {
    const viewer = await signUpGuest(t.app);
    const { episodeIds, seriesId } = await seedPaidEpisodes(t.ctx, 1, 5);
    expect((await call(t.app, { method: 'POST', url: `/api/episodes/${episodeIds[0]}/unlock/` })).statusCode).toBe(401);
    expect((await unlock(viewer, 'abc')).statusCode).toBe(400);
    expect((await unlock(viewer, 0)).statusCode).toBe(400);
    expect((await unlock(viewer, 999_999)).statusCode).toBe(404);
    await t.ctx.db.updateTable('series').set({ is_hidden: true }).where('id', '=', seriesId).execute();
    expect((await unlock(viewer, episodeIds[0] as number)).statusCode).toBe(404);
  });

  describe('feed /series/unlock/', () => {
    const feedUnlock = (session: Session, body: unknown) =>
      call(t.app, { method: 'POST', url: '/feed-api/series/unlock/', headers: bearer(session.access), payload: body });

    it('unlocks by series and number through the same service, charging once across both APIs', async () => {
      const viewer = await signUpGuest(t.app);
      const { seriesId, episodeIds } = await seedPaidEpisodes(t.ctx, 3, 15);
      await grantCoins(t.ctx, viewer.user.id, 20);
      const answer = await feedUnlock(viewer, { id: viewer.user.id, series_id: seriesId, number: 2 });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(
        expect.objectContaining({ success: 1, unlocked: true, charged: 15, balance: 5, episode_id: episodeIds[1] }),
      );
      expect((await unlock(viewer, episodeIds[1] as number)).json()).toEqual(
        expect.objectContaining({ charged: 0, via: 'already_unlocked' }),
      );
      const short = await feedUnlock(viewer, { id: viewer.user.id, series_id: seriesId, number: 3 });
      expect(short.statusCode).toBe(402);
      expect(short.json()).toEqual(expect.objectContaining({ coin_cost: 15, balance: 5 }));
      const detail = (
        await call(t.app, {
          method: 'POST',
          url: '/feed-api/series/detail/',
          headers: bearer(viewer.access),
          payload: { id: viewer.user.id, series_id: seriesId },
        })
      ).json();
      expect(detail.data.fragments.map((f: { locked: number }) => f.locked)).toEqual([1, 0, 1]);
    });

    it("refuses another user's id, an unknown number and bad bodies", async () => {
      const viewer = await signUpGuest(t.app);
      const other = await signUpGuest(t.app);
      const { seriesId } = await seedPaidEpisodes(t.ctx, 1, 15);
      expect((await feedUnlock(viewer, { id: other.user.id, series_id: seriesId, number: 1 })).statusCode).toBe(403);
      expect((await feedUnlock(viewer, { id: viewer.user.id, series_id: seriesId, number: 9 })).statusCode).toBe(404);
      expect((await feedUnlock(viewer, { id: viewer.user.id, series_id: 'x', number: 1 })).statusCode).toBe(400);
      expect((await feedUnlock(viewer, { id: viewer.user.id })).statusCode).toBe(400);
      expect(await ledgerSum(t.ctx, viewer.user.id)).toBe(0);
    });
  });
});
