/**
 * The catalogue answers shared by every visitor are cached for a few seconds; a staff edit must still
 * show at the next read.
 */

import { seedDemoCatalogue } from '../../../demo/src/seed-demo-catalogue';
import { catalogueCache } from '../../src/cache/app-caches';
import { CatalogueCache } from '../../src/cache/catalogue-cache';
import { registerUser, type Session, smallCatalogue } from '../support/fixtures';
import { call } from '../support/http';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

describe('the catalogue cache', () => {
  it('computes a key once for concurrent readers and keeps the answer', async () => {
    const cache = new CatalogueCache(5);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return { page: computed };
    };
    const [a, b] = await Promise.all([cache.remember('list', compute), cache.remember('list', compute)]);
    expect(a).toBe(b);
    expect(await cache.remember('list', compute)).toBe(a);
    expect(computed).toBe(1);
    cache.invalidate();
    expect(await cache.remember('list', compute)).toEqual({ page: 2 });
  });

  it('does not keep a failure', async () => {
    const cache = new CatalogueCache(5);
    await expect(cache.remember('detail', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(await cache.remember('detail', async () => 'ok')).toBe('ok');
  });

  it('keeps nothing when its time-to-live is 0', async () => {
    const cache = new CatalogueCache(0);
    let computed = 0;
    await cache.remember('list', async () => ++computed);
    await cache.remember('list', async () => ++computed);
    expect(computed).toBe(2);
  });
});

describe('cached catalogue answers (sqlite)', () => {
  let t: TestApp;
  let staff: Session;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { cache: { publicViewSeconds: 30, catalogueSeconds: 5 } });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    staff = await registerUser(t.app, 'catalogue-staff@example.com');
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
  });
  afterAll(() => t.close());

  const get = async (url: string) => (await call(t.app, { url })).json();

  it('shows a staff edit in the series list, the series, the highlights and the categories at the next read', async () => {
    const list = await get('/api/series/?limit=20&ordering=-created_at');
    expect(list.results.map((s: { title: string }) => s.title)).toContain('Series 1');
    expect((await get('/api/series/1/')).title).toBe('Series 1');
    expect((await get('/api/series/featured/')).map((s: { id: number }) => s.id)).toContain(1);
    const edit = await call(t.app, {
      method: 'PATCH',
      url: '/api/admin/series/1/',
      headers: bearer(staff.access),
      payload: { title: 'Series One, renamed', is_featured: false },
    });
    expect(edit.statusCode).toBe(200);
    const after = await get('/api/series/?limit=20&ordering=-created_at');
    expect(after.results.map((s: { title: string }) => s.title)).toContain('Series One, renamed');
    expect((await get('/api/series/1/')).title).toBe('Series One, renamed');
    expect((await get('/api/series/featured/')).map((s: { id: number }) => s.id)).not.toContain(1);

    const categories = await get('/api/categories/');
    const horror = await t.ctx.db
      .insertInto('categories')
      .values({
        name: 'Horror',
        slug: 'horror',
        icon: '👻',
        color: '#000000',
        position: 9,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A genre no series on show uses is no chip; linking it to one shows it at the next read.
    expect((await get('/api/categories/')).length).toBe(categories.length);
    await t.ctx.db.insertInto('series_categories').values({ series_id: 1, category_id: horror.id }).execute();
    expect((await get('/api/categories/')).length).toBe(categories.length + 1);
  });

  it('keeps the cached catalogue when a viewer likes a series (a counter, not an edit)', async () => {
    let reads = 0;
    const read = () =>
      catalogueCache(t.ctx).remember('probe/likes', async () => {
        reads += 1;
        return reads;
      });
    await read();
    const viewer = await registerUser(t.app, 'catalogue-liker@example.com');
    const like = await call(t.app, {
      method: 'PUT',
      url: '/api/series/2/like/',
      headers: bearer(viewer.access),
      payload: { liked: true },
    });
    expect(like.json()).toEqual({ series_id: 2, liked: true, likes: 1 });
    await read();
    expect(reads).toBe(1);
  });

  it('sends the same JSON for a repeated read as for the first', async () => {
    const first = await call(t.app, { url: '/api/series/?limit=5&ordering=title' });
    const again = await call(t.app, { url: '/api/series/?limit=5&ordering=title' });
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toBe(first.body);
    expect(JSON.parse(again.body).results).toHaveLength(5);
  });

  it('sends a title in any script whole, with the same bytes and headers on every read and the new title after an edit', async () => {
    const url = '/api/series/?limit=20&ordering=title';
    const rename = async (title: string) => {
      const edit = await call(t.app, {
        method: 'PATCH',
        url: '/api/admin/series/2/',
        headers: bearer(staff.access),
        payload: { title },
      });
      expect(edit.statusCode).toBe(200);
    };
    const titles = (answer: { body: string }) =>
      (JSON.parse(answer.body).results as { title: string }[]).map((s) => s.title);

    await rename('Été à Kyōto — 京都の夏 🎬');
    const first = await call(t.app, { url });
    const again = await call(t.app, { url });
    expect(titles(first)).toContain('Été à Kyōto — 京都の夏 🎬');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['content-length']).toBe(first.headers['content-length']);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    await rename('Лето в Киото');
    const edited = await call(t.app, { url });
    expect(titles(edited)).toContain('Лето в Киото');
    expect(titles(edited)).not.toContain('Été à Kyōto — 京都の夏 🎬');
    expect(edited.headers['content-length']).toBe(String(edited.rawPayload.length));
    expect((await call(t.app, { url })).rawPayload.equals(edited.rawPayload)).toBe(true);
  });

  it('answers each query with its own page and links', async () => {
    const first = await get('/api/series/?limit=3&page=1');
    const second = await get('/api/series/?limit=3&page=2');
    expect(first.results[0].id).not.toBe(second.results[0].id);
    expect(second.previous).toContain('page=1');
    expect(await get('/api/series/?page=1&limit=3')).toEqual(first);
  });
});
