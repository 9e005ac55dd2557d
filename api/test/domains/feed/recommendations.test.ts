import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { insertSeries } from '../../../src/domains/catalogue/catalogue.repository';
import { databaseKinds } from '../../support/databases';
import { type Session, seriesRow, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

/** smallCatalogue: ids 1–8, 11, 12; odd positions thriller/revenge, even romance/love; 3 episodes each. */
const SERIES_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12];
const firstEpisodeOf = (seriesId: number) => 3 * SERIES_IDS.indexOf(seriesId) + 1;
const ROMANCES = [2, 4, 6, 8, 12];
const ids = (list: Array<{ id: number }>) => list.map((series) => series.id);

/** Signing viewers up and the cache's few seconds make these slow on a busy machine. */
jest.setTimeout(120_000);

describe.each(databaseKinds())('More like this and /recommendations/ (%s)', (kind) => {
  let t: TestApp;
  let draftId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { cache: { catalogueSeconds: 5, publicViewSeconds: 0 } });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    draftId = await insertSeries(
      t.ctx.db,
      seriesRow('Draft romance', 'draft-romance', { status: 'draft', published_at: null, tags: '["love","drama"]' }),
    );
  });
  afterAll(() => t.close());

  const get = async (url: string, session?: Session) => {
    const answer = await call(t.app, { url, headers: session ? bearer(session.access) : {} });
    expect(answer.statusCode).toBe(200);
    return answer.json() as Array<{ id: number; categories: Array<{ slug: string }> }>;
  };
  const watch = (session: Session, seriesId: number) =>
    call(t.app, {
      method: 'POST',
      url: `/api/episodes/${firstEpisodeOf(seriesId)}/mark-watched/`,
      headers: bearer(session.access),
    });

  it('More like this lists close series first, never the series itself nor a draft', async () => {
    const similar = await get('/api/series/2/recommendations/');
    expect(ids(similar)).not.toContain(2);
    expect(ids(similar)).not.toContain(draftId);
    expect(
      ids(similar)
        .slice(0, 4)
        .every((id) => ROMANCES.includes(id)),
    ).toBe(true);
    expect((await call(t.app, { url: '/api/series/9/recommendations/' })).statusCode).toBe(404);
    expect((await call(t.app, { url: `/api/series/${draftId}/recommendations/` })).statusCode).toBe(404);
  });

  it('More like this puts what people who finished the series watched next first', async () => {
    // Romance 2: its closest are the other romances, until two viewers who finished it go on to thriller 7.
    const before = ids(await get('/api/series/2/recommendations/'));
    expect(before[0]).not.toBe(7);
    for (const viewer of await Promise.all([signUpGuest(t.app), signUpGuest(t.app)])) {
      expect((await watch(viewer, 2)).statusCode).toBe(200);
      expect((await watch(viewer, 7)).statusCode).toBe(200);
    }
    // The shared answer is cached for a few seconds at most; the next read after that sees the change.
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    const after = ids(await get('/api/series/2/recommendations/'));
    expect(after.indexOf(7)).toBeLessThan(before.indexOf(7));
    expect(after.slice(0, 3)).toContain(7);
  });

  it('/recommendations/ gives a new guest what is trending, and after a finished series, more like it', async () => {
    const guest = await signUpGuest(t.app);
    const fresh = ids(await get('/api/recommendations/', guest));
    expect(fresh).toEqual(ids(await get('/api/recommendations/')));
    expect(fresh).not.toContain(draftId);
    expect((await watch(guest, 6)).statusCode).toBe(200);
    const after = await get('/api/recommendations/', guest);
    expect(ids(after)).not.toContain(6);
    expect(ids(after)).not.toEqual(fresh.filter((id) => id !== 6));
    expect(after[0]?.categories.some((category) => category.slug === 'romance')).toBe(true);
  });

  it("answers from the token's viewer only: ids in the address change nothing", async () => {
    const watcher = await signUpGuest(t.app);
    expect((await watch(watcher, 5)).statusCode).toBe(200);
    const stranger = await signUpGuest(t.app);
    const plain = ids(await get('/api/recommendations/', stranger));
    const forged = ids(
      await get(
        `/api/recommendations/?user=${watcher.user.id}&user_id=${watcher.user.id}&viewer=${watcher.user.id}`,
        stranger,
      ),
    );
    expect(forged).toEqual(plain);
    const mine = ids(await get('/api/recommendations/', watcher));
    expect(mine).not.toContain(5);
    expect(plain).toContain(5);
  });
});
