/**
 * Resumable uploads over the tus protocol (tus.io, v1.0.0), the one way the admin uploads videos and
 * images. Mounted inside the staff-only admin scope at
 *
 *   POST   /api/admin/media/tus/        Upload-Length + Upload-Metadata (filename, kind, episode_id) → Location
 *   HEAD   /api/admin/media/tus/{id}    Upload-Offset: how much the server holds; the browser resumes there
 *   PATCH  /api/admin/media/tus/{id}    application/offset+octet-stream bytes from Upload-Offset on
 *   DELETE /api/admin/media/tus/{id}    staff cancel: the parts received so far are deleted
 *
 * Fastify checks the caller first (staff token; a browser's Origin must be an allowed one), so a viewer,
 * a guest or a stale token is answered 401/403 before a byte is read. Only then is the raw request
 * handed to @tus/server. An upload belongs to the staff member who started it: the owner is written
 * into its metadata here, never read from the browser. `kind` (video unless it says image) sets the
 * size limit (MAX_UPLOAD_BYTES) and what the bytes must be: the first bytes of a PATCH at offset 0 are
 * sniffed before anything is stored (another kind: 415, and the upload is dropped) and the finished
 * file once more. A finished video is queued for transcoding (its answer names the asset and the job);
 * a finished image is stored at once, converted and sized like every library image (stored-images.ts),
 * and its answer names the asset.
 *
 * Parts wait in the local staging folder (`<staging>/tus/`), or in the S3-compatible bucket as a
 * multipart upload when the MEDIA_S3_* settings are set (the same choice media-storage makes). An
 * unfinished upload expires MEDIA_UPLOAD_EXPIRY_HOURS after it started; expired parts are deleted at
 * start and then on a timer.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Language } from '@cliffhanger/shared/languages';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, type Locker, MemoryLocker, Server, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { closeRedis, connectRedis } from '../../cache/redis';
import type { AppContext } from '../../context';
import type { MediaKind, UserRow } from '../../db/schema';
import { allowedOrigins } from '../../http/cors';
import { forbidden, HttpError } from '../../http/errors';
import { translateMessage } from '../../http/messages/translate';
import { viewerLanguage } from '../../http/messages/viewer-language';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import { MAX_UPLOAD_BYTES, SNIFF_BYTES, sniffContent, wrongType } from './content-sniffing';
import type { MediaJobQueue } from './media-jobs';
import { episodeExists } from './media-library.repository';
import { queueTranscode } from './media-library.service';
import { objectStoreOf } from './media-storage';
import { storeImage } from './stored-images';
import { RedisLocker } from './tus-redis-locker';
import { headOf, sourcePath, stagingRoot } from './upload-staging';

/** Where the tus endpoint lives; the browser gets upload addresses below it. */
export const TUS_PATH = '/api/admin/media/tus';
export const DEFAULT_UPLOAD_EXPIRY_MS = 24 * 3_600_000;
/** Expired parts are looked for at least this often (and at most every quarter of the expiry). */
const CLEANUP_EVERY_MS = 15 * 60_000;
const MAX_FILENAME = 255;
/** Headers the browser may read from a finished upload's answer: what to follow next. */
export const ASSET_HEADER = 'Media-Asset-Id';
export const JOB_HEADER = 'Media-Job-Id';
const EPISODE_ID = /^[1-9][0-9]{0,9}$/;
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** What an upload carries: a video unless its metadata says image. */
const kindOf = (upload: Pick<Upload, 'metadata'>): MediaKind => (upload.metadata?.kind === 'image' ? 'image' : 'video');

/** A refusal in the form @tus/server answers: a status and a JSON body with a readable message. */
const refusal = (status_code: number, message: string) => ({ status_code, body: JSON.stringify({ message }) });

/** A refusal's body in `language`. */
const tusRefusalIn = (language: Language, message: string) =>
  JSON.stringify({ message: translateMessage(message, language) });

/**
 * A refusal's body in the staff member's language: ours are JSON `{message}`; the tus library's own
 * (`Upload-Offset conflict`, `The file for this url was not found` …) are one line of plain text, kept
 * so, with its line end. (Its check of malformed tus headers, `Invalid upload-metadata`, is written
 * before any hook runs and stays as the library words it; the admin's uploader never sends one.)
 */
export function translateTusBody(body: string, language: Language): string {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      return tusRefusalIn(language, (parsed as { message: string }).message);
    }
    return body;
  } catch {
    const line = body.replace(/\n$/, '');
    const translated = translateMessage(line, language);
    return translated === line ? body : `${translated}\n`;
  }
}

export interface TusUploads {
  server: Server;
  directory: string | null;
  /** Deletes the parts of unfinished uploads older than the expiry; answers how many went. */
  expireAbandoned(): Promise<number>;
}

const byContext = new WeakMap<AppContext, TusUploads>();

/** The tus server of an app (made by `tusUploadRoutes`), for maintenance and tests. */
export function tusUploadsOf(ctx: AppContext): TusUploads | undefined {
  return byContext.get(ctx);
}

/** Reads at least `bytes` bytes (or all there is), then puts them back: the stream is left as it was. */
export async function peek(stream: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const chunk: Buffer | null = stream.read();
    if (chunk !== null) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    if (stream.readableEnded || stream.destroyed) break;
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('readable', done);
        stream.off('end', done);
        stream.off('close', done);
        stream.off('error', done);
        resolve();
      };
      stream.on('readable', done);
      stream.on('end', done);
      stream.on('close', done);
      stream.on('error', done);
    });
  }
  const head = Buffer.concat(chunks);
  if (head.length > 0) stream.unshift(head);
  return head;
}

/**
 * @tus/file-store's constructor starts an asynchronous `mkdir` of its folder whose callback throws when
 * it fails, outside any request: a staging folder that cannot be made (a file in its place, no
 * permission) or one removed while it was being made (an app closed and its folders deleted at once)
 * ended the whole process with an uncaught exception. The folder is made here instead, synchronously,
 * before the store exists, so a failure is a start-up error that says which folder; the store's own
 * check (the method its constructor calls) does nothing.
 */
class StagingFileStore extends FileStore {}
Object.defineProperty(StagingFileStore.prototype, 'checkOrCreateDirectory', { value: () => undefined });

function stagingFolder(directory: string): string {
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    throw new Error(`The upload staging folder ${directory} could not be made: ${(error as Error).message}`);
  }
  return directory;
}

function dataStore(ctx: AppContext, expiry: number): { store: DataStore; directory: string | null } {
  const s3 = objectStoreOf(ctx.config);
  if (s3) {
    const store = new S3Store({
      // Several S3-compatible services refuse object tags; expiry is read from the multipart uploads' age.
      useTags: false,
      expirationPeriodInMilliseconds: expiry,
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
        forcePathStyle: s3.forcePathStyle,
        ...(s3.accessKeyId && s3.secretAccessKey
          ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
          : {}),
      },
    });
    return { store, directory: null };
  }
  const directory = stagingFolder(join(stagingRoot(ctx.config), 'tus'));
  return { store: new StagingFileStore({ directory, expirationPeriodInMilliseconds: expiry }), directory };
}

/**
 * The upload locks: in Redis when the app shares state through it (REDIS_URL: several API processes or
 * replicas, any of which may get a resumed upload's next request), else in this process.
 */
function lockerFor(ctx: AppContext): { locker: Locker; close: () => Promise<void> } {
  const { redisUrl, redisPrefix } = ctx.config;
  if (!redisUrl) return { locker: new MemoryLocker(), close: async () => undefined };
  const commands = connectRedis(redisUrl, 'tus-locks', { enableOfflineQueue: true, maxRetriesPerRequest: 2 });
  const subscriber = connectRedis(redisUrl, 'tus-release', { enableOfflineQueue: true, maxRetriesPerRequest: null });
  const locker = new RedisLocker(commands, subscriber, { prefix: redisPrefix ?? 'cliffhanger:' });
  return {
    locker,
    close: async () => {
      await Promise.all([closeRedis(commands), closeRedis(subscriber)]);
    },
  };
}

/** Copies the finished upload to `target`: a hard link from the staging folder, a download from S3. */
async function materialise(uploads: TusUploads, id: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  if (uploads.directory) {
    const from = join(uploads.directory, id);
    await link(from, target).catch(() => copyFile(from, target));
    return;
  }
  await pipeline(await (uploads.server.datastore as S3Store).read(id), createWriteStream(target));
}

/** The metadata a new upload keeps: checked name, kind and episode, and the staff member who owns it. */
async function uploadMetadata(ctx: AppContext, upload: Upload, sender: UserRow): Promise<Record<string, string>> {
  if (upload.sizeIsDeferred) throw refusal(400, 'Send the size of the file (Upload-Length) when starting.');
  const filename = upload.metadata?.filename?.trim() ?? '';
  if (!filename) throw refusal(400, 'Name the file (filename in Upload-Metadata).');
  if (filename.length > MAX_FILENAME || filename.includes('\0')) {
    throw refusal(400, `The file name must be at most ${MAX_FILENAME} characters.`);
  }
  const kind = kindOf(upload);
  if ((upload.size ?? 0) > MAX_UPLOAD_BYTES[kind]) {
    throw refusal(413, `This ${kind} is too large: the limit is ${megabytes(MAX_UPLOAD_BYTES[kind])} MB`);
  }
  const episodeText = upload.metadata?.episode_id ?? null;
  const metadata: Record<string, string> = { filename, kind, user_id: String(sender.id) };
  if (episodeText !== null && episodeText !== '') {
    if (kind !== 'video') throw refusal(400, 'Only a video can be attached to an episode');
    if (!EPISODE_ID.test(episodeText)) throw refusal(400, 'The episode id must be a positive whole number.');
    const episodeId = Number(episodeText);
    if (!(await episodeExists(ctx.db, episodeId))) throw refusal(404, 'Episode not found');
    metadata.episode_id = String(episodeId);
  }
  return metadata;
}

/**
 * A finished upload, checked once more by its bytes, then stored: an image at once, a video queued for
 * transcoding. Answers the headers that name what it became.
 */
async function finishUpload(
  ctx: AppContext,
  uploads: TusUploads,
  queue: MediaJobQueue,
  upload: Upload,
  sender: UserRow,
) {
  const store = uploads.server.datastore;
  const staged = join(stagingRoot(ctx.config), 'tus-finished', `${upload.id}`);
  await materialise(uploads, upload.id, staged);
  try {
    const kind = kindOf(upload);
    const sniffed = sniffContent(await headOf(staged));
    if (sniffed?.kind !== kind) {
      await store.remove(upload.id).catch(() => undefined);
      throw refusal(415, wrongType(kind).message);
    }
    const headers =
      kind === 'image'
        ? await finishImage(ctx, uploads, upload, staged, sender)
        : await finishVideo(ctx, queue, upload, staged, sender, sniffed);
    // The parts are no longer needed: a video's source is kept under sources/ for the converter.
    await store.remove(upload.id).catch(() => undefined);
    return { headers };
  } finally {
    await rm(staged, { force: true });
  }
}

/** A finished image is stored at once: an image that cannot be decoded is refused (422) and dropped. */
async function finishImage(ctx: AppContext, uploads: TusUploads, upload: Upload, staged: string, sender: UserRow) {
  try {
    const asset = await storeImage(ctx, {
      bytes: await readFile(staged),
      originalName: upload.metadata?.filename ?? 'image',
      uploadedBy: sender.id,
    });
    return { [ASSET_HEADER]: asset.id };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await uploads.server.datastore.remove(upload.id).catch(() => undefined);
    throw refusal(error.statusCode, error.message);
  }
}

/** A finished video waits under sources/ and is queued for transcoding. */
async function finishVideo(
  ctx: AppContext,
  queue: MediaJobQueue,
  upload: Upload,
  staged: string,
  sender: UserRow,
  sniffed: { contentType: string; extension: string },
) {
  const key = `sources/${randomUUID()}.${sniffed.extension}`;
  await mkdir(dirname(sourcePath(ctx.config, key)), { recursive: true });
  await link(staged, sourcePath(ctx.config, key)).catch(() => copyFile(staged, sourcePath(ctx.config, key)));
  const size = (await stat(sourcePath(ctx.config, key))).size;
  // The episode may have been deleted while the file was on its way: the video stays in the library.
  const episodeId = upload.metadata?.episode_id ? Number(upload.metadata.episode_id) : null;
  const episodeKept = episodeId !== null && (await episodeExists(ctx.db, episodeId));
  const { asset, jobId } = await queueTranscode(ctx, {
    filename: upload.metadata?.filename ?? 'video',
    contentType: sniffed.contentType,
    size,
    sourceKey: key,
    episodeId: episodeKept ? episodeId : null,
    uploadedBy: sender.id,
  });
  queue.kick();
  return { [ASSET_HEADER]: asset.id, [JOB_HEADER]: jobId };
}

export async function tusUploadRoutes(app: TypedFastify, { ctx, queue }: { ctx: AppContext; queue: MediaJobQueue }) {
  const expiry = ctx.config.mediaUploadExpiryMs ?? DEFAULT_UPLOAD_EXPIRY_MS;
  const { store, directory } = dataStore(ctx, expiry);
  const isAllowedOrigin = allowedOrigins(ctx.config);
  // Who sent each request, set after the staff check and read back in the tus hooks.
  const senders = new WeakMap<object, UserRow>();
  // The language each request's refusals are written in (the staff member's, else Accept-Language).
  const languages = new WeakMap<object, Language>();
  const rawOf = (req: { runtime?: { node?: { req?: object } } }) => req.runtime?.node?.req;
  const senderOf = (req: { runtime?: { node?: { req?: object } } }): UserRow => {
    const raw = rawOf(req);
    const sender = raw ? senders.get(raw) : undefined;
    if (!sender) throw refusal(401, 'Sign in again to upload.');
    return sender;
  };

  const locks = lockerFor(ctx);
  const server = new Server({
    path: TUS_PATH,
    datastore: store,
    locker: locks.locker,
    relativeLocation: true,
    maxSize: MAX_UPLOAD_BYTES.video,
    // Origins were checked before the request got here (a refused one never does).
    allowedOrigins: () => true,
    exposedHeaders: [ASSET_HEADER, JOB_HEADER],
    namingFunction: () => randomBytes(16).toString('hex'),
    async onUploadCreate(req, upload) {
      const sender = senderOf(req);
      return { metadata: await uploadMetadata(ctx, upload, sender) };
    },
    async onUploadFinish(req, upload) {
      const sender = senderOf(req);
      return finishUpload(ctx, uploads, queue, upload, sender);
    },
    onResponseError(req, error) {
      const raw = rawOf(req);
      const language = (raw && languages.get(raw)) ?? 'en';
      if (!('status_code' in error)) {
        // An unexpected failure: logged here, answered with no detail (tus would append its message).
        app.log.error({ err: error }, 'a tus upload request failed');
        return {
          status_code: 500,
          body: tusRefusalIn(language, 'Something went wrong on our side. Please try again.'),
        };
      }
      return { status_code: error.status_code, body: translateTusBody(error.body, language) };
    },
  });

  const uploads: TusUploads = {
    server,
    directory,
    expireAbandoned: () => server.cleanUpExpiredUploads(),
  };
  byContext.set(ctx, uploads);

  // The body is streamed to the store by tus itself: Fastify leaves it unread.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  async function handOver(request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (origin && !isAllowedOrigin(origin, request.headers.host)) {
      throw forbidden('Uploads are accepted only from the Cliffhanger admin.');
    }
    const sender = viewerOf(request);
    const id = request.params.id;
    if (id !== undefined) {
      const upload = await store.getUpload(id).catch(() => null);
      // An unknown id is left to tus (404 or 410); somebody else's upload is not this sender's to touch.
      if (upload && upload.metadata?.user_id !== String(sender.id) && !sender.is_superuser) {
        throw forbidden('This upload was started by another staff member.');
      }
      if (upload && request.method === 'PATCH' && upload.offset === 0 && request.headers['upload-offset'] === '0') {
        const head = await peek(request.raw, SNIFF_BYTES);
        const decidable = head.length >= Math.min(SNIFF_BYTES, upload.size ?? SNIFF_BYTES);
        const sniffed = sniffContent(head);
        if (decidable && sniffed?.kind !== kindOf(upload)) {
          await store.remove(id).catch(() => undefined);
          throw wrongType(kindOf(upload));
        }
      }
    }
    senders.set(request.raw, sender);
    languages.set(request.raw, await viewerLanguage(request));
    reply.hijack();
    await server.handle(request.raw, reply.raw);
  }

  // Protocol routes: their answers are tus headers, described in docs/features.md ("Uploads") rather than OpenAPI.
  // HEAD is declared by itself (no GET: a tus upload is not downloaded from here).
  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE'] as const;
  app.route({ method: [...methods], url: '/', schema: { hide: true }, handler: handOver });
  app.route({ method: [...methods], url: '/:id', schema: { hide: true }, handler: handOver });

  let timer: NodeJS.Timeout | null = null;
  const sweep = () =>
    uploads.expireAbandoned().catch((error) => app.log.error({ err: error }, 'expiring abandoned uploads failed'));
  app.addHook('onReady', async () => {
    if (directory) await mkdir(directory, { recursive: true });
    await sweep();
    timer = setInterval(sweep, Math.min(CLEANUP_EVERY_MS, Math.max(1_000, Math.floor(expiry / 4))));
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await locks.close();
  });
}
