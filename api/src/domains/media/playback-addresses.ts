/**
 * Where an episode's video lives and the signed addresses a viewer plays it from. The video of an
 * episode (master and variant playlists, segments, init segments, keys, MP4) is reachable only through
 * `/media/play/<episode>/<file>?t=<grant>` (domains/playback), never through the public `/media/`
 * folder, which answers images only (media.plugin.ts). The grant is signed by kernel/playback-grants.ts.
 */
import { posix } from 'node:path';
import type { AppContext } from '../../context';
import { grantExpiry, grantTiming, playbackKey, signGrant } from '../../kernel/playback-grants';
import { MEDIA_PREFIX } from './media.plugin';
import { mediaStorageFor } from './media-storage';
import { S3MediaStorage } from './s3-media-storage';
import { encodeKey, keyUnder, type MediaStorage } from './storage-keys';

export const PLAYBACK_PREFIX = `${MEDIA_PREFIX}/play`;

/** A video package: a folder under MEDIA_ROOT (`local`) or a key prefix in the object store. */
export interface PackageLocation {
  store: 'local' | 'object';
  /** The package folder (relative to MEDIA_ROOT) or key prefix, without a trailing slash. */
  root: string;
}

export interface PlaybackSource extends PackageLocation {
  /** The master playlist and the progressive file, relative to the root (null when there is none). */
  hls: string | null;
  video: string | null;
}

function storedFile(address: string, storage: MediaStorage): { store: PackageLocation['store']; key: string } | null {
  const local = keyUnder(`${MEDIA_PREFIX}/`, address);
  if (local) return { store: 'local', key: local };
  if (storage instanceof S3MediaStorage) {
    const key = storage.keyOf(address);
    if (key) return { store: 'object', key };
  }
  return null;
}

/**
 * Where the stored addresses of an episode point: the package is the master playlist's folder; a
 * progressive file is served only when it sits inside that folder (or stands alone). Null when the
 * video is elsewhere (an external address staff entered) or there is none.
 */
export function locatePlayback(
  hlsUrl: string | null,
  videoUrl: string | null,
  storage: MediaStorage,
): PlaybackSource | null {
  const hls = hlsUrl ? storedFile(hlsUrl, storage) : null;
  const video = videoUrl ? storedFile(videoUrl, storage) : null;
  const anchor = hls ?? video;
  if (!anchor) return null;
  const root = posix.dirname(anchor.key);
  if (root === '.' || root === '') return null;
  const inside = (file: typeof hls) =>
    file && file.store === anchor.store && file.key.startsWith(`${root}/`) ? file.key.slice(root.length + 1) : null;
  return { store: anchor.store, root, hls: inside(hls), video: inside(video) };
}

// --- Addresses handed to viewers -----------------------------------------------------------------

export interface PlaybackAddresses {
  hls_url: string | null;
  video_url: string | null;
  /** When the signed addresses stop working (ISO 8601); null when none is signed. */
  expires_at: string | null;
}

/**
 * The addresses an entitled viewer plays an episode from: signed for `viewer` (PUBLIC_VIEWER for a
 * free episode). Call only after the access decision allowed it. An external address is answered as
 * stored; a stored address that cannot be located is left out rather than answered unsigned.
 */
export function playbackAddresses(
  ctx: AppContext,
  episode: { id: number; hls_url: string | null; video_url: string | null },
  viewer: number,
): PlaybackAddresses {
  const source = locatePlayback(episode.hls_url, episode.video_url, mediaStorageFor(ctx.config));
  const external = (address: string | null) =>
    address && !address.startsWith(`${MEDIA_PREFIX}/`) && !storedFile(address, mediaStorageFor(ctx.config))
      ? ctx.mediaUrl(address)
      : null;
  if (!source) return { hls_url: external(episode.hls_url), video_url: external(episode.video_url), expires_at: null };
  const expires = grantExpiry(ctx.now(), grantTiming(ctx.config));
  const token = signGrant(playbackKey(ctx.config.jwtSecret), { episodeId: episode.id, viewer, expires });
  const signed = (file: string | null) =>
    file ? ctx.mediaUrl(`${PLAYBACK_PREFIX}/${episode.id}/${encodeKey(file)}?t=${token}`) : null;
  return {
    hls_url: signed(source.hls) ?? external(episode.hls_url),
    video_url: signed(source.video) ?? external(episode.video_url),
    expires_at: new Date(expires * 1000).toISOString(),
  };
}
