/**
 * /api/admin/media/*: uploads over tus (videos and images) and the media library. Registered by the
 * admin plugin inside its staff-only scope, so every route here already requires staff.
 */
import type { AppContext } from '../../context';
import { ErrorSchema, IdParams, MessageSchema, Paged, withErrors } from '../../http/schemas';
import type { TypedFastify } from '../../http/type-provider';
import { viewerOf } from '../../kernel/identity';
import { MediaJobQueue } from './media-jobs';
import { AssetListQuery, JobListQuery, MediaAssetSchema, MediaJobListAnswer } from './media-library.schemas';
import { getAsset, listAssets, listJobs, retryJob } from './media-library.service';
import { mediaStorageFor } from './media-storage';
import { tusUploadRoutes } from './tus-uploads';

/**
 * The staff media library under the caller's prefix (/admin), and its background transcode queue,
 * started when the app is ready and stopped when it closes.
 */
export async function mediaLibraryRoutes(app: TypedFastify, { ctx }: { ctx: AppContext }) {
  const tags = ['admin media'];
  const queue = new MediaJobQueue(ctx, mediaStorageFor(ctx.config), app.log);
  app.addHook('onReady', () => queue.start());
  app.addHook('onClose', () => queue.stop());
  // Resumable uploads of videos and images over tus: /admin/media/tus/ (tus-uploads.ts).
  await app.register(tusUploadRoutes, { ctx, queue, prefix: '/media/tus' });

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
