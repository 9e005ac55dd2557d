/**
 * A tus client for the API tests, speaking the protocol by hand so each request is visible: start an
 * upload, send bytes from an offset, ask how much arrived, and cut a connection half-way through a PATCH.
 * Shared by the resumable-upload tests of the file store and of the S3 store.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { sourcePath } from '../../../src/domains/media/upload-staging';
import { episodeIdOf } from '../../support/fixtures';
import { type CallOptions, listenOnFreePort, call as plainCall } from '../../support/http';
import type { TestApp } from '../../support/test-app';

export { makeClip } from '../../support/clips';

export const TUS = '/api/admin/media/tus/';
/** An MP4 signature followed by noise: a video by its first bytes, without a long encode. */
export const FTYP = Buffer.from('0000001866747970697336d0000000000069736f6d', 'hex');

/** Same bytes, compared without jest walking megabytes one element at a time. */
export const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && a.equals(b);

/** A request whose failure names itself (a reset connection otherwise says only ECONNRESET). */
export async function call(app: TestApp['app'], options: CallOptions) {
  try {
    // A fresh connection each time: a kept-alive socket the server closed after a dropped upload would
    // fail the next request with a reset that says nothing about the rule under test.
    return await plainCall(app, { ...options, headers: { ...options.headers, connection: 'close' } });
  } catch (error) {
    throw new Error(`${options.method ?? 'GET'} ${options.url} ${JSON.stringify(options.headers)}: ${error}`);
  }
}

export const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** The tus calls of one app, sent with `headers()` (the staff member's bearer token) unless told otherwise. */
export function tusClient(app: () => TestApp['app'], headers: () => Record<string, string>) {
  const start = (size: number | string, fields: Record<string, string>, sent: Record<string, string> = headers()) =>
    call(app(), {
      method: 'POST',
      url: TUS,
      headers: {
        ...sent,
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': metadata(fields),
      },
    });
  const patch = (location: string, offset: number, body: Buffer, sent: Record<string, string> = headers()) =>
    call(app(), {
      method: 'PATCH',
      url: location,
      headers: {
        ...sent,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body,
    });
  const head = (location: string, sent: Record<string, string> = headers()) =>
    call(app(), { method: 'HEAD', url: location, headers: { ...sent, 'tus-resumable': '1.0.0' } });

  async function started(size: number, fields: Record<string, string> = { filename: 'pilot.mp4' }) {
    const answer = await start(size, fields);
    expect(answer.statusCode).toBe(201);
    const location = String(answer.headers.location);
    expect(location).toMatch(/^\/api\/admin\/media\/tus\/[0-9a-f]{32}$/);
    return location;
  }

  /** Sends the first half of `bytes` from offset 0, then cuts the connection without finishing the body. */
  async function dropHalfway(location: string, bytes: Buffer) {
    const port = await listenOnFreePort(app());
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...headers(),
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(bytes.subarray(0, bytes.length / 2), () => setTimeout(() => req.destroy(), 300));
      req.on('close', () => resolve());
    });
  }

  /** What the browser does after a drop: asks how much arrived (waiting for the server to note it). */
  async function arrivedOffset(location: string): Promise<number> {
    let offset = -1;
    for (let i = 0; i < 50; i += 1) {
      const state = await head(location);
      if (state.statusCode === 200) {
        offset = Number(state.headers['upload-offset']);
        if (offset > 0) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return offset;
  }

  async function waitForJob(jobId: number, until: (status: string) => boolean) {
    for (let i = 0; i < 600; i += 1) {
      const jobs = (await call(app(), { url: '/api/admin/media/jobs/', headers: headers() })).json().results;
      const job = jobs.find((j: { id: number }) => j.id === jobId);
      if (job && until(job.status)) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${jobId} never finished`);
  }

  /**
   * The whole story of a dropped upload: half the file is written, the connection is cut without
   * finishing the body, the browser asks how much arrived and sends only the rest. Answers the finished
   * upload's stored source, to compare with what was sent.
   */
  async function resumeAfterDrop(sourceOf: (assetId: number) => Promise<Buffer>) {
    const bytes = Buffer.concat([FTYP, randomBytes(3 * 1024 * 1024)]);
    const location = await started(bytes.length, { filename: 'dropped.mp4' });
    await dropHalfway(location, bytes);
    const offset = await arrivedOffset(location);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(bytes.length / 2);
    const rest = await patch(location, offset, bytes.subarray(offset));
    expect(rest.statusCode).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(bytes.length);
    return { sent: bytes, stored: await sourceOf(Number(rest.headers['media-asset-id'])) };
  }

  return { start, patch, head, started, dropHalfway, arrivedOffset, waitForJob, resumeAfterDrop };
}

/** The stored source of a finished upload's media asset, to compare with the bytes sent. */
export async function storedSource(t: TestApp, assetId: number): Promise<Buffer> {
  const asset = await t.ctx.db
    .selectFrom('media_assets')
    .selectAll()
    .where('id', '=', assetId)
    .executeTakeFirstOrThrow();
  return readFileSync(sourcePath(t.ctx.config, asset.source_key as string));
}

/** The id of episode `number` of the first demo series. */
export const demoEpisodeId = (t: TestApp, number: number) => episodeIdOf(t.ctx, 1, number);
