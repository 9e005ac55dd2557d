import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { insertSeries } from '../../../src/domains/catalogue/catalogue.repository';
import { databaseKinds } from '../../support/databases';
import { seriesRow, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

describe.each(databaseKinds())('catalogue routes (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { cdnHost: 'cdn.example.com', storageHost: 'storage.example.com' });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    // Featured and trending, so that only the hiding rules keep them off the home rails.
    const flagged = { is_featured: true, is_trending: true };
    await insertSeries(t.ctx.db, { ...seriesRow('Ninth', 'ninth', flagged), id: 9 });
    await insertSeries(t.ctx.db, { ...seriesRow('Tenth', 'tenth', flagged), id: 10 });
    await insertSeries(t.ctx.db, seriesRow('Deleted Series 1', 'deleted-1', flagged));
    await insertSeries(t.ctx.db, seriesRow('Fine', 'deleted-2', { ...flagged, title_en: 'Deleted Series EN' }));
    await insertSeries(t.ctx.db, seriesRow('Staff hidden', 'hidden', { ...flagged, is_hidden: true }));
    await insertSeries(
      t.ctx.db,
      seriesRow('Soft deleted', 'soft', { ...flagged, deleted_at: new Date().toISOString() }),
    );
    await insertSeries(
      t.ctx.db,
      seriesRow('On the CDN', 'cdn', {
        poster_image: 'https://cdn.example.com/posters/p.jpg',
        created_at: '2000-01-01T00:00:00.000Z',
      }),
    );
  });
  afterAll(() => t.close());

  const hiddenTitles = ['Ninth', 'Tenth', 'Deleted Series 1', 'Fine', 'Staff hidden', 'Soft deleted'];

  it('lists series newest first, 20 by default, with count and an absolute-path next link', async () => {
    const page = (await call(t.app, { url: '/api/series/?limit=4' })).json();
    expect(page.count).toBe(11);
    expect(page.results.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4]);
    expect(page.next).toBe('/api/series/?limit=4&ordering=-created_at&page=2');
    const last = (await call(t.app, { url: '/api/series/?limit=4&page=3' })).json();
    expect(last.next).toBeNull();
    expect(last.results).toHaveLength(3);
    const all = (await call(t.app, { url: '/api/series/' })).json();
    expect(all.results).toHaveLength(11);
  });

  it('hides ids 9 and 10, "Deleted Series" titles, staff-hidden and soft-deleted series from every list', async () => {
    const lists = [
      (await call(t.app, { url: '/api/series/?limit=100' })).json().results,
      (await call(t.app, { url: '/api/series/featured/' })).json(),
      (await call(t.app, { url: '/api/series/trending/' })).json(),
      (await call(t.app, { url: '/api/search/?q=e' })).json().series,
      (await call(t.app, { url: '/api/recommendations/' })).json(),
    ];
    for (const list of lists) {
      for (const series of list) expect(hiddenTitles).not.toContain(series.title);
    }
  });

  it('answers 404 "Series not found" for the detail of a hidden or unknown series', async () => {
    const hiddenIds = (
      await t.ctx.db.selectFrom('series').select('id').where('title', 'in', hiddenTitles).execute()
    ).map((r) => r.id);
    for (const id of [...hiddenIds, 999]) {
      const response = await call(t.app, { url: `/api/series/${id}/` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Series not found' });
    }
  });

  it('filters by category slug or id and by the highlight flags', async () => {
    const romance = (await call(t.app, { url: '/api/series/?category=romance' })).json();
    expect(
      romance.results.every((s: { categories: Array<{ slug: string }> }) =>
        s.categories.some((c) => c.slug === 'romance'),
      ),
    ).toBe(true);
    expect(romance.count).toBe(5);
    const byId = (await call(t.app, { url: `/api/series/?category=${romance.results[0].categories[0].id}` })).json();
    expect(byId.count).toBe(5);
    const gold = (await call(t.app, { url: '/api/series/?is_gold_exclusive=true' })).json();
    expect(gold.results.map((s: { id: number }) => s.id)).toEqual([4]);
    expect((await call(t.app, { url: '/api/series/?category=unknown' })).json().count).toBe(0);
  });

  it('orders by the requested field and refuses an unknown ordering', async () => {
    const byTitle = (await call(t.app, { url: '/api/series/?ordering=title&limit=3' })).json();
    expect(byTitle.results.map((s: { title: string }) => s.title)).toEqual(['On the CDN', 'Series 1', 'Series 10']);
    expect((await call(t.app, { url: '/api/series/?ordering=password_hash' })).statusCode).toBe(400);
  });

  it('keeps the featured, trending and gold lists to at most 10', async () => {
    expect((await call(t.app, { url: '/api/series/featured/' })).json().map((s: { id: number }) => s.id)).toEqual([
      1, 2, 3,
    ]);
    expect(
      (await call(t.app, { url: '/api/series/gold-exclusives/' })).json().map((s: { id: number }) => s.id),
    ).toEqual([4]);
    expect((await call(t.app, { url: '/api/series/trending/' })).json().length).toBeLessThanOrEqual(10);
  });

  it('answers a series with categories, seasons and counts, and rewrites CDN addresses to the storage host', async () => {
    const series = (await call(t.app, { url: '/api/series/1/' })).json();
    expect(series).toEqual(
      expect.objectContaining({
        id: 1,
        episodes_count: 3,
        total_episodes: 3,
        seasons: [expect.objectContaining({ number: 1, title: 'Season 1', episodes_count: 3 })],
      }),
    );
    expect(series.poster_image).toBe('http://cliffhanger.test/media/demo/series-1/poster.jpg');
    const cdn = (await call(t.app, { url: '/api/series/?ordering=created_at&limit=1' })).json().results[0];
    expect(cdn.poster_image).toBe('https://storage.example.com/posters/p.jpg');
  });

  it('gives playback addresses only for episodes the caller may play', async () => {
    const anonymous = (await call(t.app, { url: '/api/series/1/episodes/' })).json();
    expect(anonymous.map((e: { is_unlocked: boolean }) => e.is_unlocked)).toEqual([true, false, false]);
    // A free episode's address is signed for anybody (viewer 0), on the product host.
    expect(anonymous[0].hls_url).toMatch(
      /^http:\/\/cliffhanger\.test\/media\/play\/1\/master\.m3u8\?t=0\.\d+\.[\w-]{22}$/,
    );
    expect(anonymous[1].hls_url).toBeNull();
    const listed = (await call(t.app, { url: '/api/episodes/?series=1' })).json();
    expect(listed.count).toBe(3);
    expect((await call(t.app, { url: '/api/episodes/?series=9' })).statusCode).toBe(404);
  });

  it('streams free episodes, refuses locked ones with reason and cost, and opens unlocked ones and everything for Gold', async () => {
    const guest = await signUpGuest(t.app);
    expect((await call(t.app, { url: '/api/episodes/1/stream/' })).json().url).toMatch(/\/play\/1\/master\.m3u8\?t=/);
    const locked = await call(t.app, { url: '/api/episodes/2/stream/', headers: bearer(guest.access) });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ message: expect.any(String), reason: 'locked', coin_cost: 20 });
    const goldEpisode = (await call(t.app, { url: '/api/series/4/episodes/' })).json()[1];
    const gold = await call(t.app, { url: `/api/episodes/${goldEpisode.id}/stream/`, headers: bearer(guest.access) });
    expect(gold.json()).toEqual(expect.objectContaining({ reason: 'gold_required' }));

    await t.ctx.db
      .insertInto('episode_unlocks')
      .values({ user_id: guest.user.id, episode_id: 2, coin_cost: 20, created_at: new Date().toISOString() })
      .execute();
    const unlocked = await call(t.app, { url: '/api/episodes/2/stream/', headers: bearer(guest.access) });
    expect(unlocked.json()).toEqual(expect.objectContaining({ access: 'unlocked', episode_id: 2 }));
    expect((await call(t.app, { url: '/api/episodes/2/', headers: bearer(guest.access) })).json().is_unlocked).toBe(
      true,
    );

    await t.ctx.db
      .updateTable('users')
      .set({ gold_until: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', '=', guest.user.id)
      .execute();
    expect(
      (await call(t.app, { url: `/api/episodes/${goldEpisode.id}/stream/`, headers: bearer(guest.access) })).json()
        .access,
    ).toBe('gold');
  });

  it.each([
    '/api/series/2147483648/',
    '/api/series/9007199254740993/episodes/',
    '/api/episodes/2147483648/',
    '/api/episodes/?series=1e21',
    '/api/episodes/?series=2147483648',
  ])('GET %s: an id past the stored range is a 400, not a server error', async (url) => {
    const answer = await call(t.app, { url });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toEqual(expect.any(String));
  });

  it.each([
    ['PUT', '/api/episodes/2147483648/watch-progress/', { progress: 10 }],
    ['POST', '/api/episodes/1e21/unlock/', undefined],
    ['POST', '/api/series/2147483648/add-to-list/', undefined],
    ['DELETE', '/api/users/watch-history/2147483648/', undefined],
  ])('%s %s: a viewer route refuses an id past the stored range with a 400', async (method, url, payload) => {
    const guest = await signUpGuest(t.app);
    const answer = await call(t.app, { method, url, headers: bearer(guest.access), payload });
    expect(answer.statusCode).toBe(400);
  });

  it('lists the categories of series on show, in order; one no series uses is no chip', async () => {
    const categories = (await call(t.app, { url: '/api/categories/' })).json();
    // The small catalogue stores a comedy genre that none of its series is in.
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual(['romance', 'thriller']);
    const stored = await t.ctx.db.selectFrom('categories').select('slug').execute();
    expect(stored.map((c) => c.slug)).toContain('comedy');
    expect(categories[0]).toEqual({
      id: expect.any(Number),
      name: 'Romance',
      slug: 'romance',
      icon: '❤️',
      color: '#e91e63',
      translations: { ru: { title: 'Романтика' } },
    });
  });

  it('searches series and episodes, treating % and _ literally', async () => {
    const found = (await call(t.app, { url: `/api/search/?q=${encodeURIComponent('series 1')}` })).json();
    expect(found.series.map((s: { id: number }) => s.id).sort()).toEqual([1, 12]);
    expect(found.episodes.every((e: { series_id: number }) => [1, 12].includes(e.series_id))).toBe(true);
    const wedding = (await call(t.app, { url: '/api/search/?q=WEDDING' })).json();
    expect(wedding.episodes.length).toBe(10);
    expect((await call(t.app, { url: '/api/search/?q=%25' })).json()).toEqual({ series: [], episodes: [] });
  });

  it('recommends series sharing categories and tags, never the series itself', async () => {
    const similar = (await call(t.app, { url: '/api/series/2/recommendations/' })).json();
    expect(similar.map((s: { id: number }) => s.id)).not.toContain(2);
    expect(
      similar
        .slice(0, 4)
        .every((s: { categories: Array<{ slug: string }> }) => s.categories.some((c) => c.slug === 'romance')),
    ).toBe(true);
    expect((await call(t.app, { url: '/api/series/9/recommendations/' })).statusCode).toBe(404);
  });

  it('recommends from what the viewer watched, leaving out what they already saw', async () => {
    const guest = await signUpGuest(t.app);
    await call(t.app, { method: 'POST', url: '/api/episodes/4/mark-watched/', headers: bearer(guest.access) });
    const forYou = (await call(t.app, { url: '/api/recommendations/', headers: bearer(guest.access) })).json();
    expect(forYou.map((s: { id: number }) => s.id)).not.toContain(2);
    expect(forYou[0].categories.some((c: { slug: string }) => c.slug === 'romance')).toBe(true);
  });
});
