/**
 * What a viewer keeps while watching: progress (clamped 0–100, product.md#history), mark-watched, continue watching,
 * watch history and my list. All of it belongs to the caller of a verified token.
 */

import { isEpisodeWatched, SERIES_NOT_FOUND_MESSAGE } from '@cliffhanger/shared/constants';
import type { Series } from '@cliffhanger/shared/entities';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { moneyTransaction } from '../../kernel/money-transaction';
import * as catalogueRepo from '../catalogue/catalogue.repository';
import { type EpisodeDto, episodeDtosFor, findEpisodeOrThrow, hydrateSeries } from '../catalogue/catalogue.service';
import * as repo from './viewing.repository';

export const CONTINUE_WATCHING_LIMIT = 20;

export function clampProgress(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.min(100, Math.max(0, progress));
}

export interface ProgressAnswer {
  episode_id: number;
  series_id: number;
  progress: number;
  position_seconds: number;
  completed: boolean;
  updated_at: string;
}

async function recordProgress(
  ctx: AppContext,
  viewer: UserRow,
  episodeId: number,
  progress: number,
  positionSeconds: number | undefined,
): Promise<ProgressAnswer> {
  const episode = await findEpisodeOrThrow(ctx, episodeId);
  // Watched once the viewer reached the episode's credits (shared/src/watched.ts), as every screen says.
  const completed = isEpisodeWatched({ ...episode, progress, position_seconds: positionSeconds });
  const at = nowIso(ctx);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const saved = await repo.upsertProgress(trx, {
      userId: viewer.id,
      episodeId: episode.id,
      seriesId: episode.series_id,
      progress,
      positionSeconds,
      completed,
      at,
    });
    await repo.touchHistory(trx, {
      userId: viewer.id,
      episodeId: episode.id,
      seriesId: episode.series_id,
      progress,
      at,
    });
    return saved;
  });
  return {
    episode_id: row.episode_id,
    series_id: row.series_id,
    progress: row.progress,
    position_seconds: row.position_seconds,
    completed: Boolean(row.completed),
    updated_at: row.updated_at,
  };
}

export function saveProgress(
  ctx: AppContext,
  viewer: UserRow,
  episodeId: number,
  input: { progress: number; position_seconds?: number },
) {
  return recordProgress(ctx, viewer, episodeId, clampProgress(input.progress), input.position_seconds);
}

export function markWatched(ctx: AppContext, viewer: UserRow, episodeId: number) {
  return recordProgress(ctx, viewer, episodeId, 100, undefined);
}

async function seriesById(ctx: AppContext, ids: number[]): Promise<Map<number, Series>> {
  const rows = await catalogueRepo.findVisibleSeriesByIds(ctx.db, [...new Set(ids)], nowIso(ctx));
  return new Map((await hydrateSeries(ctx, rows)).map((series) => [series.id, series]));
}

async function episodesById(ctx: AppContext, viewer: UserRow, ids: number[]): Promise<Map<number, EpisodeDto>> {
  const rows = await catalogueRepo.episodesByIds(ctx.db, [...new Set(ids)], nowIso(ctx));
  return new Map((await episodeDtosFor(ctx, viewer, rows)).map((episode) => [episode.id, episode]));
}

export interface ContinueWatchingItem {
  id: number;
  episode: EpisodeDto;
  series: Series;
  progress: number;
  position_seconds: number;
  updated_at: string;
}

/** The latest episode of each series not watched to its credits, most recent first. */
export async function continueWatching(ctx: AppContext, viewer: UserRow): Promise<ContinueWatchingItem[]> {
  const rows = await repo.unfinishedProgress(ctx.db, viewer.id, CONTINUE_WATCHING_LIMIT * 5, nowIso(ctx));
  const seen = new Set<number>();
  const latest = rows
    .filter((row) => !seen.has(row.series_id) && seen.add(row.series_id))
    .slice(0, CONTINUE_WATCHING_LIMIT);
  const [series, episodes] = await Promise.all([
    seriesById(
      ctx,
      latest.map((row) => row.series_id),
    ),
    episodesById(
      ctx,
      viewer,
      latest.map((row) => row.episode_id),
    ),
  ]);
  return latest.flatMap((row) => {
    const episode = episodes.get(row.episode_id);
    const show = series.get(row.series_id);
    // A mark staff moved since the save still decides (the stored flag said "not watched" then).
    if (
      !episode ||
      !show ||
      isEpisodeWatched({ ...episode, progress: row.progress, position_seconds: row.position_seconds })
    )
      return [];
    return [
      {
        id: row.id,
        episode,
        series: show,
        progress: row.progress,
        position_seconds: row.position_seconds,
        updated_at: row.updated_at,
      },
    ];
  });
}

export interface HistoryItem {
  id: number;
  episode: EpisodeDto;
  series: Series;
  progress: number;
  watched_at: string;
}

export async function watchHistory(ctx: AppContext, viewer: UserRow, limit: number): Promise<HistoryItem[]> {
  const rows = await repo.historyOf(ctx.db, viewer.id, limit, nowIso(ctx));
  const [series, episodes] = await Promise.all([
    seriesById(
      ctx,
      rows.map((row) => row.series_id),
    ),
    episodesById(
      ctx,
      viewer,
      rows.map((row) => row.episode_id),
    ),
  ]);
  return rows.flatMap((row) => {
    const episode = episodes.get(row.episode_id);
    const show = series.get(row.series_id);
    if (!episode || !show) return [];
    return [{ id: row.id, episode, series: show, progress: row.progress, watched_at: row.watched_at }];
  });
}

/** Forgetting an episode also drops its progress, so it leaves continue watching too. */
export async function removeHistoryEntry(ctx: AppContext, viewer: UserRow, id: number) {
  const entry = await repo.findHistoryEntry(ctx.db, viewer.id, id);
  if (!entry) throw notFound('History entry not found');
  await ctx.db.transaction().execute((trx) => repo.deleteHistoryEntry(trx, viewer.id, id, entry.episode_id));
}

/** product.md#history: clearing watch history empties continue watching. */
export async function clearHistory(ctx: AppContext, viewer: UserRow) {
  await ctx.db.transaction().execute((trx) => repo.clearHistory(trx, viewer.id));
}

async function assertSeriesExists(ctx: AppContext, seriesId: number) {
  if (!(await catalogueRepo.findVisibleSeries(ctx.db, seriesId, nowIso(ctx)))) throw notFound(SERIES_NOT_FOUND_MESSAGE);
}

export async function myList(ctx: AppContext, viewer: UserRow): Promise<Series[]> {
  return hydrateSeries(ctx, await repo.myListSeries(ctx.db, viewer.id, nowIso(ctx)));
}

/** Idempotent: adding a listed series again changes nothing. */
export async function addToList(ctx: AppContext, viewer: UserRow, seriesId: number) {
  await assertSeriesExists(ctx, seriesId);
  await repo.addToMyList(ctx.db, viewer.id, seriesId, nowIso(ctx));
  return { message: 'Added to My List', series_id: seriesId, in_list: true };
}

/** Idempotent: removing a series that is not listed is not an error. */
export async function removeFromList(ctx: AppContext, viewer: UserRow, seriesId: number) {
  await assertSeriesExists(ctx, seriesId);
  await repo.removeFromMyList(ctx.db, viewer.id, seriesId);
  return { message: 'Removed from My List', series_id: seriesId, in_list: false };
}

/** Whether the viewer likes a visible series, and how many viewers do. */
export async function seriesLike(ctx: AppContext, viewer: UserRow, seriesId: number) {
  await assertSeriesExists(ctx, seriesId);
  return { series_id: seriesId, ...(await repo.likeState(ctx.db, viewer.id, seriesId)) };
}

/**
 * Sets the viewer's like of a series (idempotent: liking twice is one like). The like row and the count
 * move together in one transaction, by exactly the row added or removed, so concurrent toggles never
 * double a like or take the count below zero.
 */
export async function setSeriesLike(ctx: AppContext, viewer: UserRow, seriesId: number, liked: boolean) {
  await assertSeriesExists(ctx, seriesId);
  const state = await moneyTransaction(ctx, async (trx) => {
    if (liked) await repo.addLike(trx, viewer.id, seriesId, nowIso(ctx));
    else await repo.removeLike(trx, viewer.id, seriesId);
    return repo.likeState(trx, viewer.id, seriesId);
  });
  return { series_id: seriesId, ...state };
}
