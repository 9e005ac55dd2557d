/**
 * Draft → published → unpublished, and scheduled publishing: what viewers may see of a series or an
 * episode staff have not published, on every public route, and the publish checklist that names what
 * is still missing.
 */
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { homeFirstScreen } from '../../../src/frontends/first-screen';
import { databaseKinds } from '../../support/databases';
import { type Session, smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';

/** A tiny valid PNG (1×1), for inline images. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const HOUR = 60 * 60_000;

describe.each(databaseKinds())('publishing series and episodes (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let clock = Date.now();

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => new Date(clock) });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  const staff = () => bearer(cast.staff.access);
  const admin = (method: string, url: string, payload?: unknown) =>
    call(t.app, { method, url: `/api/admin${url}`, headers: staff(), payload });

  /** A series with everything the checklist asks for, and one episode with a finished video; still a draft. */
  async function completeDraft(word: string) {
    const created = await admin('POST', '/series/', {
      title: `${word} Nights`,
      description: `A ${word} story`,
      tags: ['love', 'drama'],
      category_ids: [1],
      is_featured: true,
      is_trending: true,
      is_top: true,
      rating: 10,
      poster_image: PNG,
      banner_image: PNG,
      slider_image: PNG,
    });
    expect(created.statusCode).toBe(201);
    const series = created.json();
    const episode = await admin('POST', `/series/${series.id}/episodes/`, {
      title: `${word} begins`,
      is_free: true,
      hls_url: `/media/demo/${word}/master.m3u8`,
    });
    expect(episode.statusCode).toBe(201);
    return { series, episode: episode.json() };
  }

  /** What each public route shows of a series and its episode, as a viewer (a guest) asks. */
  async function publicSightings(seriesId: number, episodeId: number, word: string, viewer: Session) {
    const as = bearer(viewer.access);
    const ids = (list: Array<{ id: number }>) => list.map((s) => s.id);
    const get = (url: string, headers = {}) => call(t.app, { url, headers });
    const feed = (url: string, payload: unknown) =>
      call(t.app, { method: 'POST', url: `/feed-api${url}`, headers: as, payload });
    const search = (await get(`/api/search/?q=${word}`, as)).json();
    const first = await homeFirstScreen(t.ctx);
    return {
      list: ids((await get('/api/series/?limit=100')).json().results).includes(seriesId),
      byCategory: ids((await get('/api/series/?limit=100&category=romance')).json().results).includes(seriesId),
      featured: ids((await get('/api/series/featured/')).json()).includes(seriesId),
      trending: ids((await get('/api/series/trending/')).json()).includes(seriesId),
      detail: (await get(`/api/series/${seriesId}/`)).statusCode,
      seriesEpisodes: (await get(`/api/series/${seriesId}/episodes/`)).statusCode,
      episodeList: ids((await get('/api/episodes/?limit=100')).json().results).includes(episodeId),
      episode: (await get(`/api/episodes/${episodeId}/`, as)).statusCode,
      stream: (await get(`/api/episodes/${episodeId}/stream/`, as)).statusCode,
      searchSeries: ids(search.series).includes(seriesId),
      searchEpisodes: ids(search.episodes).includes(episodeId),
      recommendations: ids((await get('/api/recommendations/', as)).json()).includes(seriesId),
      moreLikeThis: ids((await get('/api/series/1/recommendations/')).json()).includes(seriesId),
      feedCarousel: (await feed('/feed/categories/', { id: viewer.user.id }))
        .json()
        .data.some((s: { series_id: number }) => s.series_id === seriesId),
      feedDetail: (await feed('/series/detail/', { id: viewer.user.id, series_id: seriesId })).statusCode,
      /** The home page's preloaded hero (the first featured series' slider image). */
      firstScreenHero: first?.heroImage ?? null,
    };
  }

  const HIDDEN = {
    list: false,
    byCategory: false,
    featured: false,
    trending: false,
    detail: 404,
    seriesEpisodes: 404,
    episodeList: false,
    episode: 404,
    stream: 404,
    searchSeries: false,
    searchEpisodes: false,
    recommendations: false,
    moreLikeThis: false,
    feedCarousel: false,
    feedDetail: 404,
  };
  const SHOWN = {
    list: true,
    byCategory: true,
    featured: true,
    trending: true,
    detail: 200,
    seriesEpisodes: 200,
    episodeList: true,
    episode: 200,
    stream: 200,
    searchSeries: true,
    searchEpisodes: true,
    recommendations: true,
    moreLikeThis: true,
    feedCarousel: true,
    feedDetail: 200,
  };

  it('keeps a new series and its episodes off every public route until staff publish them', async () => {
    const { series, episode } = await completeDraft('Zebraquest');
    expect(series.publish_state).toBe('draft');
    expect(episode.publish_state).toBe('draft');
    const viewer = cast.guest;
    const { firstScreenHero: draftHero, ...draft } = await publicSightings(series.id, episode.id, 'Zebraquest', viewer);
    expect(draft).toEqual(HIDDEN);
    // Staff still see it, with its art, in their own screens.
    expect((await admin('GET', `/series/${series.id}/`)).json().poster_image).toMatch(/\/media\//);
    expect((await admin('GET', `/series/${series.id}/episodes/`)).json()).toHaveLength(1);

    const published = await admin('POST', `/series/${series.id}/publish/`);
    expect(published.statusCode).toBe(200);
    expect(published.json().publish_state).toBe('published');
    // Publishing the series published its draft episode with a finished video at the same time.
    expect((await admin('GET', `/episodes/${episode.id}/`)).json().publish_state).toBe('published');
    const { firstScreenHero, ...live } = await publicSightings(series.id, episode.id, 'Zebraquest', viewer);
    expect(live).toEqual(SHOWN);
    // The newest featured series leads the home slider, and so the first screen's preloaded hero.
    const [leader] = (await call(t.app, { url: '/api/series/featured/' })).json();
    expect(leader.id).toBe(series.id);
    expect(firstScreenHero).toBe(leader.slider_image);
    expect(draftHero).not.toBe(leader.slider_image);

    const unpublished = await admin('POST', `/series/${series.id}/unpublish/`);
    expect(unpublished.json().publish_state).toBe('unpublished');
    const { firstScreenHero: gone, ...after } = await publicSightings(series.id, episode.id, 'Zebraquest', viewer);
    expect(after).toEqual(HIDDEN);
    expect(gone).toBe(draftHero);
  });

  it('refuses to publish a series while its checklist is not met, naming each missing thing', async () => {
    const created = await admin('POST', '/series/', { title: 'Half built', is_featured: true });
    const id = created.json().id;
    expect(created.json().publish_checklist.filter((c: { met: boolean }) => !c.met)).toHaveLength(5);

    const refused = await admin('POST', `/series/${id}/publish/`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().missing.map((m: { requirement: string }) => m.requirement)).toEqual([
      'poster_image',
      'banner_image',
      'slider_image',
      'category',
      'episode',
    ]);
    expect(refused.json().message).toContain('A poster image');
    expect((await admin('GET', `/series/${id}/`)).json().publish_state).toBe('draft');

    // Art and a category; an episode without a video does not count yet.
    await admin('PATCH', `/series/${id}/media/`, { poster_image: PNG, banner_image: PNG, slider_image: PNG });
    await admin('PATCH', `/series/${id}/`, { category_ids: [2] });
    const episode = (await admin('POST', `/series/${id}/episodes/`, { title: 'Pilot', is_free: true })).json();
    const stillRefused = await admin('POST', `/series/${id}/publish/`);
    expect(stillRefused.statusCode).toBe(422);
    expect(stillRefused.json().missing).toEqual([
      { requirement: 'episode', message: 'At least one episode with a finished video that is not unpublished' },
    ]);
    // An episode is refused on its own too while it has no video.
    const episodeRefused = await admin('POST', `/episodes/${episode.id}/publish/`);
    expect(episodeRefused.statusCode).toBe(422);
    expect(episodeRefused.json().missing).toEqual([{ requirement: 'video', message: 'A finished video' }]);

    await admin('PATCH', `/episodes/${episode.id}/`, { hls_url: '/media/demo/pilot/master.m3u8' });
    // A series that is not featured needs no slider image.
    await admin('PATCH', `/series/${id}/`, { is_featured: false });
    await admin('PATCH', `/series/${id}/media/`, { slider_image: null });
    const ok = await admin('POST', `/series/${id}/publish/`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().publish_checklist.every((c: { met: boolean }) => c.met)).toBe(true);
    expect((await call(t.app, { url: `/api/series/${id}/` })).statusCode).toBe(200);
  });

  it('keeps a draft episode of a published series from viewers, the player and the stream', async () => {
    const added = await admin('POST', '/series/2/episodes/', {
      title: 'A secret fourth',
      is_free: true,
      hls_url: '/media/demo/series-2/ep4/master.m3u8',
    });
    const episode = added.json();
    const as = bearer(cast.viewer.access);
    const seen = async () => ({
      inSeries: (await call(t.app, { url: '/api/series/2/episodes/', headers: as }))
        .json()
        .some((e: { id: number }) => e.id === episode.id),
      count: (await call(t.app, { url: '/api/series/2/' })).json().episodes_count,
      detail: (await call(t.app, { url: `/api/episodes/${episode.id}/`, headers: as })).statusCode,
      stream: (await call(t.app, { url: `/api/episodes/${episode.id}/stream/`, headers: as })).statusCode,
      progress: (
        await call(t.app, {
          method: 'PUT',
          url: `/api/episodes/${episode.id}/watch-progress/`,
          headers: as,
          payload: { progress: 10 },
        })
      ).statusCode,
      unlock: (await call(t.app, { method: 'POST', url: `/api/episodes/${episode.id}/unlock/`, headers: as }))
        .statusCode,
    });
    expect(await seen()).toEqual({ inSeries: false, count: 3, detail: 404, stream: 404, progress: 404, unlock: 404 });

    expect((await admin('POST', `/episodes/${episode.id}/publish/`)).statusCode).toBe(200);
    expect(await seen()).toEqual({ inSeries: true, count: 4, detail: 200, stream: 200, progress: 200, unlock: 200 });

    expect((await admin('POST', `/episodes/${episode.id}/unpublish/`)).json().publish_state).toBe('unpublished');
    expect((await seen()).stream).toBe(404);
    // Publishing the series again leaves an episode staff unpublished on purpose alone.
    expect((await admin('POST', '/series/2/publish/')).statusCode).toBe(200);
    expect((await admin('GET', `/episodes/${episode.id}/`)).json().publish_state).toBe('unpublished');
  });

  it('refuses publishing to viewers, a deleted series and a time that is not a time', async () => {
    const { series } = await completeDraft('Wombatday');
    const viewerTry = await call(t.app, {
      method: 'POST',
      url: `/api/admin/series/${series.id}/publish/`,
      headers: bearer(cast.viewer.access),
    });
    expect(viewerTry.statusCode).toBe(403);
    expect((await admin('POST', `/series/${series.id}/publish/`, { publish_at: 'tomorrow' })).statusCode).toBe(400);
    expect((await admin('POST', `/series/${series.id}/publish/`, { status: 'published' })).statusCode).toBe(400);
    await admin('DELETE', `/series/${series.id}/`);
    const deleted = await admin('POST', `/series/${series.id}/publish/`);
    expect(deleted.statusCode).toBe(409);
    expect((await admin('GET', `/series/${series.id}/`)).json().publish_state).toBe('draft');
    expect((await admin('POST', '/series/999999/publish/')).statusCode).toBe(404);
  });

  it('shows a scheduled series once its time has passed, with no write in between', async () => {
    const { series, episode } = await completeDraft('Quokkatime');
    const at = new Date(clock + 2 * HOUR).toISOString();
    const scheduled = await admin('POST', `/series/${series.id}/publish/`, { publish_at: at });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toEqual(expect.objectContaining({ publish_state: 'scheduled', published_at: at }));
    const scheduledList = await admin('GET', '/series/?status=scheduled');
    expect(scheduledList.json().results.map((s: { id: number }) => s.id)).toContain(series.id);

    const { firstScreenHero: _before, ...before } = await publicSightings(
      series.id,
      episode.id,
      'Quokkatime',
      cast.guest,
    );
    expect(before).toEqual(HIDDEN);

    clock += 2 * HOUR + 1_000;
    // Two hours on, the earlier sign-ins have expired: the same people sign in again.
    cast = await signUpCast(t);
    const { firstScreenHero: _after, ...after } = await publicSightings(
      series.id,
      episode.id,
      'Quokkatime',
      cast.guest,
    );
    expect(after).toEqual(SHOWN);
    expect((await admin('GET', `/series/${series.id}/`)).json().publish_state).toBe('published');
  });

  it('lets staff add and rename a category, which then shows as a genre chip', async () => {
    const created = await admin('POST', '/categories/', { name: 'Time travel' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual(expect.objectContaining({ name: 'Time travel', slug: 'time-travel' }));
    expect((await admin('POST', '/categories/', { name: 'time TRAVEL' })).statusCode).toBe(409);
    expect((await admin('POST', '/categories/', { name: '   ' })).statusCode).toBe(400);
    const renamed = await admin('PATCH', `/categories/${created.json().id}/`, { name: 'Time loops' });
    expect(renamed.json()).toEqual(expect.objectContaining({ name: 'Time loops', slug: 'time-travel' }));
    expect((await admin('PATCH', '/categories/1/', { name: 'Time loops' })).statusCode).toBe(409);
    expect((await admin('PATCH', '/categories/999999/', { name: 'Nope' })).statusCode).toBe(404);
    const staffList = (await admin('GET', '/categories/')).json();
    expect(staffList.find((c: { name: string }) => c.name === 'Time loops')).toMatchObject({
      series_count: 0,
      shown: false,
    });
    const viewerTry = await call(t.app, {
      method: 'POST',
      url: '/api/admin/categories/',
      headers: bearer(cast.viewer.access),
      payload: { name: 'Sneaky' },
    });
    expect(viewerTry.statusCode).toBe(403);
  });

  it('shows a genre chip only once a series on show uses it: not for a draft, nor for a scheduled series', async () => {
    const created = (await admin('POST', '/categories/', { name: 'Heists' })).json();
    const chips = async () =>
      (await call(t.app, { url: '/api/categories/' })).json().map((c: { name: string }) => c.name);
    expect(await chips()).not.toContain('Heists');

    const { series } = await completeDraft('Heistwave');
    await admin('PATCH', `/series/${series.id}/`, { category_ids: [created.id] });
    expect(await chips()).not.toContain('Heists');
    const later = new Date(clock + 3 * HOUR).toISOString();
    expect((await admin('POST', `/series/${series.id}/publish/`, { publish_at: later })).statusCode).toBe(200);
    expect(await chips()).not.toContain('Heists');

    expect((await admin('POST', `/series/${series.id}/publish/`)).statusCode).toBe(200);
    expect(await chips()).toContain('Heists');
    expect((await admin('GET', '/categories/')).json().find((c: { id: number }) => c.id === created.id)).toMatchObject({
      series_count: 1,
      shown: true,
    });
    await admin('POST', `/series/${series.id}/unpublish/`);
    expect(await chips()).not.toContain('Heists');
  });

  it('deletes a category no series uses, audited, and refuses one a series uses with a 409 saying why', async () => {
    const used = (await admin('POST', '/categories/', { name: 'Used genre' })).json();
    const { series } = await completeDraft('Usedgenre');
    await admin('PATCH', `/series/${series.id}/`, { category_ids: [used.id] });
    const refused = await admin('DELETE', `/categories/${used.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '"Used genre" cannot be deleted while series use it (1). Remove it from them first.',
    );
    expect((await admin('GET', '/categories/')).json().map((c: { id: number }) => c.id)).toContain(used.id);

    const empty = (await admin('POST', '/categories/', { name: 'Empty genre' })).json();
    const viewerTry = await call(t.app, {
      method: 'DELETE',
      url: `/api/admin/categories/${empty.id}/`,
      headers: bearer(cast.viewer.access),
    });
    expect(viewerTry.statusCode).toBe(403);
    expect((await admin('DELETE', `/categories/${empty.id}/`)).statusCode).toBe(204);
    expect((await admin('GET', '/categories/')).json().map((c: { id: number }) => c.id)).not.toContain(empty.id);
    expect((await admin('DELETE', `/categories/${empty.id}/`)).statusCode).toBe(404);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'category.delete')
      .where('entity_id', '=', String(empty.id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('seeds the demo catalogue as published', async () => {
    const rows = await t.ctx.db.selectFrom('series').select(['status', 'published_at']).where('id', '<=', 8).execute();
    expect(rows.every((row) => row.status === 'published' && row.published_at !== null)).toBe(true);
  });
});
