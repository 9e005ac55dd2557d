/**
 * /api/admin/uploads/* and /api/admin/media/*: chunked uploads and the media library. Registered by
 * the admin plugin inside its staff-only scope, so every route here already requires staff.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { ErrorSchema, IdParams, MessageSchema, Paged, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import { MediaJobQueue } from './media-jobs';
import {
  AssetListQuery,
  ChunkParams,
  CompletedUploadAnswer,
  CreateUploadBody,
  JobListQuery,
  MediaAssetSchema,
  MediaJobListAnswer,
  MissingChunksAnswer,
  UploadParams,
  UploadStateSchema,
} from './media-library.schemas';
import { getAsset, listAssets, listJobs, retryJob, toAssetDto } from './media-library.service';
import { mediaStorageFor } from './media-storage';
import { tusUploadRoutes } from './tus-uploads';
import { CHUNK_BODY_LIMIT, completeUpload, createUpload, discardUpload, getUpload, putChunk } from './uploads.service';

/**
 * The staff media library under the caller's prefix (/admin), and its background transcode queue,
 * started when the app is ready and stopped when it closes.
 */
export async function mediaLibraryRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  const tags = ['admin media'];
  const queue = new MediaJobQueue(ctx, mediaStorageFor(ctx.config), app.log);
  app.addHook('onReady', () => queue.start());
  app.addHook('onClose', () => queue.stop());
  const uploadState = withErrors({ 200: UploadStateSchema });

  // Chunks arrive as raw bytes; only this scope parses them, and only up to one chunk.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: CHUNK_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );

  // Resumable video uploads over tus: /admin/media/tus/ (tus-uploads.ts).
  await app.register(tusUploadRoutes, { ctx, queue, prefix: '/media/tus' });

  app.post(
    '/uploads/',
    // 404: the episode to attach the video to does not exist; 413: the file is over its kind's limit.
    { schema: { tags, body: CreateUploadBody, response: withErrors({ 201: UploadStateSchema }) } },
    async (request, reply) => reply.status(201).send(await createUpload(ctx, viewerOf(request), request.body)),
  );

  app.get('/uploads/:id/', { schema: { tags, params: UploadParams, response: uploadState } }, (request) =>
    getUpload(ctx, request.params.id),
  );

  app.delete(
    '/uploads/:id/',
    {
      // 409: the upload is finished; its file is deleted from the library instead.
      schema: {
        tags,
        params: UploadParams,
        response: withErrors({
          204: Type.Null({ description: 'The upload and the parts received are gone' }),
          409: ErrorSchema,
        }),
      },
    },
    async (request, reply) => {
      await discardUpload(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/uploads/:id/chunks/:n',
    {
      bodyLimit: CHUNK_BODY_LIMIT,
      // The body is the chunk's raw bytes (application/octet-stream, any other type is a 415), so it has
      // no JSON schema. 400: a chunk number or length that does not fit the upload; 409: the upload is
      // finished; 415: the first chunk is not the kind of file announced.
      schema: {
        tags,
        params: ChunkParams,
        response: withErrors({ 200: UploadStateSchema, 409: ErrorSchema }),
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) {
        throw new HttpError(415, 'Send the chunk as application/octet-stream');
      }
      return putChunk(ctx, request.params.id, request.params.n, body);
    },
  );

  app.post(
    '/uploads/:id/complete/',
    {
      // 409: chunks are missing (listed); 415: the file is not the kind announced; 422: an image that
      // cannot be decoded.
      schema: {
        tags,
        params: UploadParams,
        response: withErrors({ 200: CompletedUploadAnswer, 409: MissingChunksAnswer, 422: ErrorSchema }),
      },
    },
    async (request) => {
      const result = await completeUpload(ctx, viewerOf(request), request.params.id);
      if (result.jobId !== null) queue.kick();
      return { upload: result.upload, asset: toAssetDto(ctx, result.asset), job_id: result.jobId };
    },
  );

  app.get(
    '/media/',
    { schema: { tags, querystring: AssetListQuery, response: withErrors({ 200: Paged(MediaAssetSchema) }) } },
    (request) => listAssets(ctx, request.query),
  );

  app.get(
    '/media/jobs/',
    {
      schema: {
        tags,
        querystring: JobListQuery,
        response: withErrors({ 200: MediaJobListAnswer }),
      },
    },
    async (request) => ({ results: await listJobs(ctx, request.query.status) }),
  );

  app.post(
    '/media/jobs/:id/retry/',
    // 409: only a failed job can be tried again.
    { schema: { tags, params: IdParams, response: withErrors({ 200: MessageSchema, 409: ErrorSchema }) } },
    async (request) => {
      await retryJob(ctx, viewerOf(request), request.params.id);
      queue.kick();
      return { message: 'The job is queued again' };
    },
  );

  app.get(
    '/media/:id/',
    { schema: { tags, params: IdParams, response: withErrors({ 200: MediaAssetSchema }) } },
    (request) => getAsset(ctx, request.params.id),
  );
}
