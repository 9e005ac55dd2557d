/** The Gold page's counts come from the catalogue as viewers see it: free teaser episodes are not "Gold only". */
import { databaseKinds } from '../../support/databases';
import { call } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { seedPaidEpisodes } from '../coins/money-fixtures';

describe.each(databaseKinds())('what Gold opens (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(() => t.close());

  it('counts coin episodes, Gold exclusives, their members-only and their free episodes', async () => {
    const before = (await call(t.app, { url: '/api/subscriptions/gold-offer/' })).json();
    await seedPaidEpisodes(t.ctx, 3, 10);
    const { episodeIds } = await seedPaidEpisodes(t.ctx, 5, 10, { goldExclusive: true });
    // The first two episodes of the Gold exclusive are free for everyone.
    await t.ctx.db
      .updateTable('episodes')
      .set({ is_free: true, coin_cost: 0 })
      .where('id', 'in', episodeIds.slice(0, 2))
      .execute();
    const after = await call(t.app, { url: '/api/subscriptions/gold-offer/' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      coin_episodes: before.coin_episodes + 3,
      gold_exclusive_series: before.gold_exclusive_series + 1,
      gold_only_episodes: before.gold_only_episodes + 3,
      gold_exclusive_free_episodes: before.gold_exclusive_free_episodes + 2,
    });
  });
});
