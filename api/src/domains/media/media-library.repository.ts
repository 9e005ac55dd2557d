/** SQL of the media library: assets and their processing jobs. */
import type { Insertable, Updateable } from 'kysely';
import type { EpisodeRow, EpisodesTable, Executor, MediaAssetRow, MediaAssetsTable, MediaKind } from '../../db/schema';
import type { PageWindow } from '../../kernel/paging';

/** Assets (of one kind, of one episode) newest first, read with `paginate()`. */
export function assetPages(db: Executor, filter: { kind?: MediaKind; episodeId?: number }) {
  const base = () => {
    let q = db.selectFrom('media_assets');
    if (filter.kind) q = q.where('kind', '=', filter.kind);
    if (filter.episodeId !== undefined) q = q.where('episode_id', '=', filter.episodeId);
    return q;
  };
  return {
    rows: ({ limit, offset }: PageWindow): Promise<MediaAssetRow[]> =>
      base().selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    count: () =>
      base()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
  };
}

export function insertAsset(db: Executor, asset: Insertable<MediaAssetsTable>): Promise<MediaAssetRow> {
  return db.insertInto('media_assets').values(asset).returningAll().executeTakeFirstOrThrow();
}

export function findAsset(db: Executor, id: number): Promise<MediaAssetRow | undefined> {
  return db.selectFrom('media_assets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest `limit` jobs (of one status) with the name, episode and outputs of their asset. */
export function newestJobs(db: Executor, limit: number, status?: string) {
  let query = db
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
    .limit(limit);
  if (status) query = query.where('media_jobs.status', '=', status as never);
  return query.execute();
}

export function findJob(db: Executor, id: number) {
  return db.selectFrom('media_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Puts a job back in the queue from the start, and its asset back to processing. */
export async function requeueJob(db: Executor, jobId: number, assetId: number, at: string) {
  await db
    .updateTable('media_jobs')
    .set({ status: 'queued', progress: 0, error: null, attempts: 0, finished_at: null, updated_at: at })
    .where('id', '=', jobId)
    .execute();
  await db
    .updateTable('media_assets')
    .set({ status: 'processing', updated_at: at })
    .where('id', '=', assetId)
    .execute();
}

export function episodeById(db: Executor, id: number): Promise<EpisodeRow | undefined> {
  return db.selectFrom('episodes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateEpisode(db: Executor, id: number, changes: Updateable<EpisodesTable>): Promise<void> {
  await db.updateTable('episodes').set(changes).where('id', '=', id).execute();
}

export async function episodeExists(db: Executor, episodeId: number): Promise<boolean> {
  return (await db.selectFrom('episodes').select('id').where('id', '=', episodeId).executeTakeFirst()) !== undefined;
}
