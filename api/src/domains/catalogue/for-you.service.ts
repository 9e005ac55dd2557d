/**
 * For you, "More like this" and /recommendations/: one ranking over one set of signals.
 *
 * Signals of the viewer (read per request, keyed by the id of the verified token, never cached for
 * anyone else): progress and completion per series, my list, likes and the categories and tags of what
 * they watched, listed and liked. Signals of everybody (cached with the catalogue, a few seconds at most, the same for every
 * viewer): what is trending (distinct viewers over the last TRENDING_DAYS days, plus the staff's
 * trending / featured / top flags) and co-watching ("people who finished X watched Y").
 *
 * The feed lists only clips the viewer may play now (a free episode, an episode they unlocked, any
 * episode for Gold; a series' first episode is its trailer), each with a signed playback address, so
 * nothing locked is ever shown. Drafts, scheduled and hidden series never appear (the catalogue's
 * visibility rules). Clips are mixed so that any 6 consecutive clips come from at least 3 series.
 */
import { SERIES_NOT_FOUND_MESSAGE } from '@cliffhanger/shared/constants';
import type { Series } from '@cliffhanger/shared/entities';
import {
  FOR_YOU_CLIPS_PER_SERIES,
  FOR_YOU_FEED_LIMIT,
  FOR_YOU_MIX_MIN_SERIES,
  FOR_YOU_MIX_WINDOW,
  type ForYouClip,
  type ForYouFeed,
} from '@cliffhanger/shared/for-you';
import { catalogueCache } from '../../cache/app-caches';
import { type AppContext, nowIso } from '../../context';
import type { EpisodeRow, SeriesRow, UserRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { playbackAddresses } from '../media/playback-addresses';
import { isGoldMember } from '../users/users.service';
import * as catalogueRepo from './catalogue.repository';
import { accessFor, grantViewer, hydrateSeries } from './catalogue.service';
import * as repo from './for-you.repository';
import { parseTags } from './tags';
import { parseTranslations } from './translations';

export const RECOMMENDATION_LIMIT = 10;
export const TRENDING_DAYS = 14;
/** Co-watching is read from the viewer's most watched finished series, at most this many. */
export const CO_WATCH_SOURCES = 20;

/** How much each signal weighs in a series' score (each signal is scaled to 0–1 first). */
export const WEIGHTS = {
  trending: 1,
  categories: 3,
  tags: 1.5,
  coWatched: 3,
  listed: 2,
  /** A liked series lends its categories and tags this much taste (a completed episode lends 1). */
  likedTaste: 1,
  inProgress: 2,
  /** More like this: how close a series is to the one on screen. */
  similar: 4,
} as const;

// --- Signals shared by every viewer ---------------------------------------------------------------

interface CatalogueSnapshot {
  series: SeriesRow[];
  categories: Map<number, number[]>;
  tags: Map<number, string[]>;
  episodes: Map<number, EpisodeRow[]>;
  /** Trending, 0–1 per series. */
  trending: Map<number, number>;
}

/** Tags compared without case. */
const lowerTags = (raw: string) => parseTags(raw).map((tag) => tag.toLowerCase());

function scaled(values: Map<number, number>): Map<number, number> {
  const max = Math.max(0, ...values.values());
  return new Map([...values].map(([key, value]) => [key, max > 0 ? value / max : 0]));
}

async function readSnapshot(ctx: AppContext): Promise<CatalogueSnapshot> {
  const at = nowIso(ctx);
  const since = new Date(ctx.now().getTime() - TRENDING_DAYS * 86_400_000).toISOString();
  const [series, categories, episodes, viewers] = await Promise.all([
    catalogueRepo.allVisibleSeries(ctx.db, at),
    catalogueRepo.categoryIdsBySeries(ctx.db, at),
    repo.visibleEpisodes(ctx.db, at),
    repo.recentViewers(ctx.db, since, at),
  ]);
  const bySeries = new Map<number, EpisodeRow[]>();
  for (const episode of episodes)
    bySeries.set(episode.series_id, [...(bySeries.get(episode.series_id) ?? []), episode]);
  const recent = scaled(new Map([...viewers].map(([id, count]) => [id, Math.log1p(count)])));
  const trending = new Map<number, number>();
  for (const row of series) {
    const flags = (row.is_trending ? 0.5 : 0) + (row.is_featured ? 0.3 : 0) + (row.is_top ? 0.2 : 0);
    const rating = (row.rating ?? 0) / 100; // a tie-breaker, never more than 0.1
    trending.set(row.id, (recent.get(row.id) ?? 0) * 0.7 + flags * 0.3 + rating);
  }
  return {
    series,
    categories,
    tags: new Map(series.map((row) => [row.id, lowerTags(row.tags)])),
    episodes: bySeries,
    trending,
  };
}

function snapshot(ctx: AppContext): Promise<CatalogueSnapshot> {
  return catalogueCache(ctx).remember('for-you/snapshot', () => readSnapshot(ctx));
}

function coWatchedWith(ctx: AppContext, seriesId: number): Promise<Map<number, number>> {
  return catalogueCache(ctx).remember(`for-you/co-watched/${seriesId}`, () => repo.coWatchedWith(ctx.db, seriesId));
}

// --- Signals of the viewer ------------------------------------------------------------------------

interface ViewerSignals {
  /** How much the viewer engaged with each series: completed episodes count 1, started ones 0.3. */
  engagement: Map<number, number>;
  /** Episodes the viewer completed. */
  completed: Set<number>;
  /** Per series, the episode the viewer touched last and where they were in it. */
  lastPlace: Map<number, { episode_id: number; position_seconds: number; completed: boolean }>;
  /** Series the viewer finished an episode of: the sources of co-watching. */
  finishedSeries: Set<number>;
  seen: Set<number>;
  listed: Set<number>;
  liked: Set<number>;
  unlocked: Set<number>;
  isGold: boolean;
}

const NO_SIGNALS: ViewerSignals = {
  engagement: new Map(),
  completed: new Set(),
  lastPlace: new Map(),
  finishedSeries: new Set(),
  seen: new Set(),
  listed: new Set(),
  liked: new Set(),
  unlocked: new Set(),
  isGold: false,
};

async function viewerSignals(ctx: AppContext, viewer: UserRow | null): Promise<ViewerSignals> {
  if (!viewer) return NO_SIGNALS;
  const [progress, history, listed, liked, unlocked] = await Promise.all([
    repo.viewerProgress(ctx.db, viewer.id),
    repo.viewerHistorySeries(ctx.db, viewer.id),
    repo.viewerListed(ctx.db, viewer.id),
    repo.viewerLiked(ctx.db, viewer.id),
    repo.viewerUnlocked(ctx.db, viewer.id),
  ]);
  const engagement = new Map<number, number>();
  const completed = new Set<number>();
  const finishedSeries = new Set<number>();
  const lastPlace = new Map<number, { episode_id: number; position_seconds: number; completed: boolean; at: string }>();
  for (const row of progress) {
    engagement.set(row.series_id, (engagement.get(row.series_id) ?? 0) + (row.completed ? 1 : 0.3));
    if (row.completed) {
      completed.add(row.episode_id);
      finishedSeries.add(row.series_id);
    }
    const last = lastPlace.get(row.series_id);
    if (!last || row.updated_at > last.at) {
      lastPlace.set(row.series_id, {
        episode_id: row.episode_id,
        position_seconds: row.position_seconds,
        completed: row.completed,
        at: row.updated_at,
      });
    }
  }
  for (const seriesId of history) if (!engagement.has(seriesId)) engagement.set(seriesId, 0.3);
  return {
    engagement,
    completed,
    lastPlace,
    finishedSeries,
    seen: new Set([...engagement.keys()]),
    listed,
    liked,
    unlocked,
    isGold: isGoldMember(viewer, ctx.now()),
  };
}

function hasSignals(signals: ViewerSignals): boolean {
  return signals.engagement.size > 0 || signals.listed.size > 0 || signals.liked.size > 0;
}

// --- Scoring -----------------------------------------------------------------------------------------

/** Category and tag weights of what the viewer watched (by engagement), listed and liked. */
function tasteOf(snap: CatalogueSnapshot, sources: Map<number, number>) {
  const categories = new Map<number, number>();
  const tags = new Map<string, number>();
  for (const [seriesId, weight] of sources) {
    for (const id of snap.categories.get(seriesId) ?? []) categories.set(id, (categories.get(id) ?? 0) + weight);
    for (const tag of snap.tags.get(seriesId) ?? []) tags.set(tag, (tags.get(tag) ?? 0) + weight);
  }
  return { categories, tags };
}

/** How well a series matches a taste, 0–1 per part (the share of the taste's weight it covers). */
function tasteMatch(snap: CatalogueSnapshot, taste: ReturnType<typeof tasteOf>, seriesId: number) {
  const total = (map: Map<unknown, number>) => [...map.values()].reduce((sum, value) => sum + value, 0);
  const categoryTotal = total(taste.categories);
  const tagTotal = total(taste.tags);
  let categories = 0;
  for (const id of snap.categories.get(seriesId) ?? []) categories += taste.categories.get(id) ?? 0;
  let tags = 0;
  for (const tag of snap.tags.get(seriesId) ?? []) tags += taste.tags.get(tag) ?? 0;
  return {
    categories: categoryTotal > 0 ? Math.min(1, categories / categoryTotal) : 0,
    tags: tagTotal > 0 ? Math.min(1, tags / tagTotal) : 0,
  };
}

/** Co-watching from each source series, weighted by the viewer's engagement with it; 0–1 per series. */
async function coWatchScores(ctx: AppContext, sources: Map<number, number>): Promise<Map<number, number>> {
  const scores = new Map<number, number>();
  const answers = await Promise.all(
    [...sources].map(async ([id, weight]) => [await coWatchedWith(ctx, id), weight] as const),
  );
  for (const [counts, weight] of answers) {
    for (const [seriesId, viewers] of counts)
      scores.set(seriesId, (scores.get(seriesId) ?? 0) + weight * Math.log1p(viewers));
  }
  return scaled(scores);
}

interface Ranked {
  row: SeriesRow;
  score: number;
}

/** Every visible series scored for the viewer, best first. */
async function rankForViewer(ctx: AppContext, snap: CatalogueSnapshot, signals: ViewerSignals): Promise<Ranked[]> {
  const sources = new Map(signals.engagement);
  for (const id of signals.listed) sources.set(id, (sources.get(id) ?? 0) + 0.5);
  for (const id of signals.liked) sources.set(id, (sources.get(id) ?? 0) + WEIGHTS.likedTaste);
  const taste = tasteOf(snap, sources);
  const finished = new Map(
    [...signals.finishedSeries]
      .map((id) => [id, signals.engagement.get(id) ?? 1] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, CO_WATCH_SOURCES),
  );
  const coWatched = await coWatchScores(ctx, finished);
  const personal = hasSignals(signals);
  return snap.series
    .map((row) => {
      const match = tasteMatch(snap, taste, row.id);
      const place = signals.lastPlace.get(row.id);
      const score =
        WEIGHTS.trending * (snap.trending.get(row.id) ?? 0) +
        (personal
          ? WEIGHTS.categories * match.categories +
            WEIGHTS.tags * match.tags +
            WEIGHTS.coWatched * (coWatched.get(row.id) ?? 0) +
            (signals.listed.has(row.id) ? WEIGHTS.listed : 0) +
            (place && !place.completed ? WEIGHTS.inProgress : 0)
          : 0);
      return { row, score };
    })
    .sort(byScore);
}

function byScore(a: Ranked, b: Ranked): number {
  return (
    b.score - a.score ||
    (b.row.rating ?? 0) - (a.row.rating ?? 0) ||
    b.row.created_at.localeCompare(a.row.created_at) ||
    a.row.id - b.row.id
  );
}

// --- The feed ----------------------------------------------------------------------------------------

interface Candidate {
  row: SeriesRow;
  score: number;
  clips: ForYouClip[];
}

/** The clips of one series the viewer may play now and has not finished, in play order. */
function clipsOf(
  ctx: AppContext,
  viewer: UserRow | null,
  signals: ViewerSignals,
  row: SeriesRow,
  episodes: EpisodeRow[],
) {
  const first = episodes[0];
  if (!first) return [];
  const place = signals.lastPlace.get(row.id);
  const at = place ? episodes.findIndex((episode) => episode.id === place.episode_id) : -1;
  // Where the viewer goes on: the episode they left mid-way, or the one after the episode they finished.
  const next = place && at >= 0 ? (place.completed ? episodes[at + 1] : episodes[at]) : undefined;
  const lead: ForYouClip['lead'] =
    place && next
      ? {
          kind: 'continue',
          episode_id: next.id,
          episode_number: next.episode_number,
          position_seconds: place.completed ? 0 : place.position_seconds,
        }
      : { kind: 'start', episode_id: first.id, episode_number: first.episode_number, position_seconds: 0 };
  const facts = { isGold: signals.isGold, unlockedEpisodeIds: signals.unlocked };
  const clips: ForYouClip[] = [];
  for (const episode of episodes) {
    if (clips.length >= FOR_YOU_CLIPS_PER_SERIES) break;
    if (signals.completed.has(episode.id)) continue;
    const access = accessFor(episode, Boolean(row.is_gold_exclusive), facts);
    if (!access.allowed) continue;
    const play = playbackAddresses(ctx, episode, grantViewer(access, viewer));
    if (!play.hls_url && !play.video_url) continue;
    clips.push({
      position: 0,
      episode_id: episode.id,
      series_id: row.id,
      series_title: row.title,
      series_title_en: row.title_en || row.title,
      series_translations: parseTranslations(row.translations),
      season_number: episode.season_number,
      episode_number: episode.episode_number,
      title: episode.title,
      translations: parseTranslations(episode.translations),
      thumbnail: ctx.mediaUrl(episode.thumbnail),
      poster: ctx.mediaUrl(row.poster_image ?? row.cover_image),
      duration: episode.duration,
      hls_url: play.hls_url,
      video_url: play.video_url,
      expires_at: play.expires_at,
      access: access.via,
      is_trailer: episode.id === first.id,
      lead,
    });
  }
  return clips;
}

/**
 * Deals clips from the ranked series: each turn takes the next clip of the series whose score, halved
 * for each clip it already gave, is highest, while no series holds more than ⌊WINDOW / MIN⌋ of any
 * WINDOW consecutive clips (so every window of 6 shows at least 3 series). A series that cannot be
 * placed now waits for a later turn; the feed ends when no series can be placed.
 */
export function mixClips(candidates: Array<{ score: number; clips: ForYouClip[] }>, limit = FOR_YOU_FEED_LIMIT) {
  const perWindow = Math.floor(FOR_YOU_MIX_WINDOW / FOR_YOU_MIX_MIN_SERIES);
  const state = candidates
    .filter((candidate) => candidate.clips.length > 0)
    .map((candidate, order) => ({ ...candidate, order, taken: 0 }));
  const feed: ForYouClip[] = [];
  const recent: number[] = []; // index into state of the last WINDOW − 1 clips
  while (feed.length < limit) {
    let best: (typeof state)[number] | undefined;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const [index, entry] of state.entries()) {
      if (entry.taken >= entry.clips.length) continue;
      if (recent.filter((i) => i === index).length >= perWindow) continue;
      const effective = entry.score / 2 ** entry.taken;
      if (effective > bestScore) {
        best = entry;
        bestScore = effective;
      }
    }
    if (!best) break;
    const clip = best.clips[best.taken] as ForYouClip;
    best.taken += 1;
    feed.push({ ...clip, position: feed.length });
    recent.push(state.indexOf(best));
    if (recent.length > FOR_YOU_MIX_WINDOW - 1) recent.shift();
  }
  return feed;
}

/** The viewer's for-you feed (a visitor without a token gets what is trending). */
export async function forYouFeed(ctx: AppContext, viewer: UserRow | null): Promise<ForYouFeed> {
  const [snap, signals] = await Promise.all([snapshot(ctx), viewerSignals(ctx, viewer)]);
  const ranked = await rankForViewer(ctx, snap, signals);
  const candidates: Candidate[] = ranked.map(({ row, score }) => ({
    row,
    // Scores are kept positive so the halving in mixClips always lowers a series.
    score: score + 0.01,
    clips: clipsOf(ctx, viewer, signals, row, snap.episodes.get(row.id) ?? []),
  }));
  return { clips: mixClips(candidates), personalised: hasSignals(signals) };
}

// --- Recommendations -------------------------------------------------------------------------------

/**
 * /recommendations/: the same ranking as the feed, leaving out what the viewer already watched or
 * listed; a new guest or a visitor gets what is trending.
 */
export async function viewerRecommendations(ctx: AppContext, viewer: UserRow | null): Promise<Series[]> {
  const [snap, signals] = await Promise.all([snapshot(ctx), viewerSignals(ctx, viewer)]);
  const ranked = await rankForViewer(ctx, snap, signals);
  const rows = ranked
    .filter(({ row }) => !signals.seen.has(row.id) && !signals.listed.has(row.id))
    .slice(0, RECOMMENDATION_LIMIT)
    .map(({ row }) => row);
  return hydrateSeries(ctx, rows);
}

/**
 * More like this: series close to `seriesId` (shared categories and tags) and those that people who
 * finished it watched, with the viewer's own taste and what is trending as lesser parts; never the
 * series itself, and what the viewer finished comes last.
 */
export async function moreLikeThis(ctx: AppContext, viewer: UserRow | null, seriesId: number): Promise<Series[]> {
  const [snap, signals] = await Promise.all([snapshot(ctx), viewerSignals(ctx, viewer)]);
  const self = snap.series.find((row) => row.id === seriesId);
  if (!self) throw notFound(SERIES_NOT_FOUND_MESSAGE);
  const closeness = tasteOf(snap, new Map([[seriesId, 1]]));
  const [coWatched, ranked] = await Promise.all([
    coWatchScores(ctx, new Map([[seriesId, 1]])),
    rankForViewer(ctx, snap, signals),
  ]);
  const personal = new Map(ranked.map(({ row, score }) => [row.id, score]));
  const maxPersonal = Math.max(1, ...personal.values());
  const scored: Ranked[] = snap.series
    .filter((row) => row.id !== seriesId)
    .map((row) => {
      const match = tasteMatch(snap, closeness, row.id);
      const score =
        WEIGHTS.similar * (0.65 * match.categories + 0.35 * match.tags) +
        WEIGHTS.coWatched * (coWatched.get(row.id) ?? 0) +
        (personal.get(row.id) ?? 0) / maxPersonal -
        (signals.finishedSeries.has(row.id) && !hasUnfinished(snap, signals, row.id) ? 10 : 0);
      return { row, score };
    })
    .sort(byScore);
  return hydrateSeries(
    ctx,
    scored.slice(0, RECOMMENDATION_LIMIT).map(({ row }) => row),
  );
}

function hasUnfinished(snap: CatalogueSnapshot, signals: ViewerSignals, seriesId: number): boolean {
  return (snap.episodes.get(seriesId) ?? []).some((episode) => !signals.completed.has(episode.id));
}
