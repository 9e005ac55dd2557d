import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { call, listenOnFreePort } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

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
    writeFileSync(join(dir, 'poster.jpg'), Buffer.from('0123456789'));
    writeFileSync(join(t.ctx.config.mediaRoot, '.hidden.png'), 'no');
    mkdirSync(join(t.ctx.config.mediaRoot, 'demo', '.hidden'), { recursive: true });
    writeFileSync(join(t.ctx.config.mediaRoot, 'demo', '.hidden', 'inside.png'), 'no');
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

  it('answers a range of an image with 206 and just those bytes', async () => {
    const response = await call(t.app, { url: '/media/demo/show/ep1/poster.jpg', headers: { range: 'bytes=2-5' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 2-5/10');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.body).toBe('2345');
  });

  it('lets browsers keep images a day and revalidate them with ETag and Last-Modified', async () => {
    const first = await call(t.app, { url: '/media/demo/show/ep1/poster.jpg' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await call(t.app, {
      url: '/media/demo/show/ep1/poster.jpg',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses missing files, dotfiles and paths outside the media root with a JSON 404 open to every origin', async () => {
    for (const url of [
      '/media/nope.mp4',
      '/media/nope.webp',
      '/media/.secret',
      '/media/.hidden.png',
      '/media/demo/.hidden/inside.png',
      '/media/..%2f..%2fetc%2fpasswd',
      '/media/demo/..%2f..%2f.secret.png',
      '/media/demo//show/ep1/thumb.webp',
      '/media/demo%5cshow%5cep1%5cthumb.webp',
      '/media/demo/',
      '/media/demo',
      '/media/',
    ]) {
      const response = await call(t.app, { url });
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.json().message).toBe('Media file not found');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });
});

describe('media paths as they arrive on the wire', () => {
  // `inject` resolves `.` and `..` segments before routing, as a browser does; a raw client does not,
  // so these go over a real socket.
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    mkdirSync(join(t.ctx.config.mediaRoot, 'demo'), { recursive: true });
    writeFileSync(join(t.ctx.config.mediaRoot, 'demo', 'poster.png'), 'png');
    port = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  const rawGet = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('refuses dot segments, even ones that stay inside the media root', async () => {
    expect((await rawGet('/media/demo/poster.png')).status).toBe(200);
    for (const path of [
      '/media/demo/../../../etc/hostname.png',
      '/media/demo/../demo/poster.png',
      '/media/demo/./poster.png',
      '/media/demo/%2e%2e/%2e%2e/etc/hostname.png',
    ]) {
      const answer = await rawGet(path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(JSON.parse(answer.body).message).toBe('Media file not found');
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
