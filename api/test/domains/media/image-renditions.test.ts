import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { mediaFileInside } from '../../../src/domains/media/image-renditions';
import { call } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';

const picture = (width: number, height: number, color = '#c0306a') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .webp()
    .toBuffer();

describe('smaller renditions of stored images (/media/<image>?w=)', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    dir = join(t.ctx.config.mediaRoot, 'demo', 'show');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'slider.webp'), await picture(1920, 800));
    writeFileSync(join(dir, 'small.webp'), await picture(200, 100));
    writeFileSync(join(dir, 'broken.jpg'), 'not an image');
    writeFileSync(join(dir, 'master.m3u8'), '#EXTM3U\n');
    writeFileSync(join(t.ctx.config.mediaRoot, '.hidden.webp'), await picture(10, 10));
  });
  afterAll(() => t.close());

  it('answers a phone-sized webp of a large image, cacheable and open to every origin', async () => {
    const original = await call(t.app, { url: '/media/demo/show/slider.webp' });
    const response = await call(t.app, { url: '/media/demo/show/slider.webp?w=360' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([360, 150]);
    expect(response.rawPayload.length).toBeLessThan(original.rawPayload.length);
  });

  it('never enlarges an image smaller than the width asked for', async () => {
    const response = await call(t.app, { url: '/media/demo/show/small.webp?w=720' });
    expect((await sharp(response.rawPayload).metadata()).width).toBe(200);
  });

  it('answers "not modified" to a browser that holds the same rendition', async () => {
    const first = await call(t.app, { url: '/media/demo/show/slider.webp?w=720' });
    const again = await call(t.app, {
      url: '/media/demo/show/slider.webp?w=720',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('makes a fresh rendition when the image is replaced', async () => {
    const before = await call(t.app, { url: '/media/demo/show/small.webp?w=360' });
    writeFileSync(join(dir, 'small.webp'), await picture(300, 100, '#204060'));
    utimesSync(join(dir, 'small.webp'), new Date(), new Date(Date.now() + 5_000));
    const after = await call(t.app, { url: '/media/demo/show/small.webp?w=360' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await sharp(after.rawPayload).metadata()).width).toBe(300);
  });

  it('refuses widths it does not make, with the ones it does', async () => {
    for (const w of ['361', 'abc', '360.0', '', '100000']) {
      const response = await call(t.app, { url: `/media/demo/show/slider.webp?w=${w}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Image width must be one of 360, 720, 1080');
    }
  });

  it('answers 404 for missing files, hidden files, paths outside the media root and non-images', async () => {
    for (const url of [
      '/media/demo/show/nope.webp?w=360',
      '/media/.hidden.webp?w=360',
      '/media/..%2f..%2fetc%2fpasswd.png?w=360',
      '/media/demo/show/master.m3u8?w=360',
      '/media/demo/show/?w=360',
    ]) {
      const response = await call(t.app, { url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Media file not found' });
    }
  });

  it('says politely when a stored file is not an image it can read', async () => {
    const response = await call(t.app, { url: '/media/demo/show/broken.jpg?w=360' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'This image could not be resized' });
  });
});

describe('the file a media path names', () => {
  it('stays inside the media root', () => {
    expect(mediaFileInside('/srv/media', '/demo/a.webp')).toBe('/srv/media/demo/a.webp');
    for (const path of [
      '/../x.webp',
      '/demo/%2e%2e/%2e%2e/x.webp',
      '/demo//a.webp',
      '/a%00.webp',
      '/%E0%A4%A.webp',
      '/demo\\..\\x.webp',
    ])
      expect(mediaFileInside('/srv/media', path)).toBeNull();
  });
});
