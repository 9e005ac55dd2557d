/**
 * The second provider's media-feed API (product.md#feed-api), served by us over the same catalogue: carousels of
 * Media feed series (product.md#feed-api), a series with its Feed episodes (locked per the viewer's access), the coin
 * balance, the public profile flags and the one-time device report.
 */

import { SERIES_NOT_FOUND_MESSAGE } from '@cliffhanger/shared/constants';
import type { FeedEpisode, FeedSeries } from '@cliffhanger/shared/entities';
import { publicViewCache } from '../../cache/app-caches';
import type { PublicViewFlags } from '../../cache/public-view-cache';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { EpisodeRow, SeriesRow, UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import * as catalogueRepo from '../catalogue/catalogue.repository';
import { accessFor, grantViewer } from '../catalogue/catalogue.service';
import { parseTags } from '../catalogue/tags';
import { parseTranslations } from '../catalogue/translations';
import { playbackAddresses } from '../media/playback-addresses';
import { isGoldMember, publicFlags } from '../users/users.service';
import * as repo from './feed.repository';

/** The body id must name the caller: its numeric id, or (for guests) its client-made guest id. */
export function assertOwnId(viewer: Pick<UserRow, 'id' | 'guest_id'>, id: number | string) {
  const own = String(id) === String(viewer.id) || (viewer.guest_id !== null && id === viewer.guest_id);
  if (!own) throw forbidden('The id in the request does not belong to the signed-in user');
}

/** 'gold' marks Gold exclusives (product.md#feed-api); the other sections order the feed's carousels. */
export function feedSection(row: SeriesRow): string {
  if (row.is_gold_exclusive) return 'gold';
  if (row.is_featured) return 'featured';
  if (row.is_trending) return 'trending';
  if (row.is_top) return 'top';
  return 'new';
}

interface SeriesFacts {
  episodes: EpisodeRow[];
  lastView: { episode_number: number; position_seconds: number } | undefined;
  isFav: boolean;
  withFragments: boolean;
}

function toFeedSeries(
  ctx: AppContext,
  viewer: UserRow,
  row: SeriesRow,
  facts: SeriesFacts,
  unlocked: Set<number>,
): FeedSeries {
  const media = (value: string | null) => ctx.mediaUrl(value) ?? '';
  const viewerFacts = { isGold: isGoldMember(viewer, ctx.now()), unlockedEpisodeIds: unlocked };
  const fragments: FeedEpisode[] = facts.episodes.map((episode) => {
    const access = accessFor(episode, Boolean(row.is_gold_exclusive), viewerFacts);
    const play = access.allowed ? playbackAddresses(ctx, episode, grantViewer(access, viewer)) : null;
    return {
      episode_id: episode.id,
      series_id: row.id,
      series_name: row.title,
      number: episode.episode_number,
      episode_cover: media(episode.thumbnail),
      videoLink: play?.hls_url ?? play?.video_url ?? '',
      duration: episode.duration,
      locked: access.allowed ? 0 : 1,
      coin_cost: episode.coin_cost,
    };
  });
  const first = fragments[0];
  return {
    series_id: row.id,
    name: row.title,
    description: row.description,
    title_en: row.title_en || row.title,
    translations: parseTranslations(row.translations),
    cover: media(row.poster_image ?? row.cover_image),
    cover_horizontal: media(row.banner_image ?? row.slider_image ?? row.cover_image),
    episodes_count: facts.episodes.length,
    feed_section: feedSection(row),
    last_view_episode_number: facts.lastView?.episode_number ?? null,
    last_view_position: facts.lastView?.position_seconds ?? null,
    episode_cover: first?.episode_cover ?? '',
    fragments: facts.withFragments ? fragments : [],
    videoLink: first?.videoLink ?? '',
    duration: first?.duration ?? 0,
    is_fav: facts.isFav,
    tags: parseTags(row.tags),
    likes: row.likes,
  };
}

/** Every visible series, Gold exclusives first, then by section and newest. */
export async function carousel(ctx: AppContext, viewer: UserRow): Promise<FeedSeries[]> {
  const at = nowIso(ctx);
  const rows = await catalogueRepo.newestVisibleSeries(ctx.db, at);
  const ids = rows.map((row) => row.id);
  const [episodes, views, favourites, unlocked] = await Promise.all([
    catalogueRepo.publishedEpisodesOf(ctx.db, ids, at),
    repo.lastViews(ctx.db, viewer.id),
    repo.favouriteSeriesIds(ctx.db, viewer.id),
    repo.unlockedEpisodeIds(ctx.db, viewer.id),
  ]);
  const order = ['gold', 'featured', 'trending', 'top', 'new'];
  return rows
    .map((row) =>
      toFeedSeries(
        ctx,
        viewer,
        row,
        {
          episodes: episodes.filter((episode) => episode.series_id === row.id),
          lastView: views.get(row.id),
          isFav: favourites.has(row.id),
          withFragments: false,
        },
        unlocked,
      ),
    )
    .sort((a, b) => order.indexOf(a.feed_section) - order.indexOf(b.feed_section));
}

export async function seriesDetail(ctx: AppContext, viewer: UserRow, seriesId: number): Promise<FeedSeries> {
  const row = await catalogueRepo.findVisibleSeries(ctx.db, seriesId, nowIso(ctx));
  if (!row) throw notFound(SERIES_NOT_FOUND_MESSAGE);
  const [episodes, views, favourites, unlocked] = await Promise.all([
    catalogueRepo.episodesOfSeries(ctx.db, seriesId, nowIso(ctx)),
    repo.lastViews(ctx.db, viewer.id, [seriesId]),
    repo.favouriteSeriesIds(ctx.db, viewer.id),
    repo.unlockedEpisodeIds(ctx.db, viewer.id),
  ]);
  return toFeedSeries(
    ctx,
    viewer,
    row,
    { episodes, lastView: views.get(seriesId), isFav: favourites.has(seriesId), withFragments: true },
    unlocked,
  );
}

/**
 * The public-view flags, polled every 2 s by every open tab (product.md#accounts). Uncached, the answer is the caller's
 * row, which authenticating the request reads anyway (one primary-key lookup). Cached
 * (api/src/cache/public-view-cache.ts), a poll with a valid token is answered from the cache entry of
 * the token's user, made from that row while the user was active; any write to the row's flags
 * invalidates it. Without a usable token, or on a miss, `authenticate` runs the usual checks
 * (401 for a missing, invalid or expired token, a disabled or merged account) and answers the caller.
 */
export async function publicView(
  ctx: AppContext,
  sessionUserId: number | null,
  callerId: number | string,
  authenticate: () => Promise<UserRow>,
): Promise<PublicViewFlags> {
  const cache = publicViewCache(ctx);
  const userId = cache ? sessionUserId : null;
  const cached = cache && userId !== null ? await cache.read(userId, ctx.now()) : null;
  if (cached?.hit) {
    assertOwnId(cached.hit.owner, callerId);
    return cached.hit.flags;
  }
  const viewer = await authenticate();
  assertOwnId(viewer, callerId);
  const now = ctx.now();
  const flags = publicFlags(viewer, now);
  if (cache && cached?.stamp && viewer.id === userId) {
    const subscriptionEnds = flags.has_active_subs ? viewer.gold_until : null;
    await cache.write(
      viewer.id,
      { owner: { id: viewer.id, guest_id: viewer.guest_id }, flags, validUntil: subscriptionEnds },
      cached.stamp,
      now,
    );
  }
  return flags;
}

export async function storeDeviceReport(ctx: AppContext, viewer: UserRow, body: Record<string, unknown>) {
  const { id: _id, ...report } = body;
  const stored = await repo.insertDeviceReportOnce(ctx.db, viewer.id, JSON.stringify(report), nowIso(ctx));
  return { success: 1 as const, stored };
}
