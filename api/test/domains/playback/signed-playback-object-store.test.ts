/**
 * Signed playback when media lives in an S3-compatible store: the API serves the playlists (rewritten)
 * and every segment, key and init segment is a presigned address of a private object that dies with
 * the grant. The store (signed-s3-server.ts) checks every presigned signature and, like the bucket
 * policy docs/security.md asks for, lets anybody read images only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { mediaStorageFor } from '../../../src/domains/media/media-storage';
import type { S3MediaStorage } from '../../../src/domains/media/s3-media-storage';
import { databaseKinds } from '../../support/databases';
import { episodeIdOf, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { playlistChildren, SEGMENT_BYTES, writeHlsPackage } from '../../support/hls-package';
import { call } from '../../support/http';
import { bearer, type ConfigOverrides, createTestApp, type TestApp } from '../../support/test-app';
import { grantCoins } from '../coins/money-fixtures';
import { type SignedS3Server, startSignedS3Server, storageConfigFor } from '../media/signed-s3-server';

const PREFIX = 'library/videos/3d0f5d6e-8a8e-4f0b-b7b4-0c2b9d7f6a11';

describe.each(databaseKinds())('signed playback from an object store (%s)', (kind) => {
  let t: TestApp;
  let s3: SignedS3Server;
  let clock = Date.now();
  let paid = 0;
  let scratch = '';

  beforeAll(async () => {
    s3 = await startSignedS3Server({ now: () => new Date(clock) });
    const overrides = {
      logger: false,
      accessTokenTtlSeconds: 4 * 3600,
      mediaStorage: storageConfigFor(s3, { publicUrl: 'https://media.example.com' }),
    };
    t = await createTestApp(kind, overrides as ConfigOverrides, { now: () => new Date(clock) });
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    scratch = mkdtempSync(join(tmpdir(), 'cliffhanger-package-'));
    writeHlsPackage(scratch, 'pkg');
    const storage = mediaStorageFor(t.ctx.config);
    const base = await storage.putDirectory(PREFIX, join(scratch, 'pkg'));
    paid = await episodeIdOf(t.ctx, 1, 2);
    await t.ctx.db
      .updateTable('episodes')
      .set({ hls_url: `${base}/master.m3u8` })
      .where('id', '=', paid)
      .execute();
  });
  afterAll(async () => {
    await (mediaStorageFor(t.ctx.config) as S3MediaStorage).destroy();
    await t.close();
    await s3.close();
    rmSync(scratch, { recursive: true, force: true });
  });
  beforeEach(() => {
    clock = Date.now();
  });

  const local = (address: string) => {
    const url = new URL(address, 'http://x.invalid');
    return `${url.pathname}${url.search}`;
  };

  it('keeps every video object private: the store refuses a read without a signature', async () => {
    for (const file of ['master.m3u8', 'v0/index.m3u8', 'v0/seg_000.ts', 'v0/init.mp4', 'key.key']) {
      const response = await fetch(`${s3.endpoint}/${s3.bucket}/${PREFIX}/${file}`);
      expect({ file, status: response.status }).toEqual({ file, status: 403 });
    }
  });

  it('plays a paid episode for the viewer who unlocked it: playlists from the API, segments presigned from the store', async () => {
    const viewer = await signUpGuest(t.app);
    expect(
      (await call(t.app, { url: `/api/episodes/${paid}/stream/`, headers: bearer(viewer.access) })).statusCode,
    ).toBe(403);
    await grantCoins(t.ctx, viewer.user.id, 100);
    await call(t.app, { method: 'POST', url: `/api/episodes/${paid}/unlock/`, headers: bearer(viewer.access) });
    const answer = (await call(t.app, { url: `/api/episodes/${paid}/stream/`, headers: bearer(viewer.access) })).json();
    // The master playlist is the API's, signed for this viewer; never the store's public address.
    expect(answer.hls_url).toMatch(new RegExp(`/media/play/${paid}/master\\.m3u8\\?t=${viewer.user.id}\\.`));
    const master = await call(t.app, { url: local(answer.hls_url) });
    expect(master.statusCode).toBe(200);
    const base = new URL(answer.hls_url, 'http://x.invalid');
    const variants = playlistChildren(master.body);
    expect(variants).toEqual([
      `v0/index.m3u8?t=${base.searchParams.get('t')}`,
      `v1/index.m3u8?t=${base.searchParams.get('t')}`,
    ]);
    const variant = await call(t.app, { url: local(new URL(variants[0] as string, base).href) });
    expect(variant.statusCode).toBe(200);
    const children = playlistChildren(variant.body);
    expect(children).toHaveLength(3);
    for (const child of children) {
      expect(child.startsWith(`${s3.endpoint}/${s3.bucket}/${PREFIX}/`)).toBe(true);
      expect(child).toContain('X-Amz-Signature=');
      expect((await fetch(child)).status).toBe(200);
    }
    const segment = children[2] as string;
    expect(segment).toContain(`${PREFIX}/v0/seg_000.ts?`);
    expect(children[0]).toContain(`${PREFIX}/key.key?`);
    expect(Buffer.from(await (await fetch(segment)).arrayBuffer()).equals(SEGMENT_BYTES)).toBe(true);
    // Within the grant's ten-minute window the same presigned address comes back (caches reuse it).
    const again = await call(t.app, { url: local(new URL(variants[0] as string, base).href) });
    expect(playlistChildren(again.body)).toEqual(children);
    // A client asking the API for a segment is sent to the store.
    const redirected = await call(t.app, {
      url: local(new URL(`v0/seg_000.ts?t=${base.searchParams.get('t')}`, base).href),
    });
    expect(redirected.statusCode).toBe(302);
    expect(String(redirected.headers.location)).toContain(`${PREFIX}/v0/seg_000.ts?`);

    // A tampered presigned address, or one used for another object, is refused by the store.
    const url = new URL(segment);
    const signature = url.searchParams.get('X-Amz-Signature') as string;
    url.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    expect((await fetch(url)).status).toBe(403);
    expect((await fetch(segment.replace('seg_000.ts', 'init.mp4'))).status).toBe(403);
    // When the grant's time is up, so is the presigned address's, and the API's playlists refuse too.
    const expires = Number((base.searchParams.get('t') as string).split('.')[1]);
    clock = expires * 1000 + 1_000;
    expect((await fetch(segment)).status).toBe(403);
    expect((await call(t.app, { url: local(answer.hls_url) })).statusCode).toBe(403);
  });

  it('answers nothing to somebody who may not watch', async () => {
    const other = await signUpGuest(t.app);
    const episode = (await call(t.app, { url: `/api/episodes/${paid}/`, headers: bearer(other.access) })).json();
    expect(episode.hls_url).toBeNull();
    expect((await call(t.app, { url: `/media/play/${paid}/master.m3u8` })).statusCode).toBe(403);
  });

  it('serves the subtitles of a package in the store from the API, through the same grant', async () => {
    const at = new Date(clock).toISOString();
    await t.ctx.db
      .insertInto('episode_subtitles')
      .values({
        episode_id: paid,
        language: 'en',
        label: 'English',
        vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello.\n',
        cues: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const viewer = await signUpGuest(t.app);
    await grantCoins(t.ctx, viewer.user.id, 100);
    await call(t.app, { method: 'POST', url: `/api/episodes/${paid}/unlock/`, headers: bearer(viewer.access) });
    const answer = (await call(t.app, { url: `/api/episodes/${paid}/stream/`, headers: bearer(viewer.access) })).json();
    const base = new URL(answer.hls_url, 'http://x.invalid');
    const grant = base.searchParams.get('t');
    const master = await call(t.app, { url: local(answer.hls_url) });
    expect(playlistChildren(master.body)[0]).toBe(`subtitles/en.m3u8?t=${grant}`);
    const playlist = await call(t.app, { url: local(new URL(`subtitles/en.m3u8?t=${grant}`, base).href) });
    expect(playlist.statusCode).toBe(200);
    // The WebVTT comes from the API, never as a presigned store address.
    expect(playlistChildren(playlist.body)).toEqual([`en.vtt?t=${grant}`]);
    const vtt = await call(t.app, { url: local(new URL(`subtitles/en.vtt?t=${grant}`, base).href) });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toContain('Hello.');
    expect((await call(t.app, { url: `/media/play/${paid}/subtitles/en.vtt` })).statusCode).toBe(403);
  });
});
