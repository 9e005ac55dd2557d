/** SQL the feed API needs beyond the catalogue's: last views, favourites and device reports. */
import type { Executor } from '../../db/schema';

/** The viewer's most recent progress per series: which episode and where in it. */
export async function lastViews(db: Executor, userId: number, seriesIds?: number[]) {
  let query = db
    .selectFrom('watch_progress')
    .innerJoin('episodes', 'episodes.id', 'watch_progress.episode_id')
    .select([
      'watch_progress.series_id',
      'episodes.episode_number',
      'watch_progress.position_seconds',
      'watch_progress.updated_at',
    ])
    .where('watch_progress.user_id', '=', userId)
    .orderBy('watch_progress.updated_at', 'desc');
  if (seriesIds) query = query.where('watch_progress.series_id', 'in', seriesIds);
  const rows = await query.execute();
  const latest = new Map<number, { episode_number: number; position_seconds: number }>();
  for (const row of rows) if (!latest.has(row.series_id)) latest.set(row.series_id, row);
  return latest;
}

export async function favouriteSeriesIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('my_list').select('series_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.series_id));
}

/** Stores the report unless the user already has one; true when this call stored it. */
export async function insertDeviceReportOnce(
  db: Executor,
  userId: number,
  payload: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .insertInto('device_reports')
    .values({ user_id: userId, payload, created_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
