/**
 * /api/admin/uploads/* and /api/admin/media/*: chunked uploads and the media library. Registered by
 * the admin plugin inside its staff-only scope, so every route here already requires staff.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import type { TypedFastify } from '../../http/type-provider';
import { PageQuery } from '../admin/admin.schemas';
import { viewerOf } from '../auth/auth.hooks';
import type { MediaJobQueue } from './media-jobs';
import { getAsset, listAssets, listJobs, retryJob, toAssetDto } from './media-library.service';
import { CHUNK_BODY_LIMIT, completeUpload, createUpload, discardUpload, getUpload, putChunk } from './uploads.service';

const Kind = Type.Union([Type.Literal('video'), Type.Literal('image')]);
const UploadParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const ChunkParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  n: Type.Integer({ minimum: 0, maximum: 100_000 }),
});
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

const CreateUploadBody = Type.Object(
  {
    filename: Type.String({ minLength: 1, maxLength: 255 }),
    size: Type.Integer({ minimum: 1 }),
    kind: Kind,
    content_type: Type.Optional(Type.String({ maxLength: 100 })),
    episode_id: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export async function mediaLibraryRoutes(app: TypedFastify, { ctx, queue }: { ctx: AppContext; queue: MediaJobQueue }) {
  const tags = ['admin media'];

  // Chunks arrive as raw bytes; only this scope parses them, and only up to one chunk.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: CHUNK_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );

  app.post('/uploads/', { schema: { tags, body: CreateUploadBody } }, async (request, reply) =>
    reply.status(201).send(await createUpload(ctx, viewerOf(request), request.body)),
  );

  app.get('/uploads/:id/', { schema: { tags, params: UploadParams } }, (request) => getUpload(ctx, request.params.id));

  app.delete('/uploads/:id/', { schema: { tags, params: UploadParams } }, async (request, reply) => {
    await discardUpload(ctx, request.params.id);
    return reply.status(204).send();
  });

  app.put(
    '/uploads/:id/chunks/:n',
    { bodyLimit: CHUNK_BODY_LIMIT, schema: { tags, params: ChunkParams } },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) {
        throw new HttpError(415, 'Send the chunk as application/octet-stream');
      }
      return putChunk(ctx, request.params.id, request.params.n, body);
    },
  );

  app.post('/uploads/:id/complete/', { schema: { tags, params: UploadParams } }, async (request) => {
    const result = await completeUpload(ctx, viewerOf(request), request.params.id);
    if (result.jobId !== null) queue.kick();
    return { upload: result.upload, asset: toAssetDto(ctx, result.asset), job_id: result.jobId };
  });

  app.get(
    '/media/',
    {
      schema: {
        tags,
        querystring: Type.Object({
          ...PageQuery,
          kind: Type.Optional(Kind),
          episode_id: Type.Optional(Type.Integer({ minimum: 1 })),
        }),
      },
    },
    (request) => listAssets(ctx, request.query),
  );

  app.get(
    '/media/jobs/',
    {
      schema: {
        tags,
        querystring: Type.Object({
          status: Type.Optional(
            Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
          ),
        }),
      },
    },
    async (request) => ({ results: await listJobs(ctx, request.query.status) }),
  );

  app.post('/media/jobs/:id/retry/', { schema: { tags, params: IdParams } }, async (request) => {
    await retryJob(ctx, viewerOf(request), request.params.id);
    queue.kick();
    return { message: 'The job is queued again' };
  });

  app.get('/media/:id/', { schema: { tags, params: IdParams } }, (request) => getAsset(ctx, request.params.id));
}
