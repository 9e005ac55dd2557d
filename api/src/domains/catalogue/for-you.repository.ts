/**
 * SQL behind the for-you feed, "More like this" and /recommendations/: the viewer's own signals
 * (progress and completion per series, my list, unlocks), what is trending (recent viewers per series)
 * and co-watching ("people who finished X watched Y"). Every read of a viewer's rows is keyed by the
 * viewer's id from the verified token, never by anything the browser sends.
 */
import { sql } from 'kysely';
import type { EpisodeRow, Executor } from '../../db/schema';
import { isPublishedEpisode, isVisibleSeries } from './catalogue.repository';

export interface ProgressFact {
  episode_id: number;
  series_id: number;
  completed: boolean;
  position_seconds: number;
  updated_at: string;
}

/** Every progress row of the viewer (one per episode they started). */
export async function viewerProgress(db: Executor, userId: number): Promise<ProgressFact[]> {
  const rows = await db
    .selectFrom('watch_progress')
    .select(['episode_id', 'series_id', 'completed', 'position_seconds', 'updated_at'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({ ...row, completed: Boolean(row.completed), position_seconds: row.position_seconds }));
}

/** Series the viewer has in their history (watched, even if the progress row is gone). */
export async function viewerHistorySeries(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('watch_history')
    .select('series_id')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.series_id));
}

export async function viewerListed(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('my_list').select('series_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.series_id));
}

/** The series the viewer likes. */
export async function viewerLiked(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('series_likes').select('series_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.series_id));
}

export async function viewerUnlocked(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('episode_unlocks').select('episode_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.episode_id));
}

/** Distinct viewers per visible series with progress updated since `since`. */
export async function recentViewers(db: Executor, since: string, at: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('watch_progress')
    .innerJoin('series', 'series.id', 'watch_progress.series_id')
    .where(isVisibleSeries(at))
    .where('watch_progress.updated_at', '>=', since)
    .select('watch_progress.series_id')
    .select(sql<number>`count(distinct watch_progress.user_id)`.as('viewers'))
    .groupBy('watch_progress.series_id')
    .execute();
  return new Map(rows.map((row) => [row.series_id, Number(row.viewers)]));
}

/**
 * People who finished episodes of `seriesId`: how many of them went on to watch each other series
 * (distinct viewers per series).
 */
export async function coWatchedWith(db: Executor, seriesId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('watch_progress as other')
    .where('other.user_id', 'in', (eb) =>
      eb
        .selectFrom('watch_progress as finished')
        .select('finished.user_id')
        .where('finished.series_id', '=', seriesId)
        .where('finished.completed', '=', true),
    )
    .where('other.series_id', '!=', seriesId)
    .select('other.series_id')
    .select(sql<number>`count(distinct other.user_id)`.as('viewers'))
    .groupBy('other.series_id')
    .execute();
  return new Map(rows.map((row) => [row.series_id, Number(row.viewers)]));
}

/** Every on-show episode of every visible series, in play order. */
export function visibleEpisodes(db: Executor, at: string): Promise<EpisodeRow[]> {
  return db
    .selectFrom('episodes')
    .innerJoin('series', 'series.id', 'episodes.series_id')
    .where(isVisibleSeries(at))
    .where(isPublishedEpisode(at))
    .selectAll('episodes')
    .orderBy('episodes.series_id')
    .orderBy('episodes.season_number')
    .orderBy('episodes.episode_number')
    .execute();
}
