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

  it('serves HLS, segments, MP4 and images with the content types players expect, open to every origin', async () => {
    const expectations: Array<[string, string]> = [
      ['master.m3u8', 'application/vnd.apple.mpegurl'],
      ['seg0.m4s', 'video/iso.segment'],
      ['seg1.ts', 'video/mp2t'],
      ['video.mp4', 'video/mp4'],
      ['thumb.webp', 'image/webp'],
    ];
    for (const [file, type] of expectations) {
      const response = await call(t.app, {
        url: `/media/demo/show/ep1/${file}`,
        headers: { origin: 'http://elsewhere.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain(type);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('answers byte ranges for seeking', async () => {
    const response = await call(t.app, { url: '/media/demo/show/ep1/video.mp4', headers: { range: 'bytes=2-5' } });
    expect(response.statusCode).toBe(206);
    expect(response.body).toBe('2345');
    expect(response.headers['content-range']).toBe('bytes 2-5/10');
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
