/**
 * The media library: a video sent over tus is converted to HLS and attached to its episode, a job that
 * cannot convert says why, a job interrupted by a restart is picked up again, and an image sent over
 * the same tus endpoint is stored at once as WebP, with the upload rules (staff only, size and type
 * limits, clear refusals, cancellable) holding for images as for videos.
 */
import { randomBytes } from 'node:crypto';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { MAX_UPLOAD_BYTES } from '../../../src/domains/media/content-sniffing';
import { MediaJobQueue } from '../../../src/domains/media/media-jobs';
import { mediaStorageFor } from '../../../src/domains/media/media-storage';
import { playbackAddresses } from '../../../src/domains/media/playback-addresses';
import { type DatabaseKind, databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';
import { call, FTYP, makeClip, tusClient } from './tus-client';

jest.setTimeout(120_000);

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TestApp;
let cast: Cast;
const staff = () => bearer(cast.staff.access);

/** The tus calls of the staff member. */
const { start, patch, head, started } = tusClient(() => t.app, staff);

/** Sends a whole file in one PATCH and answers the finishing PATCH. */
async function upload(bytes: Buffer, fields: Record<string, string>) {
  const location = await started(bytes.length, fields);
  return { location, answer: await patch(location, 0, bytes) };
}
const assetOf = async (answer: { headers: Record<string, unknown> }) =>
  (
    await call(t.app, { url: `/api/admin/media/${Number(answer.headers['media-asset-id'])}/`, headers: staff() })
  ).json();
const pngOf = async (width: number, height: number) => {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
};

async function waitForJob(jobId: number, until: (status: string) => boolean, seen: Set<string>) {
  for (let i = 0; i < 400; i += 1) {
    const jobs = (await call(t.app, { url: '/api/admin/media/jobs/', headers: staff() })).json().results;
    const job = jobs.find((j: { id: number }) => j.id === jobId);
    seen.add(job.status);
    if (until(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} never finished`);
}

/** A fresh app with the demo catalogue and its cast, for the tests of one describe block. */
function withLibraryApp(kind: DatabaseKind) {
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());
}

describe.each(databaseKinds())('videos in the media library (%s)', (kind) => {
  withLibraryApp(kind);

  it('fails the job of a file that is a video only by its first bytes, with a message staff can read', async () => {
    const bytes = Buffer.concat([FTYP, randomBytes(64 * 1024)]);
    const { answer } = await upload(bytes, { filename: 'long.mp4' });
    expect(answer.statusCode).toBe(204);
    expect(await assetOf(answer)).toEqual(
      expect.objectContaining({ kind: 'video', status: 'processing', size: bytes.length }),
    );
    const job = await waitForJob(Number(answer.headers['media-job-id']), (s) => s === 'failed', new Set());
    expect(job.error).toMatch(/could not be (converted|processed)/);
  });

  it('transcodes a real MP4 to HLS with two renditions and attaches it to the episode', async () => {
    const clip = makeClip(t.dir);
    const episode = await t.ctx.db
      .selectFrom('episodes')
      .select('id')
      .where('series_id', '=', 1)
      .where('episode_number', '=', 3)
      .executeTakeFirstOrThrow();
    const { answer } = await upload(clip, { filename: 'ep3.mp4', episode_id: String(episode.id) });
    expect(answer.statusCode).toBe(204);
    const seen = new Set<string>(['queued']);
    const job = await waitForJob(Number(answer.headers['media-job-id']), (s) => s === 'done' || s === 'failed', seen);
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    expect(job.progress).toBe(1);
    expect(seen).toEqual(new Set(['queued', 'running', 'done']));

    const asset = await assetOf(answer);
    expect(asset).toEqual(expect.objectContaining({ status: 'ready', renditions: 2 }));
    // The video sits under a folder nobody can guess and is never public; the images sit elsewhere.
    const masterPath = new URL(asset.hls_url).pathname;
    expect(masterPath).toMatch(/^\/media\/library\/videos\/[0-9a-f-]{36}\/master\.m3u8$/);
    expect((await call(t.app, { url: masterPath })).statusCode).toBe(404);
    for (const image of [asset.poster_url, asset.thumbnail_url]) {
      const path = new URL(image).pathname;
      expect(path).toMatch(/^\/media\/library\/images\/[0-9a-f-]{36}\.jpg$/);
      expect((await call(t.app, { url: path })).statusCode).toBe(200);
    }
    // A viewer who may watch plays it through a signed address.
    const row = await t.ctx.db
      .selectFrom('episodes')
      .selectAll()
      .where('id', '=', episode.id)
      .executeTakeFirstOrThrow();
    const signed = new URL(playbackAddresses(t.ctx, row, 1).hls_url as string);
    const master = await call(t.app, { url: `${signed.pathname}${signed.search}` });
    expect(master.statusCode).toBe(200);
    expect(master.body.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);

    // The episode now plays the new package (viewers get hls_url once they may watch; staff see it here).
    const edited = (await call(t.app, { url: `/api/admin/episodes/${episode.id}/`, headers: staff() })).json();
    expect(edited).toEqual(
      expect.objectContaining({ hls_url: asset.hls_url, thumbnail: asset.thumbnail_url, duration: 2 }),
    );
  });

  it('picks up a job that was running when the server stopped', async () => {
    const clip = makeClip(t.dir);
    const { answer } = await upload(clip, { filename: 'again.mp4' });
    const jobId = Number(answer.headers['media-job-id']);
    // As if a process that crashed had claimed the job an hour ago (the app's own queue may have it already).
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await t.ctx.db
      .updateTable('media_jobs')
      .set({ status: 'running', started_at: hourAgo, updated_at: hourAgo })
      .where('id', '=', jobId)
      .where('status', '=', 'queued')
      .execute();
    const restarted = new MediaJobQueue(t.ctx, mediaStorageFor(t.ctx.config));
    await restarted.start();
    try {
      const job = await waitForJob(jobId, (s) => s === 'done' || s === 'failed', new Set());
      expect(job.status).toBe('done');
    } finally {
      await restarted.stop();
    }
  });
});

describe.each(databaseKinds())('images uploaded over tus (%s)', (kind) => {
  withLibraryApp(kind);

  it('stores an image uploaded over tus as WebP within 1920×1080, ready at once', async () => {
    const png = await pngOf(3000, 2000);
    const { answer } = await upload(png, { filename: 'poster.png', kind: 'image' });
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['media-job-id']).toBeUndefined();
    const asset = await assetOf(answer);
    expect(asset).toEqual(
      expect.objectContaining({
        kind: 'image',
        status: 'ready',
        original_name: 'poster.png',
        content_type: 'image/webp',
        width: 1620,
        height: 1080,
      }),
    );
    const served = await call(t.app, { url: new URL(asset.url).pathname });
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('takes an image in several PATCHes and resumes from what arrived', async () => {
    const png = await pngOf(400, 300);
    const location = await started(png.length, { filename: 'parts.png', kind: 'image' });
    const half = Math.ceil(png.length / 2);
    expect((await patch(location, 0, png.subarray(0, half))).statusCode).toBe(204);
    // The browser asks how much arrived and sends the rest from there.
    const offset = Number((await head(location)).headers['upload-offset']);
    expect(offset).toBe(half);
    const last = await patch(location, offset, png.subarray(offset));
    expect(last.statusCode).toBe(204);
    expect(await assetOf(last)).toEqual(expect.objectContaining({ kind: 'image', width: 400, height: 300 }));
  });

  it('refuses an image upload from anybody but staff, over 25 MB, or attached to an episode', async () => {
    const image = { filename: 'a.png', kind: 'image' };
    expect((await start(100, image, {})).statusCode).toBe(401);
    expect((await start(100, image, bearer(cast.viewer.access))).statusCode).toBe(403);
    const huge = await start(MAX_UPLOAD_BYTES.image + 1, image);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('This image is too large: the limit is 25 MB');
    const attached = await start(100, { ...image, episode_id: '1' });
    expect(attached.statusCode).toBe(400);
    expect(attached.json().message).toBe('Only a video can be attached to an episode');
  });

  it('refuses a video sent as an image by its first bytes, with a clear message, and drops it', async () => {
    const bytes = Buffer.concat([FTYP, randomBytes(1000)]);
    const location = await started(bytes.length, { filename: 'poster.png', kind: 'image' });
    const refused = await patch(location, 0, bytes);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('This file is not a image we accept. Upload JPEG, PNG or WebP.');
    expect((await head(location)).statusCode).toBe(404);
  });

  it('refuses an image that cannot be decoded once it has all arrived, and keeps nothing', async () => {
    const before = (await call(t.app, { url: '/api/admin/media/?kind=image', headers: staff() })).json().count;
    const { location, answer } = await upload(Buffer.concat([PNG_HEADER, randomBytes(2000)]), {
      filename: 'broken.png',
      kind: 'image',
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toMatch(/could not be read/);
    expect((await head(location)).statusCode).toBe(404);
    expect((await call(t.app, { url: '/api/admin/media/?kind=image', headers: staff() })).json().count).toBe(before);
  });

  it('cancels an unfinished image upload with its parts; a finished one stays in the library', async () => {
    const png = await pngOf(64, 64);
    const cancel = (location: string, headers = staff()) =>
      call(t.app, { method: 'DELETE', url: location, headers: { ...headers, 'tus-resumable': '1.0.0' } });
    const open = await started(png.length, { filename: 'half.png', kind: 'image' });
    expect((await patch(open, 0, png.subarray(0, 100))).statusCode).toBe(204);
    expect((await cancel(open, bearer(cast.viewer.access))).statusCode).toBe(403);
    expect((await cancel(open)).statusCode).toBe(204);
    expect((await head(open)).statusCode).toBe(404);

    const { location, answer } = await upload(png, { filename: 'whole.png', kind: 'image' });
    expect([404, 410]).toContain((await cancel(location)).statusCode);
    expect((await assetOf(answer)).status).toBe('ready');
  });
});
