/**
 * The files of a video package as served: paths from the request checked to stay inside the package,
 * playlists rewritten so every child address carries the grant (or is a presigned object address),
 * and the short-lived caches of what was read from the object store.
 */
import { posix } from 'node:path';
import type { PlaybackGrant } from '../../kernel/playback-grants';
import type { S3MediaStorage } from '../media/s3-media-storage';

/**
 * Rewrites every address a playlist names (URI lines and `URI="…"` attributes) with `sign`, which is
 * given the address as written and answers the one to serve.
 */
export async function rewritePlaylist(text: string, sign: (uri: string) => string | Promise<string>): Promise<string> {
  const lines = await Promise.all(
    text.split('\n').map(async (line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (!trimmed.startsWith('#')) return sign(trimmed);
      const uris = [...line.matchAll(/URI="([^"]*)"/g)].map((match) => match[1] as string);
      if (uris.length === 0) return line;
      const signed = await Promise.all(uris.map(sign));
      let index = 0;
      return line.replace(/URI="([^"]*)"/g, () => `URI="${signed[index++]}"`);
    }),
  );
  return lines.join('\n');
}

/**
 * A presigned address of an object of the package, valid until the grant expires. It is signed at
 * the start of the grant's ten-minute window, so every request within the window gets the same one.
 */
export function presignFor(
  storage: S3MediaStorage,
  objectKey: string,
  grant: PlaybackGrant,
  timing: { ttl: number; step: number },
): Promise<string> {
  const signedAt = new Date((grant.expires - timing.ttl - timing.step) * 1000);
  return storage.presign(objectKey, signedAt, new Date(grant.expires * 1000));
}

/** A path below the package from the raw request path: decoded once, no empty, `..` or hidden part. */
export function packageFile(rawFile: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawFile.replace(/^\/+/, ''));
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const parts = decoded.split('/');
  return parts.some((part) => part === '' || part.startsWith('.')) ? null : decoded;
}

/** A relative child address resolved against the playlist's folder, or null when it leaves the package. */
export function resolveChild(playlistDir: string, uri: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/')) return null;
  const path = uri.split(/[?#]/)[0] as string;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const resolved = posix.normalize(posix.join(playlistDir, decoded));
  return resolved.startsWith('../') || resolved === '..' || resolved.startsWith('/') ? null : resolved;
}

const PLAYLIST_CACHE_MS = 60_000;
const PLAYLIST_CACHE_ENTRIES = 500;

/** Object-store playlists, kept briefly: a package is written once under its own prefix. */
export class PlaylistCache {
  private readonly entries = new Map<string, { at: number; text: Promise<string> }>();

  get(key: string, load: () => Promise<string>): Promise<string> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < PLAYLIST_CACHE_MS) return entry.text;
    const text = load();
    this.entries.delete(key);
    this.entries.set(key, { at: now, text });
    if (this.entries.size > PLAYLIST_CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    text.catch(() => this.entries.delete(key));
    return text;
  }
}

/** What subtitles need of a package: how long it plays and where its MPEG-TS clock starts. */
export interface PackageTimeline {
  durationSeconds: number;
  /** The first segment's first presentation time (90 kHz), or null when not MPEG-TS. */
  startPts: number | null;
}

const TIMELINE_ENTRIES = 500;

/**
 * Package timelines, read once per package: a package is written once under its own folder or
 * prefix (a new video is a new package), so what was read stays true.
 */
export class TimelineCache {
  private readonly entries = new Map<string, Promise<PackageTimeline | null>>();

  get(key: string, load: () => Promise<PackageTimeline | null>): Promise<PackageTimeline | null> {
    const known = this.entries.get(key);
    if (known) return known;
    const loading = load();
    this.entries.set(key, loading);
    if (this.entries.size > TIMELINE_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    loading.catch(() => this.entries.delete(key));
    return loading;
  }
}
