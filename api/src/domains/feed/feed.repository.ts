/** SQL the feed API needs beyond the catalogue's: last views, favourites and device reports. */
import type { EpisodeRow, Executor, SeriesRow } from '../../db/schema';
import { isPublishedEpisode, visibleSeries } from '../catalogue/catalogue.repository';

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

/** The ids of every episode the user has unlocked. */
export async function unlockedEpisodeIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('episode_unlocks').select('episode_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.episode_id));
}

/** Every visible series, newest first. */
export function newestVisibleSeries(db: Executor, at: string): Promise<SeriesRow[]> {
  return visibleSeries(db, at)
    .selectAll('series')
    .orderBy('series.created_at', 'desc')
    .orderBy('series.id', 'desc')
    .execute();
}

/** The published episodes of these series in watching order. */
export function publishedEpisodesOf(db: Executor, seriesIds: number[], at: string): Promise<EpisodeRow[]> {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('episodes')
    .selectAll()
    .where('series_id', 'in', seriesIds)
    .where(isPublishedEpisode(at))
    .orderBy('season_number')
    .orderBy('episode_number')
    .execute();
}
