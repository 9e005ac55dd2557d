/**
 * Resumable uploads with an S3-compatible store behind them (MEDIA_S3_*): the same tus protocol, with the
 * parts held as an S3 multipart upload instead of files in the staging folder. The store is
 * `signed-s3-server.ts`, which checks every request's signature from the bytes it received, so a part
 * the store library signed or framed wrongly fails here as it would on S3.
 */
import { randomBytes } from 'node:crypto';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { tusUploadsOf } from '../../../src/domains/media/tus-uploads';
import { smallCatalogue } from '../../support/fixtures';
import { bearer, type ConfigOverrides, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';
import { type SignedS3Server, startSignedS3Server, storageConfigFor } from './signed-s3-server';
import { call, demoEpisodeId, FTYP, makeClip, sameBytes, storedSource, tusClient } from './tus-client';

jest.setTimeout(120_000);

describe('resumable video uploads over tus with an S3-compatible store', () => {
  let s3: SignedS3Server;
  let t: TestApp;
  let cast: Cast;
  let episodeId: number;
  // The store's clock: moved back to start an upload "two days ago".
  let storeNow = () => new Date();
  const staff = () => bearer(cast.staff.access);
  const { patch, started, resumeAfterDrop, waitForJob } = tusClient(() => t.app, staff);

  beforeAll(async () => {
    s3 = await startSignedS3Server({ now: () => storeNow() });
    t = await createTestApp('sqlite', { mediaStorage: storageConfigFor(s3) } as ConfigOverrides);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
    episodeId = await demoEpisodeId(t, 3);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const sourceOf = (assetId: number) => storedSource(t, assetId);
  const signedRequests = () => s3.requests.filter((r) => !r.url.includes('X-Amz-Signature'));

  it('keeps the parts in the store, converts the finished video and attaches it to the episode', async () => {
    const clip = makeClip(t.dir);
    const location = await started(clip.length, { filename: 'ep3.mp4', episode_id: String(episodeId) });
    const id = location.split('/').pop() as string;
    // The upload is a multipart upload in the store, with its description beside it.
    expect([...s3.uploads.values()].map((u) => u.key)).toContain(id);
    expect(s3.objects.has(`${id}.info`)).toBe(true);

    const half = Math.ceil(clip.length / 2);
    const first = await patch(location, 0, clip.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(Number(first.headers['upload-offset'])).toBe(half);
    const last = await patch(location, half, clip.subarray(half));
    expect(last.statusCode).toBe(204);
    expect(Number(last.headers['upload-offset'])).toBe(clip.length);
    expect(sameBytes(await sourceOf(Number(last.headers['media-asset-id'])), clip)).toBe(true);

    const job = await waitForJob(Number(last.headers['media-job-id']), (s) => s === 'done' || s === 'failed');
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    const edited = (await call(t.app, { url: `/api/admin/episodes/${episodeId}/`, headers: staff() })).json();
    expect(edited.hls_url).toMatch(/\.m3u8/);
    // Every request to the store carried a signature that held.
    expect(signedRequests().every((r) => r.signed)).toBe(true);
    expect(s3.uploads.size).toBe(0);
  });

  it('resumes after the connection drops in the middle of a PATCH and ends with identical bytes', async () => {
    const { sent, stored } = await resumeAfterDrop(sourceOf);
    expect(sameBytes(stored, sent)).toBe(true);
    expect(signedRequests().every((r) => r.signed)).toBe(true);
  });

  it('lets an abandoned upload expire: its multipart upload is aborted and its objects deleted', async () => {
    storeNow = () => new Date(Date.now() - 2 * 86_400_000);
    const bytes = Buffer.concat([FTYP, randomBytes(5000)]);
    const location = await started(bytes.length * 2, { filename: 'abandoned.mp4' });
    storeNow = () => new Date();
    const id = location.split('/').pop() as string;
    expect((await patch(location, 0, bytes)).statusCode).toBe(204);
    expect(s3.objects.has(`${id}.info`)).toBe(true);

    expect(await tusUploadsOf(t.ctx)?.expireAbandoned()).toBeGreaterThanOrEqual(1);
    expect([...s3.uploads.values()].map((u) => u.key)).not.toContain(id);
    expect(s3.objects.has(`${id}.info`)).toBe(false);
    expect(s3.objects.has(`${id}.part`)).toBe(false);
  });
});
