/** Reads of the media library (assets and their jobs) as the staff screens show them. */
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { MediaAssetRow, MediaKind, UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { paginate } from '../../kernel/paging';
import { insertAssetWithTranscodeJob } from './media-jobs.repository';
import * as repo from './media-library.repository';

function toAssetDto(ctx: AppContext, row: MediaAssetRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    original_name: row.original_name,
    content_type: row.content_type,
    size: Number(row.size),
    url: ctx.mediaUrl(row.url),
    hls_url: ctx.mediaUrl(row.hls_url),
    poster_url: ctx.mediaUrl(row.poster_url),
    thumbnail_url: ctx.mediaUrl(row.thumbnail_url),
    width: row.width,
    height: row.height,
    duration_seconds: row.duration_seconds,
    renditions: row.renditions,
    episode_id: row.episode_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listAssets(
  ctx: AppContext,
  query: { kind?: MediaKind; episode_id?: number; page?: number; limit?: number },
) {
  const found = await paginate(query, 20, repo.assetPages(ctx.db, { kind: query.kind, episodeId: query.episode_id }));
  return {
    results: found.rows.map((row) => toAssetDto(ctx, row)),
    count: found.count,
    page: found.page,
    limit: found.limit,
  };
}

export async function getAsset(ctx: AppContext, id: number) {
  const row = await repo.findAsset(ctx.db, id);
  if (!row) throw notFound('Media file not found');
  return toAssetDto(ctx, row);
}

/** How many jobs the progress list shows. */
const JOB_LIST_SIZE = 50;

/** The newest jobs with their asset, for the progress list the media library polls. */
export async function listJobs(ctx: AppContext, status?: string) {
  const rows = await repo.newestJobs(ctx.db, JOB_LIST_SIZE, status);
  return rows.map((row) => ({
    ...row,
    progress: Number(row.progress),
    hls_url: ctx.mediaUrl(row.hls_url),
    poster_url: ctx.mediaUrl(row.poster_url),
  }));
}

export async function retryJob(ctx: AppContext, actor: UserRow, id: number) {
  const db = ctx.db;
  const job = await repo.findJob(db, id);
  if (!job) throw notFound('Job not found');
  if (job.status !== 'failed') throw new HttpError(409, 'Only a failed job can be tried again');
  const at = nowIso(ctx);
  await db.transaction().execute(async (trx) => {
    await repo.requeueJob(trx, id, job.asset_id, at);
    await recordAudit(trx, { actor, action: 'media.retry', entity: 'media_job', entityId: id, before: job, at });
  });
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
 * transaction; the job attaches the package to the episode when it is done. Every video upload ends
 * here.
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
