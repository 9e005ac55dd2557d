/**
 * The catalogue as the API answers it: Series and Episode shapes (product.md#entities), the series list with its
 * filters and paging, highlights, search and recommendations. Personal facts about an episode
 * (is_unlocked, progress) are filled for the viewer when there is one.
 *
 * Answers that are the same for every visitor (series list, series, highlights, categories) go
 * through the catalogue cache (api/src/cache/catalogue-cache.ts): a few seconds at most, and emptied
 * by any catalogue write. Every read asks what is on show at the app's `now`, so a series scheduled
 * for a time appears once that time has passed (within the cache's few seconds), with no write.
 */

import { HIGHLIGHT_LIST_LIMIT, SERIES_NOT_FOUND_MESSAGE } from '@cliffhanger/shared/constants';
import type {
  Category,
  Episode,
  EpisodeStream,
  Paginated,
  Season,
  Series,
  SeriesTotals,
} from '@cliffhanger/shared/entities';
import { slugOf } from '@cliffhanger/shared/routes';
import { catalogueCache } from '../../cache/app-caches';
import { queryKey } from '../../cache/catalogue-cache';
import { type AppContext, nowIso } from '../../context';
import type { EpisodeRow, SeriesRow, UserRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { pageLinks, paginate } from '../../kernel/paging';
import { PUBLIC_VIEWER } from '../../kernel/playback-grants';
import { playbackAddresses } from '../media/playback-addresses';
import { subtitlesByEpisode } from '../subtitles/subtitles.service';
import { isGoldMember } from '../users/users.service';
import * as repo from './catalogue.repository';
import { type AccessDecision, decideEpisodeAccess, isFreeEpisode } from './episode-access';
import { seriesFields, toCategoryDto } from './series-mapper';
import { parseTranslations } from './translations';

export const EPISODE_NOT_FOUND_MESSAGE = 'Episode not found';

/** Turns series rows into Series answers (product.md#entities) with categories, seasons and counts (three queries per batch). */
export async function hydrateSeries(ctx: AppContext, rows: SeriesRow[]): Promise<Series[]> {
  const ids = rows.map((row) => row.id);
  const [categories, seasons, counts] = await Promise.all([
    repo.categoriesOfSeries(ctx.db, ids),
    repo.seasonsOfSeries(ctx.db, ids, nowIso(ctx)),
    repo.episodeCounts(ctx.db, ids, nowIso(ctx)),
  ]);
  return rows.map((row) => {
    const episodesCount = counts.get(row.id) ?? 0;
    const seriesSeasons: Season[] = seasons
      .filter((season) => season.series_id === row.id)
      .map((season) => ({
        id: season.id,
        number: season.number,
        title: season.title,
        episodes_count: season.episodes_count,
      }));
    return {
      ...seriesFields(ctx, row),
      categories: categories.filter((category) => category.series_id === row.id).map(toCategoryDto),
      total_episodes: row.total_episodes ?? episodesCount,
      episodes_count: episodesCount,
      seasons: seriesSeasons,
    };
  });
}

/**
 * A series' on-show episodes added up. An episode is free as the episode answers say (is_free, or
 * costing 0 coins); in a Gold exclusive the paid episodes open only with Gold, so they cost no coins.
 */
export function seriesTotals(
  episodes: Array<Pick<EpisodeRow, 'is_free' | 'coin_cost' | 'duration'>>,
  goldExclusive: boolean,
): SeriesTotals {
  let durationSeconds = 0;
  let free = 0;
  let coins = 0;
  for (const episode of episodes) {
    durationSeconds += Math.max(0, episode.duration);
    if (isFreeEpisode(episode, goldExclusive)) free += 1;
    else if (!goldExclusive) coins += episode.coin_cost;
  }
  return {
    episodes: episodes.length,
    duration_seconds: durationSeconds,
    free_episodes: free,
    paid_episodes: episodes.length - free,
    paid_coin_cost: coins,
  };
}

export function seriesDetail(ctx: AppContext, id: number): Promise<Series> {
  return catalogueCache(ctx).remember(`series/${id}`, async () => {
    const at = nowIso(ctx);
    const row = await repo.findVisibleSeries(ctx.db, id, at);
    if (!row) throw notFound(SERIES_NOT_FOUND_MESSAGE);
    const [[series], episodes] = await Promise.all([hydrateSeries(ctx, [row]), repo.episodesOfSeries(ctx.db, id, at)]);
    return { ...(series as Series), totals: seriesTotals(episodes, Boolean(row.is_gold_exclusive)) };
  });
}

/**
 * The on-show series an address names (`/player/{slug}/{number}`, `/series/{slug}`): the address as
 * written in a link is read through the one slug rule (shared routes.ts), so quotes, accents and capitals
 * in a typed or pasted link still find it, then looked up exactly. `moved` when it is a former address.
 */
export async function seriesBySlug(ctx: AppContext, written: string): Promise<{ series: Series; moved: boolean }> {
  const slug = slugOf(written, '');
  const found = slug
    ? await catalogueCache(ctx).remember(`series-slug/${slug}`, () =>
        repo.findVisibleSeriesSlug(ctx.db, slug, nowIso(ctx)).then((row) => row ?? null),
      )
    : null;
  if (!found) throw notFound(SERIES_NOT_FOUND_MESSAGE);
  return { series: await seriesDetail(ctx, found.id), moved: found.slug !== written };
}

// --- Series lists ----------------------------------------------------------------------------------

export interface SeriesListQuery {
  limit: number;
  page: number;
  ordering: string;
  category?: string;
  is_featured?: boolean;
  is_trending?: boolean;
  is_gold_exclusive?: boolean;
  is_top?: boolean;
  search?: string;
}

export const SERIES_ORDERINGS = ['created_at', 'title', 'rating', 'year', 'id', 'likes'] as const;

export function listSeries(ctx: AppContext, query: SeriesListQuery, path: string): Promise<Paginated<Series>> {
  return catalogueCache(ctx).remember(queryKey(`series-list:${path}`, query), () => readSeriesList(ctx, query, path));
}

async function readSeriesList(ctx: AppContext, query: SeriesListQuery, path: string): Promise<Paginated<Series>> {
  let categoryId: number | null | undefined;
  if (query.category !== undefined && query.category !== '') {
    const category = await repo.findCategoryBySlugOrId(ctx.db, query.category);
    // An unknown category matches nothing (an empty page), like any other filter.
    categoryId = category ? category.id : -1;
  }
  const descending = query.ordering.startsWith('-');
  const column = query.ordering.replace(/^-/, '') as repo.SeriesOrdering;
  const { rows, count } = await paginate(
    query,
    query.limit,
    repo.seriesPages(
      ctx.db,
      nowIso(ctx),
      {
        categoryId,
        isFeatured: query.is_featured,
        isTrending: query.is_trending,
        isGoldExclusive: query.is_gold_exclusive,
        isTop: query.is_top,
        search: query.search?.trim() || undefined,
      },
      { column, descending },
    ),
  );
  return {
    results: await hydrateSeries(ctx, rows),
    count,
    ...pageLinks(path, query, query.page, query.limit, count),
  };
}

export type Highlight = 'featured' | 'trending' | 'gold-exclusives';

/** The home carousels: at most 10 each (product.md#catalogue), newest first. */
export function highlights(ctx: AppContext, which: Highlight): Promise<Series[]> {
  return catalogueCache(ctx).remember(`highlights/${which}`, () => readHighlights(ctx, which));
}

async function readHighlights(ctx: AppContext, which: Highlight): Promise<Series[]> {
  const filters: repo.SeriesFilters =
    which === 'featured'
      ? { isFeatured: true }
      : which === 'trending'
        ? { isTrending: true }
        : { isGoldExclusive: true };
  const rows = await repo
    .seriesPages(ctx.db, nowIso(ctx), filters, { column: 'created_at', descending: true })
    .rows({ limit: HIGHLIGHT_LIST_LIMIT, offset: 0 });
  return hydrateSeries(ctx, rows);
}

// --- Episodes ------------------------------------------------------------------------------------

export interface ViewerFacts {
  isGold: boolean;
  unlockedEpisodeIds: Set<number>;
  progressByEpisode: Map<number, { progress: number; position_seconds: number }>;
}

export type EpisodeDto = Omit<Episode, 'subtitles'> & {
  series_id: number;
  season_number: number;
  position_seconds: number;
  subtitles: Array<{ language: string; label: string }>;
};

async function viewerFacts(ctx: AppContext, viewer: UserRow | null, episodeIds: number[]): Promise<ViewerFacts> {
  if (!viewer || episodeIds.length === 0) {
    return {
      isGold: viewer ? isGoldMember(viewer, ctx.now()) : false,
      unlockedEpisodeIds: new Set(),
      progressByEpisode: new Map(),
    };
  }
  const [unlocks, progress] = await Promise.all([
    repo.unlocksAmong(ctx.db, viewer.id, episodeIds),
    repo.progressAmong(ctx.db, viewer.id, episodeIds),
  ]);
  return {
    isGold: isGoldMember(viewer, ctx.now()),
    unlockedEpisodeIds: new Set(unlocks.map((row) => row.episode_id)),
    progressByEpisode: new Map(
      progress.map((row) => [row.episode_id, { progress: row.progress, position_seconds: row.position_seconds }]),
    ),
  };
}

export function accessFor(
  episode: Pick<EpisodeRow, 'id' | 'is_free' | 'coin_cost'>,
  seriesIsGoldExclusive: boolean,
  facts: Pick<ViewerFacts, 'isGold' | 'unlockedEpisodeIds'>,
): AccessDecision {
  return decideEpisodeAccess({
    isFree: Boolean(episode.is_free),
    coinCost: episode.coin_cost,
    seriesIsGoldExclusive,
    viewerIsGold: facts.isGold,
    viewerUnlocked: facts.unlockedEpisodeIds.has(episode.id),
  });
}

type EpisodeWithSeries = EpisodeRow & {
  series_title: string;
  series_title_en?: string;
  series_translations?: string | null;
};

/**
 * Episode answers (product.md#entities). Playback addresses (hls_url, video_url) are included only when the viewer may
 * play the episode, signed for that viewer (media/playback-addresses.ts); a locked episode is played
 * through `GET /episodes/{id}/stream/` after unlocking.
 */
export async function toEpisodeDtos(
  ctx: AppContext,
  viewer: UserRow | null,
  rows: EpisodeWithSeries[],
  goldExclusiveSeries: Set<number>,
): Promise<EpisodeDto[]> {
  const ids = rows.map((row) => row.id);
  const [facts, subtitles] = await Promise.all([viewerFacts(ctx, viewer, ids), subtitlesByEpisode(ctx, ids)]);
  const media = ctx.mediaUrl;
  return rows.map((row) => {
    const access = accessFor(row, goldExclusiveSeries.has(row.series_id), facts);
    const progress = facts.progressByEpisode.get(row.id);
    const play = access.allowed ? playbackAddresses(ctx, row, grantViewer(access, viewer)) : null;
    return {
      id: row.id,
      series: row.series_id,
      series_id: row.series_id,
      series_title: row.series_title,
      series_title_en: row.series_title_en || row.series_title,
      series_translations: parseTranslations(row.series_translations),
      season: row.season_number,
      season_number: row.season_number,
      episode_number: row.episode_number,
      title: row.title,
      description: row.description,
      translations: parseTranslations(row.translations),
      thumbnail: media(row.thumbnail),
      duration: row.duration,
      credits_start: row.credits_start ?? null,
      video_url: play?.video_url ?? null,
      hls_url: play?.hls_url ?? null,
      is_free: isFreeEpisode(row, goldExclusiveSeries.has(row.series_id)),
      // A Gold exclusive sells no episode for coins: no price is answered for one.
      coin_cost: goldExclusiveSeries.has(row.series_id) ? 0 : row.coin_cost,
      is_unlocked: access.allowed,
      progress: progress?.progress ?? 0,
      position_seconds: progress?.position_seconds ?? 0,
      created_at: row.created_at,
      // Listed for locked episodes too, so the player can offer captions before the video loads.
      subtitles: subtitles.get(row.id) ?? [],
    };
  });
}

async function goldExclusiveIds(ctx: AppContext, seriesIds: number[]): Promise<Set<number>> {
  const unique = [...new Set(seriesIds)];
  if (unique.length === 0) return new Set();
  const rows = await repo.goldExclusiveFlags(ctx.db, unique);
  return new Set(rows.filter((row) => row.is_gold_exclusive).map((row) => row.id));
}

export async function episodeDtosFor(ctx: AppContext, viewer: UserRow | null, rows: EpisodeWithSeries[]) {
  return toEpisodeDtos(
    ctx,
    viewer,
    rows,
    await goldExclusiveIds(
      ctx,
      rows.map((row) => row.series_id),
    ),
  );
}

export async function seriesEpisodes(ctx: AppContext, viewer: UserRow | null, seriesId: number): Promise<EpisodeDto[]> {
  const at = nowIso(ctx);
  const series = await repo.findVisibleSeries(ctx.db, seriesId, at);
  if (!series) throw notFound(SERIES_NOT_FOUND_MESSAGE);
  const rows = (await repo.episodesOfSeries(ctx.db, seriesId, at)).map((row) => ({
    ...row,
    series_title: series.title,
    series_title_en: series.title_en,
    series_translations: series.translations,
  }));
  return toEpisodeDtos(ctx, viewer, rows, new Set(series.is_gold_exclusive ? [series.id] : []));
}

export async function listEpisodes(
  ctx: AppContext,
  viewer: UserRow | null,
  query: { series?: number; limit: number; page: number },
  path: string,
): Promise<Paginated<EpisodeDto>> {
  const at = nowIso(ctx);
  if (query.series !== undefined && !(await repo.findVisibleSeries(ctx.db, query.series, at))) {
    throw notFound(SERIES_NOT_FOUND_MESSAGE);
  }
  const { rows, count } = await paginate(query, query.limit, repo.episodePages(ctx.db, query.series, at));
  return {
    results: await episodeDtosFor(ctx, viewer, rows),
    count,
    ...pageLinks(path, query, query.page, query.limit, count),
  };
}

export async function findEpisodeOrThrow(ctx: AppContext, episodeId: number) {
  const row = await repo.findVisibleEpisode(ctx.db, episodeId, nowIso(ctx));
  if (!row) throw notFound(EPISODE_NOT_FOUND_MESSAGE);
  return row;
}

export async function episodeDetail(ctx: AppContext, viewer: UserRow | null, episodeId: number): Promise<EpisodeDto> {
  const row = await findEpisodeOrThrow(ctx, episodeId);
  const [dto] = await toEpisodeDtos(ctx, viewer, [row], new Set(row.series_is_gold_exclusive ? [row.series_id] : []));
  return dto as EpisodeDto;
}

/** Whom a playback grant is for: anybody for a free episode, else the viewer who may watch it. */
export function grantViewer(access: AccessDecision & { allowed: true }, viewer: Pick<UserRow, 'id'> | null): number {
  return access.via === 'free' || !viewer ? PUBLIC_VIEWER : viewer.id;
}

export type StreamOutcome =
  | { ok: true; answer: EpisodeStream }
  | { ok: false; reason: 'locked' | 'gold_required'; coin_cost: number };

export async function streamEpisode(
  ctx: AppContext,
  viewer: UserRow | null,
  episodeId: number,
): Promise<StreamOutcome> {
  const row = await findEpisodeOrThrow(ctx, episodeId);
  const facts = await viewerFacts(ctx, viewer, [row.id]);
  const access = accessFor(row, Boolean(row.series_is_gold_exclusive), facts);
  if (!access.allowed) return { ok: false, reason: access.reason, coin_cost: row.coin_cost };
  const play = playbackAddresses(ctx, row, grantViewer(access, viewer));
  const url = play.hls_url ?? play.video_url;
  if (!url) throw notFound('This episode has no video yet');
  return {
    ok: true,
    answer: {
      episode_id: row.id,
      hls_url: play.hls_url,
      video_url: play.video_url,
      url,
      access: access.via,
      expires_at: play.expires_at,
    },
  };
}

// --- Categories, search, recommendations --------------------------------------------------------

/** The genre chips: only categories a series on show uses, so a category made in a draft stays out of sight. */
export function categories(ctx: AppContext): Promise<Category[]> {
  return catalogueCache(ctx).remember('categories', async () =>
    (await repo.listCategories(ctx.db, nowIso(ctx))).map(toCategoryDto),
  );
}

export const SEARCH_RESULT_LIMIT = 20;

export async function search(ctx: AppContext, viewer: UserRow | null, text: string) {
  const q = text.trim();
  if (!q) return { series: [], episodes: [] };
  const at = nowIso(ctx);
  const [rows, episodes] = await Promise.all([
    repo
      .seriesPages(ctx.db, at, { search: q }, { column: 'created_at', descending: true })
      .rows({ limit: SEARCH_RESULT_LIMIT, offset: 0 }),
    repo.searchEpisodes(ctx.db, q, SEARCH_RESULT_LIMIT, at),
  ]);
  return { series: await hydrateSeries(ctx, rows), episodes: await episodeDtosFor(ctx, viewer, episodes) };
}
