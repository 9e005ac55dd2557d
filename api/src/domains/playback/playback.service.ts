/**
 * Which package an episode plays from, asked at serve time: a visible episode's (cached with the
 * catalogue), or a draft's for a staff preview, and the episode's subtitle tracks.
 */
import { catalogueCache } from '../../cache/app-caches';
import { type AppContext, nowIso } from '../../context';
import { isActiveStaff } from '../../kernel/accounts.repository';
import { PUBLIC_VIEWER } from '../../kernel/playback-grants';
import * as catalogueRepo from '../catalogue/catalogue.repository';
import { isFreeEpisode } from '../catalogue/episode-access';
import { mediaStorageFor } from '../media/media-storage';
import { locatePlayback, type PlaybackSource } from '../media/playback-addresses';
import type { RenditionTrack } from '../media/subtitle-renditions';
import { subtitlesByEpisode } from '../subtitles/subtitles.service';

export type CachedSource = (PlaybackSource & { free: boolean; duration: number }) | null;

/** The episode's package and whether it is free, as stored now (the catalogue cache drops it on any write). */
export function sourceOf(ctx: AppContext, episodeId: number): Promise<CachedSource> {
  return catalogueCache(ctx).remember(`playback:${episodeId}`, async (): Promise<CachedSource> => {
    const row = await catalogueRepo.findVisibleEpisode(ctx.db, episodeId, nowIso(ctx));
    if (!row) return null;
    const source = locatePlayback(row.hls_url, row.video_url, mediaStorageFor(ctx.config));
    const free = isFreeEpisode(row, Boolean(row.series_is_gold_exclusive));
    return source && { ...source, free, duration: row.duration };
  });
}

/** The episode's subtitle tracks as the master lists them (the catalogue cache drops them on any write). */
export function subtitleTracksOf(ctx: AppContext, episodeId: number): Promise<RenditionTrack[]> {
  return catalogueCache(ctx).remember(
    `playback-subtitles:${episodeId}`,
    async () => (await subtitlesByEpisode(ctx, [episodeId])).get(episodeId) ?? [],
  );
}

/**
 * An episode viewers cannot see yet (a draft, or scheduled), for a staff preview: only when the grant
 * names an active staff member. Never cached, so a preview ends when the rights do.
 */
export async function previewSourceOf(ctx: AppContext, episodeId: number, viewer: number): Promise<CachedSource> {
  if (viewer === PUBLIC_VIEWER) return null;
  if (!(await isActiveStaff(ctx.db, viewer))) return null;
  const row = await catalogueRepo.episodePlaybackFields(ctx.db, episodeId);
  const source = row && locatePlayback(row.hls_url, row.video_url, mediaStorageFor(ctx.config));
  return source
    ? { ...source, free: isFreeEpisode(row, Boolean(row.is_gold_exclusive)), duration: row.duration }
    : null;
}
