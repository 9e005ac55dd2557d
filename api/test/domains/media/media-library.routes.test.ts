import { randomBytes } from 'node:crypto';
import { seedDemoCatalogue } from '../../../src/demo/seed-demo-catalogue';
import { MediaJobQueue } from '../../../src/domains/media/media-jobs';
import { mediaStorageFor } from '../../../src/domains/media/media-storage';
import { playbackAddresses } from '../../../src/domains/media/playback-addresses';
import { CHUNK_SIZE } from '../../../src/domains/media/uploads.service';
import { makeClip } from '../../support/clips';
import { databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';

jest.setTimeout(120_000);

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(databaseKinds())('media library (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  const staff = () => bearer(cast.staff.access);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  const create = (payload: object) =>
    call(t.app, { method: 'POST', url: '/api/admin/uploads/', headers: staff(), payload });
  const chunk = (id: string, n: number, body: Buffer, headers: Record<string, string> = staff()) =>
    call(t.app, {
      method: 'PUT',
      url: `/api/admin/uploads/${id}/chunks/${n}`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body,
    });
  const complete = (id: string) =>
    call(t.app, { method: 'POST', url: `/api/admin/uploads/${id}/complete/`, headers: staff() });

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

  it('refuses PNG bytes sent as an .mp4 video, by content, and stores nothing', async () => {
    const bytes = Buffer.concat([PNG_HEADER, randomBytes(1000)]);
    const upload = (
      await create({ filename: 'trailer.mp4', size: bytes.length, kind: 'video', content_type: 'video/mp4' })
    ).json();
    const refused = await chunk(upload.upload_id, 0, bytes);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toMatch(/not a video we accept/);
    const state = (await call(t.app, { url: `/api/admin/uploads/${upload.upload_id}/`, headers: staff() })).json();
    expect(state.received).toEqual([]);
    expect((await complete(upload.upload_id)).statusCode).toBe(409);
  });

  it('refuses oversized files, oversized chunks and non-staff chunk senders', async () => {
    expect((await create({ filename: 'huge.png', size: 26 * 1024 * 1024, kind: 'image' })).statusCode).toBe(413);
    const upload = (await create({ filename: 'a.mp4', size: CHUNK_SIZE * 2, kind: 'video' })).json();
    expect((await chunk(upload.upload_id, 0, Buffer.alloc(CHUNK_SIZE + 10))).statusCode).toBe(413);
    expect((await chunk(upload.upload_id, 0, Buffer.alloc(10))).statusCode).toBe(400);
    expect((await chunk(upload.upload_id, 0, Buffer.alloc(10), bearer(cast.viewer.access))).statusCode).toBe(403);
    expect((await chunk(upload.upload_id, 0, Buffer.alloc(10), {})).statusCode).toBe(401);
  });

  it('uploads by chunks, tells which chunks it has, and resumes after a drop', async () => {
    // An MP4 signature followed by noise: enough to exercise chunking without a long encode.
    const ftyp = Buffer.from('0000001866747970697336d0000000000069736f6d', 'hex');
    const bytes = Buffer.concat([ftyp, randomBytes(CHUNK_SIZE + 1234 - ftyp.length)]);
    const created = await create({ filename: 'long.mp4', size: bytes.length, kind: 'video' });
    expect(created.statusCode).toBe(201);
    const upload = created.json();
    expect(upload).toEqual(expect.objectContaining({ chunk_size: CHUNK_SIZE, total_chunks: 2, received: [] }));
    expect((await chunk(upload.upload_id, 0, bytes.subarray(0, CHUNK_SIZE))).json().received).toEqual([0]);
    // The connection drops here; later the browser asks what arrived and sends only the rest.
    const state = (await call(t.app, { url: `/api/admin/uploads/${upload.upload_id}/`, headers: staff() })).json();
    expect(state.received).toEqual([0]);
    expect((await complete(upload.upload_id)).json().missing).toEqual([1]);
    expect((await chunk(upload.upload_id, 1, bytes.subarray(CHUNK_SIZE))).json().received).toEqual([0, 1]);
    const done = await complete(upload.upload_id);
    expect(done.statusCode).toBe(200);
    expect(done.json().asset).toEqual(
      expect.objectContaining({ kind: 'video', status: 'processing', size: bytes.length }),
    );
    // Noise is no video: the job fails with a message staff can read, visible in the job list.
    const job = await waitForJob(done.json().job_id, (s) => s === 'failed', new Set());
    expect(job.error).toMatch(/could not be (converted|processed)/);
    // A second completion (a lost answer, retried) answers the same asset.
    expect((await complete(upload.upload_id)).json().asset.id).toBe(done.json().asset.id);
  });

  it('transcodes a real MP4 to HLS with two renditions and attaches it to the episode', async () => {
    const clip = makeClip(t.dir);
    const episode = await t.ctx.db
      .selectFrom('episodes')
      .select('id')
      .where('series_id', '=', 1)
      .where('episode_number', '=', 3)
      .executeTakeFirstOrThrow();
    const upload = (
      await create({ filename: 'ep3.mp4', size: clip.length, kind: 'video', episode_id: episode.id })
    ).json();
    expect((await chunk(upload.upload_id, 0, clip)).statusCode).toBe(200);
    const done = (await complete(upload.upload_id)).json();
    const seen = new Set<string>(['queued']);
    const job = await waitForJob(done.job_id, (s) => s === 'done' || s === 'failed', seen);
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    expect(job.progress).toBe(1);
    expect(seen).toEqual(new Set(['queued', 'running', 'done']));

    const asset = (await call(t.app, { url: `/api/admin/media/${done.asset.id}/`, headers: staff() })).json();
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
    const upload = (await create({ filename: 'again.mp4', size: clip.length, kind: 'video' })).json();
    await chunk(upload.upload_id, 0, clip);
    const done = (await complete(upload.upload_id)).json();
    // As if a process that crashed had claimed the job an hour ago (the app's own queue may have it already).
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await t.ctx.db
      .updateTable('media_jobs')
      .set({ status: 'running', started_at: hourAgo, updated_at: hourAgo })
      .where('id', '=', done.job_id)
      .where('status', '=', 'queued')
      .execute();
    const restarted = new MediaJobQueue(t.ctx, mediaStorageFor(t.ctx.config));
    await restarted.start();
    try {
      const job = await waitForJob(done.job_id, (s) => s === 'done' || s === 'failed', new Set());
      expect(job.status).toBe('done');
    } finally {
      await restarted.stop();
    }
  });

  it('discards an unfinished upload with its parts, and keeps finished ones', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const discard = (id: string, headers = staff()) =>
      call(t.app, { method: 'DELETE', url: `/api/admin/uploads/${id}/`, headers });
    const open = (await create({ filename: 'half.png', size: png.length, kind: 'image' })).json();
    await chunk(open.upload_id, 0, png);
    expect((await discard(open.upload_id, bearer(cast.viewer.access))).statusCode).toBe(403);
    expect((await discard(open.upload_id)).statusCode).toBe(204);
    expect((await call(t.app, { url: `/api/admin/uploads/${open.upload_id}/`, headers: staff() })).statusCode).toBe(
      404,
    );
    expect((await complete(open.upload_id)).statusCode).toBe(404);
    expect((await discard(open.upload_id)).statusCode).toBe(404);

    const done = (await create({ filename: 'whole.png', size: png.length, kind: 'image' })).json();
    await chunk(done.upload_id, 0, png);
    expect((await complete(done.upload_id)).statusCode).toBe(200);
    const refused = await discard(done.upload_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/already finished/);
  });

  it('stores an uploaded image as WebP within 1920×1080', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const upload = (await create({ filename: 'poster.png', size: png.length, kind: 'image' })).json();
    await chunk(upload.upload_id, 0, png);
    const done = (await complete(upload.upload_id)).json();
    expect(done.job_id).toBeNull();
    expect(done.asset).toEqual(
      expect.objectContaining({
        kind: 'image',
        status: 'ready',
        content_type: 'image/webp',
        width: 1620,
        height: 1080,
      }),
    );
    const served = await call(t.app, { url: new URL(done.asset.url).pathname });
    expect(served.headers['content-type']).toBe('image/webp');
  });
});
