/** SQL of the media job queue (media-jobs.ts has the rules): claiming, heartbeats and outcomes. */
import type { Insertable, Updateable } from 'kysely';
import type { Executor, MediaAssetsTable, MediaJobRow, MediaJobsTable, Trx } from '../../db/schema';

/** Puts running jobs back in the queue: all of them, or those silent since `silentSince`, but never `except`. */
export async function requeueRunningJobs(
  db: Executor,
  at: string,
  which: { silentSince?: string; except?: number; id?: number } = {},
): Promise<void> {
  let query = db
    .updateTable('media_jobs')
    .set({ status: 'queued', started_at: null, progress: 0, updated_at: at })
    .where('status', '=', 'running');
  if (which.id !== undefined) query = query.where('id', '=', which.id);
  if (which.silentSince !== undefined) query = query.where('updated_at', '<', which.silentSince);
  if (which.except !== undefined) query = query.where('id', '!=', which.except);
  await query.execute();
}

/** The oldest queued job. */
export function oldestQueuedJob(db: Executor): Promise<MediaJobRow | undefined> {
  return db
    .selectFrom('media_jobs')
    .selectAll()
    .where('status', '=', 'queued')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Moves a queued job to running; answers false when another process claimed it first. */
export async function claimQueuedJob(db: Executor, job: MediaJobRow, at: string): Promise<boolean> {
  const claimed = await db
    .updateTable('media_jobs')
    .set({ status: 'running', started_at: at, updated_at: at, attempts: job.attempts + 1, error: null })
    .where('id', '=', job.id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** A running job's heartbeat, with its progress when given; a job no longer running is left alone. */
export async function touchRunningJob(db: Executor, id: number, at: string, progress?: number): Promise<void> {
  await db
    .updateTable('media_jobs')
    .set(progress === undefined ? { updated_at: at } : { progress, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function updateJob(db: Executor, id: number, changes: Updateable<MediaJobsTable>): Promise<void> {
  await db.updateTable('media_jobs').set(changes).where('id', '=', id).execute();
}

export async function updateAsset(db: Executor, id: number, changes: Updateable<MediaAssetsTable>): Promise<void> {
  await db.updateTable('media_assets').set(changes).where('id', '=', id).execute();
}

/** A new asset with a queued transcode job for it; run both in one transaction. */
export async function insertAssetWithTranscodeJob(trx: Trx, asset: Insertable<MediaAssetsTable>, at: string) {
  const inserted = await trx.insertInto('media_assets').values(asset).returningAll().executeTakeFirstOrThrow();
  const job = await trx
    .insertInto('media_jobs')
    .values({ asset_id: inserted.id, kind: 'transcode', status: 'queued', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { asset: inserted, jobId: job.id };
}
