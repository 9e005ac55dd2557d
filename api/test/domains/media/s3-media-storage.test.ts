/**
 * Media in an S3-compatible store. The adapter talks to `signed-s3-server.ts`, a loopback server that
 * verifies every write's SigV4 signature from the bytes it received (no maintained S3 server is
 * installable from npm, see that file), so these tests prove the requests a real store would accept.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type S3StorageConfig, s3StorageConfigFromEnv } from '../../../src/config';
import { mediaStorageFor } from '../../../src/domains/media/media-storage';
import { S3MediaStorage } from '../../../src/domains/media/s3-media-storage';
import { call } from '../../support/http';
import { bearer, type ConfigOverrides, createTestApp, type TestApp } from '../../support/test-app';
import { signUpCast } from '../admin/staff-fixtures';
import { type SignedS3Server, startSignedS3Server, storageConfigFor } from './signed-s3-server';
import { tusClient } from './tus-client';

describe('the S3-compatible media storage', () => {
  let s3: SignedS3Server;
  let dir: string;
  const opened: S3MediaStorage[] = [];
  const storage = (changes: Partial<S3StorageConfig> = {}) => {
    const made = new S3MediaStorage(storageConfigFor(s3, changes));
    opened.push(made);
    return made;
  };

  beforeAll(async () => {
    s3 = await startSignedS3Server();
    dir = await mkdtemp(join(tmpdir(), 'cliffhanger-s3-'));
  });
  afterAll(async () => {
    await Promise.all(opened.map((made) => made.destroy()));
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    s3.objects.clear();
    s3.requests.length = 0;
  });

  it('stores a file with signed requests, the type players expect, and answers its public address', async () => {
    const file = join(dir, 'poster.webp');
    await writeFile(file, Buffer.from('RIFF....WEBPVP8 not really'));
    const url = await storage().putFile('library/images/poster.webp', file);

    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/library/images/poster.webp`);
    expect(s3.requests.every((r) => r.signed)).toBe(true);
    const stored = s3.objects.get('library/images/poster.webp');
    expect(stored?.body.toString()).toBe('RIFF....WEBPVP8 not really');
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.cacheControl).toBe('public, max-age=86400');
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('stores an HLS package as one folder, replacing the old one and leaving its neighbours alone', async () => {
    const pkg = join(dir, 'hls');
    await mkdir(join(pkg, 'v0'), { recursive: true });
    await writeFile(join(pkg, 'master.m3u8'), '#EXTM3U\n');
    await writeFile(join(pkg, 'v0', 'index.m3u8'), '#EXTM3U\n#EXTINF:2,\nseg0.ts\n');
    await writeFile(join(pkg, 'v0', 'seg0.ts'), Buffer.alloc(4096, 7));
    const store = storage({ publicUrl: 'https://cdn.example.com/media' });
    s3.objects.set('library/videos/1/hls-1/stale.ts', { body: Buffer.from('old'), contentType: '', cacheControl: '' });
    s3.objects.set('library/videos/12/hls-3/master.m3u8', {
      body: Buffer.from('#EXTM3U'),
      contentType: '',
      cacheControl: '',
    });

    const base = await store.putDirectory('library/videos/1/hls-1', pkg);

    expect(base).toBe('https://cdn.example.com/media/library/videos/1/hls-1');
    expect([...s3.objects.keys()].sort()).toEqual([
      'library/videos/1/hls-1/master.m3u8',
      'library/videos/1/hls-1/v0/index.m3u8',
      'library/videos/1/hls-1/v0/seg0.ts',
      'library/videos/12/hls-3/master.m3u8',
    ]);
    expect(s3.objects.get('library/videos/1/hls-1/master.m3u8')?.contentType).toBe('application/vnd.apple.mpegurl');
    expect(s3.objects.get('library/videos/1/hls-1/master.m3u8')?.cacheControl).toBe('no-cache');
    expect(s3.objects.get('library/videos/1/hls-1/v0/seg0.ts')?.contentType).toBe('video/mp2t');
    expect(s3.objects.get('library/videos/1/hls-1/v0/seg0.ts')?.body).toEqual(Buffer.alloc(4096, 7));
    expect(s3.requests.length).toBeGreaterThan(0);
    expect(s3.requests.every((r) => r.signed)).toBe(true);

    // Removing a video's folder takes every file under it, not video 12's files.
    await store.remove('library/videos/1');
    expect([...s3.objects.keys()]).toEqual(['library/videos/12/hls-3/master.m3u8']);
  });

  it('fails loudly, storing nothing, when the store refuses the keys', async () => {
    const file = join(dir, 'refused.webp');
    await writeFile(file, 'x');
    await expect(
      storage({ secretAccessKey: 'not-the-secret-0123456789abcdefghijklmnopq' }).putFile('library/x.webp', file),
    ).rejects.toThrow(/signature/i);
    expect(s3.objects.size).toBe(0);
    expect(s3.requests.some((r) => !r.signed)).toBe(true);
  });

  it('refuses keys that could leave the media folder', async () => {
    const store = storage();
    expect(() => store.urlOf('../secrets')).toThrow(/Unsafe/);
    await expect(store.remove('/library')).rejects.toThrow(/Unsafe/);
    expect(s3.requests).toHaveLength(0);
  });

  it('derives the public address from the endpoint when none is given', () => {
    const base = { ...storageConfigFor(s3), endpoint: null, forcePathStyle: false, region: 'eu-west-3' };
    expect(S3MediaStorage.defaultPublicBase(base)).toBe(`https://${s3.bucket}.s3.eu-west-3.amazonaws.com`);
    expect(
      S3MediaStorage.defaultPublicBase({ ...base, endpoint: 'https://s3.example.net', forcePathStyle: false }),
    ).toBe(`https://${s3.bucket}.s3.example.net`);
  });
});

describe('choosing the media storage from the environment', () => {
  it('keeps the local folder unless MEDIA_S3_BUCKET is set', () => {
    expect(s3StorageConfigFromEnv({})).toBeNull();
    expect(
      s3StorageConfigFromEnv({
        MEDIA_S3_BUCKET: 'media',
        MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        MEDIA_S3_ACCESS_KEY_ID: 'key',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_S3_PUBLIC_URL: 'https://cdn.example.com/',
      }),
    ).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      publicUrl: 'https://cdn.example.com',
      forcePathStyle: true,
    });
    expect(s3StorageConfigFromEnv({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_REGION: 'eu-west-1' })).toMatchObject({
      region: 'eu-west-1',
      endpoint: null,
      accessKeyId: null,
      forcePathStyle: false,
    });
  });

  it('refuses a half-configured store at start instead of silently keeping media local', () => {
    expect(() => s3StorageConfigFromEnv({ MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'MEDIA_S3_BUCKET is required when MEDIA_S3_ENDPOINT is set',
    );
    expect(() => s3StorageConfigFromEnv({ MEDIA_S3_BUCKET: 'm', MEDIA_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'Set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither',
    );
    expect(() => s3StorageConfigFromEnv({ MEDIA_S3_BUCKET: 'm', MEDIA_S3_PUBLIC_URL: 'cdn.example.com' })).toThrow(
      'MEDIA_S3_PUBLIC_URL must be an http(s) address',
    );
    expect(() => s3StorageConfigFromEnv({ MEDIA_S3_BUCKET: 'm', MEDIA_S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'MEDIA_S3_FORCE_PATH_STYLE must be true or false',
    );
  });

  it('uses the local folder when the app is configured without a store', () => {
    expect(mediaStorageFor({ mediaRoot: dirOf('media'), mediaStorage: null }).urlOf('a/b.webp')).toBe(
      '/media/a/b.webp',
    );
  });
});

const dirOf = (name: string) => join(tmpdir(), name);

describe('an image uploaded through the media library with a store configured', () => {
  let s3: SignedS3Server;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startSignedS3Server();
    // The store is part of the app's configuration, as configFromEnv would build it from MEDIA_S3_*.
    const overrides = { logger: false, mediaStorage: storageConfigFor(s3, { publicUrl: 'https://media.example.com' }) };
    t = await createTestApp('sqlite', overrides as ConfigOverrides);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('lands in the bucket as WebP and the library answers its public address', async () => {
    const cast = await signUpCast(t);
    const staff = bearer(cast.staff.access);
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#225588' } })
      .png()
      .toBuffer();
    const { started, patch } = tusClient(
      () => t.app,
      () => staff,
    );
    const location = await started(png.length, { filename: 'banner.png', kind: 'image' });
    const done = await patch(location, 0, png);
    expect(done.statusCode).toBe(204);
    const assetId = Number(done.headers['media-asset-id']);
    const asset = (await call(t.app, { url: `/api/admin/media/${assetId}/`, headers: staff })).json();

    // The store also holds the tus upload's own objects; the image is the one under library/.
    const [key, ...others] = [...s3.objects.keys()].filter((name) => name.startsWith('library/'));
    expect(others).toEqual([]);
    expect(key).toMatch(/^library\/images\/[0-9a-f-]{36}\.webp$/);
    expect(asset.url).toBe(`https://media.example.com/${key}`);
    expect(s3.objects.get(key as string)?.contentType).toBe('image/webp');
    expect(
      s3.objects
        .get(key as string)
        ?.body.subarray(8, 12)
        .toString(),
    ).toBe('WEBP');
    expect(s3.requests.every((r) => r.signed)).toBe(true);
    const listed = (await call(t.app, { url: '/api/admin/media/?kind=image', headers: staff })).json();
    expect(listed.results[0].url).toBe(asset.url);
  });
});
