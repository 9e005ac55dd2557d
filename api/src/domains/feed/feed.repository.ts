/** SQL the feed API needs beyond the catalogue's: last views, favourites and device reports. */
import type { Executor } from '../../db/schema';
import { episodeNumbers } from '../catalogue/catalogue.repository';

/** The viewer's most recent progress per series: which episode and where in it. */
export async function lastViews(db: Executor, userId: number, seriesIds?: number[]) {
  let query = db
    .selectFrom('watch_progress')
    .select(['series_id', 'episode_id', 'position_seconds', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc');
  if (seriesIds) query = query.where('series_id', 'in', seriesIds);
  const rows = await query.execute();
  const numbers = await episodeNumbers(db, [...new Set(rows.map((row) => row.episode_id))]);
  const latest = new Map<number, { episode_number: number; position_seconds: number }>();
  for (const row of rows) {
    const episodeNumber = numbers.get(row.episode_id);
    if (episodeNumber === undefined || latest.has(row.series_id)) continue;
    latest.set(row.series_id, { episode_number: episodeNumber, position_seconds: row.position_seconds });
  }
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

/** The ids of every episode the user has unlocked. */
export async function unlockedEpisodeIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('episode_unlocks').select('episode_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.episode_id));
}
