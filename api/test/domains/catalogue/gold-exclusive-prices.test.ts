/**
 * A Gold-exclusive series has no coin prices anywhere (issue #38): staff cannot put one on its
 * episodes, marking a series Gold-exclusive clears the prices it had (and turning it off gives the
 * paid episodes the default price, never 0, which would make them free), viewers are answered no
 * price for them, and nobody unlocks them with coins.
 */
import * as goldPrices from '../../../src/db/migrations/20261207040000_gold_exclusive_prices';
import { databaseKinds } from '../../support/databases';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';
import { balanceOf, grantCoins, seedPaidEpisodes } from '../coins/money-fixtures';

describe.each(databaseKinds())('Gold-exclusive series have no coin prices (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  const staff = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    call(t.app, { method, url, headers: bearer(cast.staff.access), payload });
  const prices = async (seriesId: number) =>
    (
      await t.ctx.db
        .selectFrom('episodes')
        .select(['id', 'is_free', 'coin_cost'])
        .where('series_id', '=', seriesId)
        .orderBy('episode_number')
        .execute()
    ).map((row) => ({ id: row.id, free: Boolean(row.is_free), cost: row.coin_cost }));

  /** A Gold exclusive whose paid episodes open with Gold only (no price), its first episode free. */
  async function goldSeries() {
    const seeded = await seedPaidEpisodes(t.ctx, 3, 12);
    await t.ctx.db
      .updateTable('episodes')
      .set({ is_free: true, coin_cost: 0 })
      .where('id', '=', seeded.episodeIds[0] as number)
      .execute();
    const marked = await staff('PATCH', `/api/admin/series/${seeded.seriesId}/`, { is_gold_exclusive: true });
    expect(marked.statusCode).toBe(200);
    return seeded;
  }

  it('clears the coin prices of a series marked Gold-exclusive, keeping them in the audit, and prices them again when unmarked', async () => {
    const { seriesId, episodeIds } = await goldSeries();
    const [free, second, third] = episodeIds as [number, number, number];
    expect(await prices(seriesId)).toEqual([
      { id: free, free: true, cost: 0 },
      { id: second, free: false, cost: 0 },
      { id: third, free: false, cost: 0 },
    ]);
    const audit = (
      await call(t.app, {
        url: `/api/admin/audit/?entity=series&entity_id=${seriesId}`,
        headers: bearer(cast.superuser.access),
      })
    ).json();
    const pricing = audit.results.find((row: { action: string }) => row.action === 'episodes.pricing');
    expect(pricing.before.episodes).toEqual([
      { id: second, is_free: false, coin_cost: 12 },
      { id: third, is_free: false, coin_cost: 12 },
    ]);

    // Unmarked, a paid episode must cost coins again: 0 would make it free for everybody.
    expect((await staff('PATCH', `/api/admin/series/${seriesId}/`, { is_gold_exclusive: false })).statusCode).toBe(200);
    const defaults = (await staff('GET', '/api/admin/settings/')).json();
    const cost = defaults.catalogue_defaults?.coin_cost ?? 10;
    expect(await prices(seriesId)).toEqual([
      { id: free, free: true, cost: 0 },
      { id: second, free: false, cost },
      { id: third, free: false, cost },
    ]);
  });

  it('refuses a coin price on an episode of a Gold-exclusive series, politely, and changes nothing', async () => {
    const { seriesId, episodeIds } = await goldSeries();
    const before = await prices(seriesId);
    const message = expect.stringContaining('open with Gold only, so they have no coin price');

    const priced = await staff('PATCH', `/api/admin/episodes/${episodeIds[1]}/`, { coin_cost: 12 });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().message).toEqual(message);
    const madePaid = await staff('PATCH', `/api/admin/episodes/${episodeIds[0]}/`, { is_free: false, coin_cost: 5 });
    expect(madePaid.statusCode).toBe(400);
    const created = await staff('POST', `/api/admin/series/${seriesId}/episodes/`, {
      title: 'Priced',
      is_free: false,
      coin_cost: 20,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toEqual(message);
    const rule = { free_episodes: 1, price: 12, step: 0, every: 10 };
    expect((await staff('POST', `/api/admin/series/${seriesId}/pricing/preview/`, rule)).statusCode).toBe(400);
    expect((await staff('PUT', `/api/admin/series/${seriesId}/pricing/`, rule)).statusCode).toBe(400);
    expect(await prices(seriesId)).toEqual(before);

    // Without a price an episode is added and edited as usual: paid, Gold only, no price.
    const added = await staff('POST', `/api/admin/series/${seriesId}/episodes/`, {
      title: 'Gold only',
      is_free: false,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual(expect.objectContaining({ is_free: false, coin_cost: 0 }));
    const renamed = await staff('PATCH', `/api/admin/episodes/${episodeIds[1]}/`, { title: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual(expect.objectContaining({ is_free: false, coin_cost: 0 }));
  });

  it('answers viewers no coin price for a Gold-only episode, which stays locked and unplayable without Gold', async () => {
    const { seriesId, episodeIds } = await goldSeries();
    const viewer = cast.viewer;
    const list = (
      await call(t.app, { url: `/api/series/${seriesId}/episodes/`, headers: bearer(viewer.access) })
    ).json();
    const episodes = Array.isArray(list) ? list : list.results;
    expect(episodes.map((e: { is_free: boolean; coin_cost: number; is_unlocked: boolean }) => e)).toEqual([
      expect.objectContaining({ is_free: true, coin_cost: 0, is_unlocked: true }),
      expect.objectContaining({ is_free: false, coin_cost: 0, is_unlocked: false, hls_url: null }),
      expect.objectContaining({ is_free: false, coin_cost: 0, is_unlocked: false, hls_url: null }),
    ]);
    const stream = await call(t.app, { url: `/api/episodes/${episodeIds[1]}/stream/`, headers: bearer(viewer.access) });
    expect(stream.statusCode).toBe(403);
    expect(stream.json()).toEqual(expect.objectContaining({ reason: 'gold_required' }));
  });

  it('refuses every coin unlock of a Gold-only episode, 20 at once included, and takes no coins', async () => {
    const { episodeIds } = await goldSeries();
    const viewer = cast.guest;
    await grantCoins(t.ctx, viewer.user.id, 50);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, {
          method: 'POST',
          url: `/api/episodes/${episodeIds[2]}/unlock/`,
          headers: bearer(viewer.access),
          payload: { coin_cost: 0 },
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual(expect.objectContaining({ reason: 'gold_required' }));
    }
    expect(await balanceOf(t.ctx, viewer.user.id)).toBe(50);
    const rows = await t.ctx.db
      .selectFrom('episode_unlocks')
      .select('id')
      .where('user_id', '=', viewer.user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('clears, on migrating, the prices Gold-exclusive episodes were stored with, and only theirs', async () => {
    const legacy = await seedPaidEpisodes(t.ctx, 2, 12, { goldExclusive: true });
    const coins = await seedPaidEpisodes(t.ctx, 2, 12);
    await goldPrices.up(t.ctx.db);
    expect((await prices(legacy.seriesId)).map((e) => e.cost)).toEqual([0, 0]);
    expect((await prices(coins.seriesId)).map((e) => e.cost)).toEqual([12, 12]);
  });
});
