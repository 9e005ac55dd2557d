import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { MAX_UPLOAD_BYTES } from '../../../src/domains/media/content-sniffing';
import { tusUploadsOf } from '../../../src/domains/media/tus-uploads';
import { databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';
import { call, demoEpisodeId, FTYP, makeClip, metadata, sameBytes, storedSource, TUS, tusClient } from './tus-client';

jest.setTimeout(120_000);

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(databaseKinds())('resumable video uploads over tus (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let episodeId: number;
  const staff = () => bearer(cast.staff.access);
  const { start, patch, head, started, resumeAfterDrop, waitForJob } = tusClient(() => t.app, staff);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
    episodeId = await demoEpisodeId(t, 2);
  });
  afterAll(() => t.close());

  const sourceOf = (assetId: number) => storedSource(t, assetId);

  it('takes a video in several PATCHes, converts it and attaches it to the episode', async () => {
    const clip = makeClip(t.dir);
    const location = await started(clip.length, { filename: 'ep2.mp4', episode_id: String(episodeId) });
    const third = Math.ceil(clip.length / 3);
    let offset = 0;
    let last = await patch(location, 0, clip.subarray(0, third));
    for (const end of [third, 2 * third]) {
      expect(last.statusCode).toBe(204);
      offset = Number(last.headers['upload-offset']);
      expect(offset).toBe(end);
      last = await patch(location, offset, clip.subarray(offset, Math.min(clip.length, end + third)));
    }
    expect(last.statusCode).toBe(204);
    expect(Number(last.headers['upload-offset'])).toBe(clip.length);
    const assetId = Number(last.headers['media-asset-id']);
    const jobId = Number(last.headers['media-job-id']);
    expect(assetId).toBeGreaterThan(0);
    expect(sameBytes(await sourceOf(assetId), clip)).toBe(true);

    const job = await waitForJob(jobId, (s) => s === 'done' || s === 'failed');
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    const asset = (await call(t.app, { url: `/api/admin/media/${assetId}/`, headers: staff() })).json();
    expect(asset).toEqual(expect.objectContaining({ status: 'ready', renditions: 2, original_name: 'ep2.mp4' }));
    const edited = (await call(t.app, { url: `/api/admin/episodes/${episodeId}/`, headers: staff() })).json();
    expect(edited.hls_url).toBe(asset.hls_url);
    // The parts are gone once the source is with the converter.
    expect((await head(location)).statusCode).toBe(404);
  });

  it('resumes after the connection drops in the middle of a PATCH and ends with identical bytes', async () => {
    const { sent, stored } = await resumeAfterDrop(sourceOf);
    expect(sameBytes(stored, sent)).toBe(true);
  });

  it('refuses anybody but staff, and browsers on other origins, before storing a byte', async () => {
    const fields = { filename: 'pilot.mp4' };
    expect((await start(100, fields, {})).statusCode).toBe(401);
    expect((await start(100, fields, bearer(cast.guest.access))).statusCode).toBe(403);
    expect((await start(100, fields, bearer(cast.viewer.access))).statusCode).toBe(403);
    expect((await start(100, fields, { authorization: 'Bearer stale.token.value' })).statusCode).toBe(401);
    expect((await start(100, fields, { ...staff(), origin: 'https://evil.example' })).statusCode).toBe(403);

    const bytes = Buffer.concat([FTYP, randomBytes(100)]);
    const location = await started(bytes.length);
    expect((await patch(location, 0, bytes, {})).statusCode).toBe(401);
    expect((await patch(location, 0, bytes, bearer(cast.viewer.access))).statusCode).toBe(403);
    expect((await patch(location, 0, bytes, { ...staff(), origin: 'https://evil.example' })).statusCode).toBe(403);
    // Another staff member's upload is not theirs to continue or cancel.
    const other = await start(100, fields, bearer(cast.superuser.access));
    const otherLocation = String(other.headers.location);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', cast.viewer.user.id).execute();
    expect((await patch(otherLocation, 0, bytes, bearer(cast.viewer.access))).statusCode).toBe(403);
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: otherLocation,
          headers: { ...bearer(cast.viewer.access), 'tus-resumable': '1.0.0' },
        })
      ).statusCode,
    ).toBe(403);
    await t.ctx.db.updateTable('users').set({ is_staff: false }).where('id', '=', cast.viewer.user.id).execute();

    const state = await head(location);
    expect(state.statusCode).toBe(200);
    expect(state.headers['upload-offset']).toBe('0');
  });

  it('refuses a file that is not a video by its first bytes, with a clear message, and drops it', async () => {
    const bytes = Buffer.concat([PNG_HEADER, randomBytes(1000)]);
    const location = await started(bytes.length, { filename: 'trailer.mp4' });
    const refused = await patch(location, 0, bytes);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('This file is not a video we accept. Upload MP4, MOV, WebM or MKV.');
    expect((await head(location)).statusCode).toBe(404);
  });

  it('refuses forged and oversized lengths, unknown episodes, nameless files and names with a NUL', async () => {
    const name = { filename: 'a.mp4' };
    expect((await start(MAX_UPLOAD_BYTES.video + 1, name)).statusCode).toBe(413);
    expect((await start('abc', name)).statusCode).toBe(400);
    expect((await start('-5', name)).statusCode).toBe(400);
    expect((await start('1e3', name)).statusCode).toBe(400);
    expect((await start(100, {})).statusCode).toBe(400);
    expect((await start(100, { filename: 'a\u0000.mp4' })).statusCode).toBe(400);
    expect((await start(100, { filename: 'a.mp4', episode_id: '999999' })).statusCode).toBe(404);
    expect((await start(100, { filename: 'a.mp4', episode_id: '1 OR 1=1' })).statusCode).toBe(400);
    const deferred = await call(t.app, {
      method: 'POST',
      url: TUS,
      headers: { ...staff(), 'tus-resumable': '1.0.0', 'upload-defer-length': '1', 'upload-metadata': metadata(name) },
    });
    expect(deferred.statusCode).toBeGreaterThanOrEqual(400);
    expect(deferred.statusCode).toBeLessThan(500);
    // More bytes than announced are not taken.
    const location = await started(50);
    const tooMany = await patch(location, 0, Buffer.concat([FTYP, randomBytes(100)]));
    expect(tooMany.statusCode).toBe(413);
    expect((await head(location)).headers['upload-offset']).toBe('0');
  });

  it('lets an abandoned upload expire and deletes its parts', async () => {
    const bytes = Buffer.concat([FTYP, randomBytes(5000)]);
    const location = await started(bytes.length * 2, { filename: 'abandoned.mp4' });
    expect((await patch(location, 0, bytes)).statusCode).toBe(204);
    const uploads = tusUploadsOf(t.ctx);
    const id = location.split('/').pop() as string;
    const directory = uploads?.directory as string;
    expect(existsSync(join(directory, id))).toBe(true);
    // Started two days ago and never finished.
    const info = join(directory, `${id}.json`);
    const stored = JSON.parse(readFileSync(info, 'utf8'));
    writeFileSync(
      info,
      JSON.stringify({ ...stored, creation_date: new Date(Date.now() - 2 * 86_400_000).toISOString() }),
    );
    expect([404, 410]).toContain((await head(location)).statusCode);

    expect(await uploads?.expireAbandoned()).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(directory, id))).toBe(false);
    expect(existsSync(info)).toBe(false);
    expect((await head(location)).statusCode).toBe(404);
  });
});
