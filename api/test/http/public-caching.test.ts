/**
 * Public catalogue reads can be kept by browsers and a CDN: a short public lifetime and a strong ETag,
 * and a 304 without a body when the client already holds that answer. Answers that depend on the
 * viewer never carry them, and an edit gives a new ETag at the next read.
 */

import { seedDemoCatalogue } from '../../../demo/src/seed-demo-catalogue';
import { etagOf, noneMatchNames, PUBLIC_CACHE_CONTROL } from '../../src/http/public-caching';
import { databaseKinds } from '../support/databases';
import { registerUser, smallCatalogue } from '../support/fixtures';
import { bearer, call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

const PUBLIC_READS = [
  ['the series list', '/api/series/?limit=20&ordering=-created_at'],
  ['a series', '/api/series/1/'],
  ['a carousel', '/api/series/featured/'],
  ['the genres', '/api/categories/'],
];

describe('If-None-Match', () => {
  const etag = etagOf('{"a":1}');

  it('names an ETag in a list, weakly compared, or with *', () => {
    expect(noneMatchNames(etag, etag)).toBe(true);
    expect(noneMatchNames(`"other", ${etag}`, etag)).toBe(true);
    expect(noneMatchNames(`W/${etag}`, etag)).toBe(true);
    expect(noneMatchNames(' * ', etag)).toBe(true);
    expect(noneMatchNames('"other"', etag)).toBe(false);
    expect(noneMatchNames(undefined, etag)).toBe(false);
    expect(noneMatchNames(etag.slice(0, -1), etag)).toBe(false);
  });
});

describe.each(databaseKinds())('public catalogue reads cached over HTTP (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { cache: { publicViewSeconds: 30, catalogueSeconds: 5 } });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
  }, 60_000);
  afterAll(() => t.close());

  it.each(PUBLIC_READS)('lets browsers and a CDN keep %s, with a strong ETag of its bytes', async (_what, url) => {
    const answer = await call(t.app, { url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(answer.headers.etag).toBe(etagOf(answer.rawPayload));
    expect((await call(t.app, { url })).headers.etag).toBe(answer.headers.etag);
  });

  it.each(PUBLIC_READS)('answers %s with a bodyless 304 when the client holds it', async (_what, url) => {
    const first = await call(t.app, { url });
    const etag = first.headers.etag as string;
    const again = await call(t.app, { url, headers: { 'if-none-match': `"stale", ${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    // The usual headers are still made per request: security headers, CORS, the rate limit.
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers.vary).toMatch(/Origin/);
    expect(again.headers['x-ratelimit-remaining']).toBeDefined();
    const changed = await call(t.app, { url, headers: { 'if-none-match': '"stale"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('gives an edited series a new ETag at the next read, so a held copy is sent again', async () => {
    const url = '/api/series/2/';
    const before = await call(t.app, { url });
    await t.ctx.db.updateTable('series').set({ title: 'Renamed for the ETag' }).where('id', '=', 2).execute();
    const after = await call(t.app, { url, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json().title).toBe('Renamed for the ETag');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('keeps errors and viewer-specific answers out of shared caches', async () => {
    const missing = await call(t.app, { url: '/api/series/999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    expect(missing.headers.etag).toBeUndefined();
    const viewer = await registerUser(t.app, `public-caching-${kind}@example.com`);
    for (const url of ['/api/series/1/episodes/', '/api/recommendations/', '/api/search/?q=Series']) {
      const answer = await call(t.app, { url, headers: bearer(viewer.access) });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBeUndefined();
      expect(answer.headers.etag).toBeUndefined();
    }
    const poll = await call(t.app, {
      method: 'POST',
      url: '/feed-api/user/public-view/',
      headers: bearer(viewer.access),
      payload: { id: viewer.user.id },
    });
    expect(poll.statusCode).toBe(200);
    expect(poll.headers.etag).toBeUndefined();
  });
});
