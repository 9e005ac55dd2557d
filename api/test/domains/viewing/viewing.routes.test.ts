import { isEpisodeWatched } from '@cliffhanger/shared/constants';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { call, callAs } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

describe.each(databaseKinds())('viewing routes (%s)', (kind) => {
  let t: TestApp;
  let viewer: Session;
  let now = Date.now();

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {},
      {
        now: () => {
          now += 1000;
          return new Date(now);
        },
      },
    );
    await seedDemoCatalogue(t.ctx, smallCatalogue());
  });
  beforeEach(async () => {
    viewer = await signUpGuest(t.app);
  });
  afterAll(() => t.close());

  const progress = (episode: number, value: unknown, extra: Record<string, unknown> = {}) =>
    callAs(t.app, viewer.access, {
      method: 'PUT',
      url: `/api/episodes/${episode}/watch-progress/`,
      payload: { progress: value, ...extra },
    });

  it('clamps progress between 0 and 100', async () => {
    expect((await progress(1, 150)).json().progress).toBe(100);
    expect((await progress(1, -20)).json().progress).toBe(0);
    const saved = (await progress(1, 42.5, { position_seconds: 38 })).json();
    expect(saved).toEqual(expect.objectContaining({ progress: 42.5, position_seconds: 38, completed: false }));
    expect((await callAs(t.app, viewer.access, { url: '/api/episodes/1/' })).json()).toEqual(
      expect.objectContaining({ progress: 42.5, position_seconds: 38 }),
    );
  });

  it('lists continue watching most recent first, one unfinished episode per series', async () => {
    await progress(1, 30);
    await progress(4, 50);
    await progress(2, 10);
    await progress(7, 20);
    await callAs(t.app, viewer.access, { method: 'POST', url: '/api/episodes/7/mark-watched/' });
    const items = (await callAs(t.app, viewer.access, { url: '/api/users/continue-watching/' })).json();
    expect(items.map((item: { episode: { id: number } }) => item.episode.id)).toEqual([2, 4]);
    expect(items[0].series.id).toBe(1);
  });

  // The fixture's episodes run 90 s and their credits start at 82 s (as the demo's, the last 8 s).
  const at = (episode: number, seconds: number) =>
    progress(episode, (seconds / 90) * 100, { position_seconds: seconds });
  const continuing = async () =>
    (await callAs(t.app, viewer.access, { url: '/api/users/continue-watching/' }))
      .json()
      .map((item: { episode: { id: number } }) => item.episode.id);
  const historyOf = async (episode: number) =>
    (await callAs(t.app, viewer.access, { url: '/api/users/watch-history/' }))
      .json()
      .find((entry: { episode: { id: number } }) => entry.episode.id === episode);

  it('counts an episode left inside its credits as watched: it leaves continue watching and history says finished', async () => {
    const saved = (await at(2, 83)).json();
    expect(saved).toEqual(expect.objectContaining({ position_seconds: 83, completed: true }));
    expect(saved.progress).toBeLessThan(95);
    expect(await continuing()).not.toContain(2);
    const entry = await historyOf(2);
    expect(entry.episode.credits_start).toBe(82);
    expect(isEpisodeWatched({ ...entry.episode, progress: entry.progress })).toBe(true);
  });

  it('keeps an episode left before its credits unfinished, in continue watching', async () => {
    expect((await at(2, 81)).json().completed).toBe(false);
    expect(await continuing()).toContain(2);
    const entry = await historyOf(2);
    expect(isEpisodeWatched({ ...entry.episode, progress: entry.progress })).toBe(false);
  });

  it('stays watched when the player leaves in the credits after marking the episode watched', async () => {
    await callAs(t.app, viewer.access, { method: 'POST', url: '/api/episodes/3/mark-watched/' });
    expect((await at(3, 84)).json().completed).toBe(true);
    expect(await continuing()).not.toContain(3);
  });

  it('takes the last 10 s as credits for an episode without a mark', async () => {
    await t.ctx.db.updateTable('episodes').set({ credits_start: null }).where('id', '=', 5).execute();
    expect((await at(5, 79)).json().completed).toBe(false);
    expect((await at(5, 81)).json().completed).toBe(true);
    await t.ctx.db.updateTable('episodes').set({ credits_start: 82 }).where('id', '=', 5).execute();
  });

  it('drops an episode from continue watching when staff move the credits mark before where the viewer left', async () => {
    await at(6, 75);
    expect(await continuing()).toContain(6);
    await t.ctx.db.updateTable('episodes').set({ credits_start: 70 }).where('id', '=', 6).execute();
    expect(await continuing()).not.toContain(6);
    await t.ctx.db.updateTable('episodes').set({ credits_start: 82 }).where('id', '=', 6).execute();
  });

  it('removes one history entry, and clearing history also empties continue watching', async () => {
    await progress(1, 30);
    await progress(4, 30);
    const history = (await callAs(t.app, viewer.access, { url: '/api/users/watch-history/' })).json();
    expect(history.map((entry: { episode: { id: number } }) => entry.episode.id)).toEqual([4, 1]);
    expect(
      (
        await callAs(t.app, viewer.access, {
          method: 'DELETE',
          url: `/api/users/watch-history/${history[0].id}/`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await callAs(t.app, viewer.access, {
          method: 'DELETE',
          url: `/api/users/watch-history/${history[0].id}/`,
        })
      ).statusCode,
    ).toBe(404);
    const cleared = await callAs(t.app, viewer.access, {
      method: 'DELETE',
      url: '/api/users/watch-history/clear/',
    });
    expect(cleared.statusCode).toBe(200);
    expect((await callAs(t.app, viewer.access, { url: '/api/users/watch-history/' })).json()).toEqual([]);
    expect((await callAs(t.app, viewer.access, { url: '/api/users/continue-watching/' })).json()).toEqual([]);
  });

  it("never touches another user's history entry", async () => {
    await progress(1, 30);
    const entry = (await callAs(t.app, viewer.access, { url: '/api/users/watch-history/' })).json()[0];
    const other = await signUpGuest(t.app);
    expect(
      (
        await callAs(t.app, other.access, {
          method: 'DELETE',
          url: `/api/users/watch-history/${entry.id}/`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await callAs(t.app, viewer.access, { url: '/api/users/watch-history/' })).json()).toHaveLength(1);
  });

  it('adds to and removes from my list idempotently through both path forms', async () => {
    const headers = bearer(viewer.access);
    for (const url of ['/api/series/2/add-to-list/', '/api/series/2/add-to-list/', '/api/users/my-list/3/']) {
      expect((await call(t.app, { method: 'POST', url, headers })).statusCode).toBe(200);
    }
    const list = (await call(t.app, { url: '/api/series/my-list/', headers })).json();
    expect(list.map((s: { id: number }) => s.id)).toEqual([3, 2]);
    expect((await call(t.app, { url: '/api/users/my-list/', headers })).json()).toEqual(list);
    expect(
      (await call(t.app, { method: 'DELETE', url: '/api/series/2/remove-from-list/', headers })).json().in_list,
    ).toBe(false);
    expect((await call(t.app, { method: 'DELETE', url: '/api/series/2/remove-from-list/', headers })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, { method: 'DELETE', url: '/api/users/my-list/3/', headers })).statusCode).toBe(200);
    expect((await call(t.app, { url: '/api/users/my-list/', headers })).json()).toEqual([]);
    expect((await call(t.app, { method: 'POST', url: '/api/series/9/add-to-list/', headers })).statusCode).toBe(404);
  });

  it('needs a token for every personal call', async () => {
    for (const [method, url] of [
      ['PUT', '/api/episodes/1/watch-progress/'],
      ['POST', '/api/episodes/1/mark-watched/'],
      ['GET', '/api/users/continue-watching/'],
      ['GET', '/api/users/watch-history/'],
      ['DELETE', '/api/users/watch-history/clear/'],
      ['GET', '/api/series/my-list/'],
      ['POST', '/api/series/1/add-to-list/'],
    ] as const) {
      const response = await call(t.app, { method, url, ...(method === 'PUT' ? { payload: { progress: 10 } } : {}) });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});
