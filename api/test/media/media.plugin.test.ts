import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

describe('media files under /media/', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const dir = join(t.ctx.config.mediaRoot, 'demo', 'show', 'ep1');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'master.m3u8'), '#EXTM3U\n');
    writeFileSync(join(dir, 'seg0.m4s'), Buffer.alloc(10));
    writeFileSync(join(dir, 'seg1.ts'), Buffer.alloc(10));
    writeFileSync(join(dir, 'video.mp4'), Buffer.from('0123456789'));
    writeFileSync(join(dir, 'thumb.webp'), Buffer.alloc(4));
    writeFileSync(join(t.ctx.config.mediaRoot, '.secret'), 'no');
  });
  afterAll(() => t.close());

  it('serves images with their content type, open to every origin', async () => {
    const response = await call(t.app, {
      url: '/media/demo/show/ep1/thumb.webp',
      headers: { origin: 'http://elsewhere.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/webp');
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('never serves video from the public folder: playlists, segments and MP4s beside an image are not found', async () => {
    for (const file of ['master.m3u8', 'seg0.m4s', 'seg1.ts', 'video.mp4', 'master%2Em3u8', 'video.mp4%3F.webp']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await call(t.app, { method, url: `/media/demo/show/ep1/${file}` });
        expect(response.statusCode).toBe(404);
      }
      expect((await call(t.app, { url: `/media/demo/show/ep1/${file}?w=360` })).statusCode).toBe(404);
      expect(
        (await call(t.app, { url: `/media/demo/show/ep1/${file}`, headers: { range: 'bytes=0-3' } })).statusCode,
      ).toBe(404);
    }
  });

  it('refuses missing files, dotfiles and paths outside the media root with a JSON 404', async () => {
    for (const url of ['/media/nope.mp4', '/media/.secret', '/media/..%2f..%2fetc%2fpasswd', '/media/demo/']) {
      const response = await call(t.app, { url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Media file not found');
    }
  });
});

describe('CORS and security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('allows listed origins and the same origin, and no others', async () => {
    const allowed = await call(t.app, { url: '/api/health', headers: { origin: 'http://allowed.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://allowed.example');
    const other = await call(t.app, { url: '/api/health', headers: { origin: 'http://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document at /api/docs/json', async () => {
    const doc = (await call(t.app, { url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/series/', '/api/auth/login/', '/feed-api/user/public-view/']),
    );
  });
});
