/** Reads of the media library (assets and their jobs) as the staff screens show them. */
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { MediaAssetRow, MediaKind, UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { paginate } from '../../kernel/paging';

export function toAssetDto(ctx: AppContext, row: MediaAssetRow) {
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
  const base = () => {
    let q = ctx.db.selectFrom('media_assets');
    if (query.kind) q = q.where('kind', '=', query.kind);
    if (query.episode_id !== undefined) q = q.where('episode_id', '=', query.episode_id);
    return q;
  };
  const found = await paginate(query, 20, {
    rows: ({ limit, offset }) =>
      base().selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    count: () =>
      base()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  });
  return {
    results: found.rows.map((row) => toAssetDto(ctx, row)),
    count: found.count,
    page: found.page,
    limit: found.limit,
  };
}

export async function getAsset(ctx: AppContext, id: number) {
  const row = await ctx.db.selectFrom('media_assets').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Media file not found');
  return toAssetDto(ctx, row);
}

/** The newest jobs with their asset, for the progress list the media library polls. */
export async function listJobs(ctx: AppContext, status?: string) {
  let query = ctx.db
    .selectFrom('media_jobs')
    .innerJoin('media_assets', 'media_assets.id', 'media_jobs.asset_id')
    .select([
      'media_jobs.id',
      'media_jobs.asset_id',
      'media_jobs.kind',
      'media_jobs.status',
      'media_jobs.progress',
      'media_jobs.error',
      'media_jobs.attempts',
      'media_jobs.created_at',
      'media_jobs.started_at',
      'media_jobs.finished_at',
      'media_assets.original_name',
      'media_assets.episode_id',
      'media_assets.hls_url',
      'media_assets.poster_url',
    ])
    .orderBy('media_jobs.id', 'desc')
    .limit(50);
  if (status) query = query.where('media_jobs.status', '=', status as never);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    progress: Number(row.progress),
    hls_url: ctx.mediaUrl(row.hls_url),
    poster_url: ctx.mediaUrl(row.poster_url),
  }));
}

export async function retryJob(ctx: AppContext, actor: UserRow, id: number) {
  const db = ctx.db;
  const job = await db.selectFrom('media_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!job) throw notFound('Job not found');
  if (job.status !== 'failed') throw new HttpError(409, 'Only a failed job can be tried again');
  const at = nowIso(ctx);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('media_jobs')
      .set({ status: 'queued', progress: 0, error: null, attempts: 0, finished_at: null, updated_at: at })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('media_assets')
      .set({ status: 'processing', updated_at: at })
      .where('id', '=', job.asset_id)
      .execute();
    await recordAudit(trx, { actor, action: 'media.retry', entity: 'media_job', entityId: id, before: job, at });
  });
}
