/** SQL for what a viewer keeps: watch progress, watch history and my list. */
import type { Executor, SeriesRow, Trx } from '../../db/schema';
import { findVisibleSeriesByIds, likeCount, moveLikeCount, visibleSeriesIds } from '../catalogue/catalogue.repository';

export interface ProgressWrite {
  userId: number;
  episodeId: number;
  seriesId: number;
  progress: number;
  positionSeconds: number | undefined;
  completed: boolean;
  at: string;
}

/** One progress row per (user, episode), updated in place. */
export async function upsertProgress(db: Executor, write: ProgressWrite) {
  await db
    .insertInto('watch_progress')
    .values({
      user_id: write.userId,
      episode_id: write.episodeId,
      series_id: write.seriesId,
      progress: write.progress,
      position_seconds: write.positionSeconds ?? 0,
      completed: write.completed,
      created_at: write.at,
      updated_at: write.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'episode_id']).doUpdateSet({
        progress: write.progress,
        ...(write.positionSeconds !== undefined ? { position_seconds: write.positionSeconds } : {}),
        completed: write.completed,
        updated_at: write.at,
      }),
    )
    .execute();
  return db
    .selectFrom('watch_progress')
    .selectAll()
    .where('user_id', '=', write.userId)
    .where('episode_id', '=', write.episodeId)
    .executeTakeFirstOrThrow();
}

/** One history row per (user, episode): watching again moves it to the top. */
export async function touchHistory(
  db: Executor,
  entry: { userId: number; episodeId: number; seriesId: number; progress: number; at: string },
) {
  await db
    .insertInto('watch_history')
    .values({
      user_id: entry.userId,
      episode_id: entry.episodeId,
      series_id: entry.seriesId,
      progress: entry.progress,
      watched_at: entry.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'episode_id']).doUpdateSet({ progress: entry.progress, watched_at: entry.at }),
    )
    .execute();
}

/** Unfinished episodes of visible series, most recently watched first. */
export function unfinishedProgress(db: Executor, userId: number, limit: number, at: string) {
  return db
    .selectFrom('watch_progress')
    .where('watch_progress.series_id', 'in', visibleSeriesIds(db, at))
    .where('watch_progress.user_id', '=', userId)
    .where('watch_progress.completed', '=', false)
    .where('watch_progress.progress', '>', 0)
    .selectAll('watch_progress')
    .orderBy('watch_progress.updated_at', 'desc')
    .orderBy('watch_progress.id', 'desc')
    .limit(limit)
    .execute();
}

export function historyOf(db: Executor, userId: number, limit: number, at: string) {
  return db
    .selectFrom('watch_history')
    .where('watch_history.series_id', 'in', visibleSeriesIds(db, at))
    .where('watch_history.user_id', '=', userId)
    .selectAll('watch_history')
    .orderBy('watch_history.watched_at', 'desc')
    .orderBy('watch_history.id', 'desc')
    .limit(limit)
    .execute();
}

export function findHistoryEntry(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('watch_history')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteHistoryEntry(db: Executor, userId: number, id: number, episodeId: number) {
  await db.deleteFrom('watch_history').where('id', '=', id).where('user_id', '=', userId).execute();
  await db.deleteFrom('watch_progress').where('user_id', '=', userId).where('episode_id', '=', episodeId).execute();
}

export async function clearHistory(db: Executor, userId: number) {
  await db.deleteFrom('watch_history').where('user_id', '=', userId).execute();
  await db.deleteFrom('watch_progress').where('user_id', '=', userId).execute();
}

export async function addToMyList(db: Executor, userId: number, seriesId: number, at: string) {
  await db
    .insertInto('my_list')
    .values({ user_id: userId, series_id: seriesId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'series_id']).doNothing())
    .execute();
}

export async function removeFromMyList(db: Executor, userId: number, seriesId: number) {
  await db.deleteFrom('my_list').where('user_id', '=', userId).where('series_id', '=', seriesId).execute();
}

/** Listed visible series, most recently added first. */
export async function myListSeries(db: Executor, userId: number, at: string): Promise<SeriesRow[]> {
  const listed = await db
    .selectFrom('my_list')
    .select('series_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('series_id', 'desc')
    .execute();
  const series = new Map(
    (
      await findVisibleSeriesByIds(
        db,
        listed.map((entry) => entry.series_id),
        at,
      )
    ).map((row) => [row.id, row]),
  );
  return listed.flatMap((entry) => series.get(entry.series_id) ?? []);
}

// --- Likes ----------------------------------------------------------------------------------------

/** Likes a series once: true when this call added the like (and moved the count up by one). */
export async function addLike(trx: Trx, userId: number, seriesId: number, at: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('series_likes')
    .values({ user_id: userId, series_id: seriesId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'series_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await moveLikeCount(trx, seriesId, 1);
  return true;
}

/** Takes a like back: true when there was one (and the count, never below zero, went down by one). */
export async function removeLike(trx: Trx, userId: number, seriesId: number): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('series_likes')
    .where('user_id', '=', userId)
    .where('series_id', '=', seriesId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return false;
  await moveLikeCount(trx, seriesId, -1);
  return true;
}

/** Whether the viewer likes the series, and the series' count of likes. */
export async function likeState(db: Executor, userId: number, seriesId: number) {
  const [mine, likes] = await Promise.all([
    db
      .selectFrom('series_likes')
      .select('series_id')
      .where('user_id', '=', userId)
      .where('series_id', '=', seriesId)
      .executeTakeFirst(),
    likeCount(db, seriesId),
  ]);
  return { liked: mine !== undefined, likes };
}
