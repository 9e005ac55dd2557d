/**
 * Chunked, resumable uploads for the media library.
 *
 *   POST /admin/uploads/               {filename, size, kind, content_type?, episode_id?} → upload id, chunk size
 *   PUT  /admin/uploads/{id}/chunks/{n} raw bytes of chunk n (every chunk but the last is chunk_size long)
 *   GET  /admin/uploads/{id}/           which chunks the server has: a browser resumes from there
 *   POST /admin/uploads/{id}/complete/  assembles, checks the content, stores an image or queues a transcode
 *   DELETE /admin/uploads/{id}/        drops an unfinished upload and the parts received so far
 *
 * Chunks wait in a staging folder beside MEDIA_ROOT (never served). What a file is comes from its
 * bytes: the first chunk is checked as soon as it arrives, the assembled file once more at the end.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { MediaAssetRow, MediaKind, MediaUploadRow, UserRow } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { ACCEPTED_TYPES, SNIFF_BYTES, sniffContent } from './content-sniffing';
import { storeImage } from './stored-images';
import {
  assetWithJob,
  deleteUpload,
  episodeExists,
  findUpload,
  insertAssetWithTranscodeJob,
  insertUpload,
  markUploadComplete,
  receivedChunks,
  recordChunk,
  recordDetectedType,
} from './uploads.repository';

export const CHUNK_SIZE = 5 * 1024 * 1024;
/** The chunk route's own body limit: one chunk and nothing more. */
export const CHUNK_BODY_LIMIT = CHUNK_SIZE;
export const MAX_UPLOAD_BYTES: Record<MediaKind, number> = {
  video: 2 * 1024 * 1024 * 1024,
  image: 25 * 1024 * 1024,
};

/** Staging lives next to MEDIA_ROOT, not inside it, so half-uploaded files are never public. */
export function stagingRoot(config: { mediaRoot: string }): string {
  return resolve(config.mediaRoot, '..', 'media-staging');
}

/** Video sources are kept (for re-transcoding) under the staging root, keyed `sources/<file>`. */
export function sourcePath(config: { mediaRoot: string }, key: string): string {
  return join(stagingRoot(config), key);
}

const chunkDir = (ctx: AppContext, id: string) => join(stagingRoot(ctx.config), 'uploads', id);
const chunkFile = (ctx: AppContext, id: string, n: number) => join(chunkDir(ctx, id), `chunk-${n}`);

export const wrongType = (kind: MediaKind) =>
  new HttpError(415, `This file is not a ${kind} we accept. Upload ${ACCEPTED_TYPES[kind]}.`);

export interface CreateUploadInput {
  filename: string;
  size: number;
  kind: MediaKind;
  content_type?: string;
  episode_id?: number;
}

export async function createUpload(ctx: AppContext, actor: UserRow, input: CreateUploadInput) {
  const max = MAX_UPLOAD_BYTES[input.kind];
  if (input.size > max) {
    throw new HttpError(413, `This ${input.kind} is too large: the limit is ${Math.round(max / 1024 / 1024)} MB`);
  }
  if (input.episode_id !== undefined) {
    if (input.kind !== 'video') throw badRequest('Only a video can be attached to an episode');
    if (!(await episodeExists(ctx.db, input.episode_id))) throw notFound('Episode not found');
  }
  const id = randomUUID();
  const at = nowIso(ctx);
  const row = await insertUpload(ctx.db, {
    id,
    user_id: actor.id,
    kind: input.kind,
    filename: input.filename.slice(0, 255),
    declared_type: input.content_type?.slice(0, 100) ?? null,
    detected_type: null,
    size: input.size,
    chunk_size: CHUNK_SIZE,
    total_chunks: Math.max(1, Math.ceil(input.size / CHUNK_SIZE)),
    status: 'open',
    episode_id: input.episode_id ?? null,
    asset_id: null,
    created_at: at,
    updated_at: at,
  });
  await mkdir(chunkDir(ctx, id), { recursive: true });
  return uploadState(ctx, row);
}

async function uploadRow(ctx: AppContext, id: string): Promise<MediaUploadRow> {
  const row = await findUpload(ctx.db, id);
  if (!row) throw notFound('Upload not found. It may have expired: start the upload again.');
  return row;
}

async function uploadState(ctx: AppContext, row: MediaUploadRow) {
  const received = await receivedChunks(ctx.db, row.id);
  return {
    upload_id: row.id,
    status: row.status,
    kind: row.kind,
    filename: row.filename,
    size: Number(row.size),
    chunk_size: row.chunk_size,
    total_chunks: row.total_chunks,
    received,
    detected_type: row.detected_type,
    episode_id: row.episode_id,
    asset_id: row.asset_id,
  };
}

export async function getUpload(ctx: AppContext, id: string) {
  return uploadState(ctx, await uploadRow(ctx, id));
}

function expectedChunkSize(row: MediaUploadRow, n: number): number {
  const size = Number(row.size);
  return n < row.total_chunks - 1 ? row.chunk_size : size - row.chunk_size * (row.total_chunks - 1);
}

export async function putChunk(ctx: AppContext, id: string, n: number, body: Buffer) {
  const row = await uploadRow(ctx, id);
  if (row.status !== 'open') throw new HttpError(409, 'This upload is already finished');
  if (n >= row.total_chunks) throw badRequest(`This upload has chunks 0 to ${row.total_chunks - 1}`);
  const expected = expectedChunkSize(row, n);
  if (body.length !== expected) {
    throw badRequest(`Chunk ${n} must be ${expected} bytes long; ${body.length} arrived`);
  }
  const db = ctx.db;
  if (n === 0) {
    const sniffed = sniffContent(body.subarray(0, SNIFF_BYTES));
    if (!sniffed || sniffed.kind !== row.kind) throw wrongType(row.kind);
    await recordDetectedType(db, id, sniffed.contentType, nowIso(ctx));
  }
  // Written beside, then renamed: a chunk interrupted mid-write never counts as received.
  const target = chunkFile(ctx, id, n);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(`${target}.part`, body);
  await rename(`${target}.part`, target);
  const at = nowIso(ctx);
  await recordChunk(db, { uploadId: id, index: n, size: body.length, at });
  return uploadState(ctx, await uploadRow(ctx, id));
}

async function assemble(ctx: AppContext, row: MediaUploadRow, target: string) {
  await mkdir(dirname(target), { recursive: true });
  const out = createWriteStream(target);
  try {
    for (let n = 0; n < row.total_chunks; n += 1) {
      await pipeline(createReadStream(chunkFile(ctx, row.id, n)), out, { end: false });
    }
  } finally {
    await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
  }
}

export async function headOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface CompletedUpload {
  upload: Awaited<ReturnType<typeof uploadState>>;
  asset: MediaAssetRow;
  jobId: number | null;
}

export async function completeUpload(ctx: AppContext, actor: UserRow, id: string): Promise<CompletedUpload> {
  const row = await uploadRow(ctx, id);
  const db = ctx.db;
  if (row.status === 'complete' && row.asset_id !== null) {
    // A retried completion (the answer was lost on the way) answers the same asset again.
    const { asset, jobId } = await assetWithJob(db, row.asset_id);
    return { upload: await uploadState(ctx, row), asset, jobId };
  }
  const state = await uploadState(ctx, row);
  const missing = Array.from({ length: row.total_chunks }, (_, n) => n).filter((n) => !state.received.includes(n));
  if (missing.length > 0) {
    throw new HttpError(409, `Some parts have not arrived yet (${missing.length} of ${row.total_chunks})`, { missing });
  }
  const sniffed = sniffContent(await headOf(chunkFile(ctx, id, 0)));
  if (!sniffed || sniffed.kind !== row.kind) throw wrongType(row.kind);
  const at = nowIso(ctx);

  let asset: MediaAssetRow;
  let jobId: number | null = null;
  if (row.kind === 'image') {
    const assembled = join(chunkDir(ctx, id), 'image');
    await assemble(ctx, row, assembled);
    asset = await storeImage(ctx, {
      bytes: await readFile(assembled),
      originalName: row.filename,
      uploadedBy: actor.id,
    });
  } else {
    const key = `sources/${id}.${sniffed.extension}`;
    await assemble(ctx, row, sourcePath(ctx.config, key));
    const size = (await stat(sourcePath(ctx.config, key))).size;
    const created = await queueTranscode(ctx, {
      filename: row.filename,
      contentType: sniffed.contentType,
      size,
      sourceKey: key,
      episodeId: row.episode_id,
      uploadedBy: actor.id,
    });
    asset = created.asset;
    jobId = created.jobId;
  }
  await markUploadComplete(db, id, asset.id, sniffed.contentType, at);
  await rm(chunkDir(ctx, id), { recursive: true, force: true });
  return { upload: await uploadState(ctx, await uploadRow(ctx, id)), asset, jobId };
}

export interface ReceivedVideo {
  filename: string;
  contentType: string;
  size: number;
  /** Where the source waits, `sources/<file>` under the staging root (see `sourcePath`). */
  sourceKey: string;
  episodeId: number | null;
  uploadedBy: number;
}

/**
 * A received video becomes a library asset in `processing` with a queued transcode job, in one
 * transaction; the job attaches the package to the episode when it is done. Both upload protocols
 * (chunks and tus) end here.
 */
export async function queueTranscode(ctx: AppContext, video: ReceivedVideo) {
  const at = nowIso(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    return insertAssetWithTranscodeJob(
      trx,
      {
        kind: 'video',
        status: 'processing',
        original_name: video.filename,
        content_type: video.contentType,
        size: video.size,
        source_key: video.sourceKey,
        url: null,
        hls_url: null,
        poster_url: null,
        thumbnail_url: null,
        width: null,
        height: null,
        duration_seconds: null,
        renditions: null,
        episode_id: video.episodeId,
        uploaded_by: video.uploadedBy,
        created_at: at,
        updated_at: at,
      },
      at,
    );
  });
}

/** Staff gave up on an unfinished upload: its parts are deleted; a finished upload cannot be undone here. */
export async function discardUpload(ctx: AppContext, id: string): Promise<void> {
  const row = await uploadRow(ctx, id);
  if (row.status === 'complete') {
    throw new HttpError(409, 'This upload is already finished: delete the file from the library instead');
  }
  await ctx.db.transaction().execute((trx) => deleteUpload(trx, id));
  await rm(chunkDir(ctx, id), { recursive: true, force: true });
}
