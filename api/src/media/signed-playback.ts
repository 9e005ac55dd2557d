/**
 * Signed playback: the video of an episode (master and variant playlists, segments, init segments,
 * keys, MP4) is reachable only through `/media/play/<episode>/<file>?t=<grant>`, never through the
 * public `/media/` folder, which answers images only (media.plugin.ts).
 *
 * A grant is `<viewer>.<expires>.<mac>`: the viewer it was issued to (0 = anybody, for a free episode),
 * its expiry (Unix seconds) and an HMAC-SHA256 (first 128 bits, base64url) of episode, viewer and
 * expiry under a key derived from JWT_SECRET, so every API process checks it without a database and
 * a grant for one episode opens no other. The API hands grants only to viewers who may watch
 * (`playbackAddresses`): a viewer's grant for a paid episode carries their id; a free episode's
 * grant is public, and is checked at serve time against the episode still being free, so a price
 * set later closes it at once.
 *
 * Playlists are rewritten as they are served: every child address (variant playlists, segments,
 * `URI="…"` of keys and init segments) carries the same grant, or, when the package lives in the
 * object store, becomes a presigned GET address of the private object that expires with the grant.
 *
 * Subtitles (issue #21) are part of the package as served, not of the stored files: the master lists
 * the episode's tracks, and `subtitles/<language>.m3u8` and `.vtt` answer from the database through
 * the same grant check (subtitle-renditions.ts), so a locked episode's subtitles stay locked too.
 *
 * Expiry: an hour, rounded up to the next ten minutes (so 60–70 min). It covers a binge sitting on
 * one episode-list answer (20–40 episodes of 1–3 minutes) and the pre-buffered next episode; an
 * address copied out of the page stops working within 70 minutes; and the rounding makes the
 * addresses a viewer gets within ten minutes identical, so the browser's cache and the pre-buffered
 * video reuse what they fetched. A player whose address expired mid-episode asks the API for a new one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join, posix } from 'node:path';
import { SUBTITLE_LANGUAGE_PATTERN } from '@cliffhanger/shared/subtitles';
import { send } from '@fastify/send';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { catalogueCache } from '../cache/app-caches';
import { type AppConfig, PLAYBACK_TTL_SECONDS } from '../config';
import { type AppContext, nowIso } from '../context';
import * as catalogueRepo from '../domains/catalogue/catalogue.repository';
import { isFreeEpisode } from '../domains/catalogue/episode-access';
import { mediaStorageFor } from '../domains/media-library/media-storage';
import { S3MediaStorage } from '../domains/media-library/s3-media-storage';
import { keyUnder, type MediaStorage } from '../domains/media-library/storage-keys';
import { findTrack } from '../domains/subtitles/subtitles.repository';
import { subtitlesByEpisode } from '../domains/subtitles/subtitles.service';
import { isActiveStaff } from '../kernel/accounts.repository';
import { MEDIA_CONTENT_TYPES, MEDIA_PREFIX, storedFileOptions } from './media.plugin';
import {
  addSubtitleRenditions,
  firstPresentationTime,
  firstVariant,
  isMasterPlaylist,
  mediaPlaylistFacts,
  type RenditionTrack,
  SUBTITLE_PATH,
  subtitlePlaylist,
  withTimestampMap,
} from './subtitle-renditions';

export const PLAYBACK_PREFIX = `${MEDIA_PREFIX}/play`;
export { PLAYBACK_TTL_SECONDS };
export const PLAYBACK_STEP_SECONDS = 10 * 60;
/** The viewer of a grant that anybody may use: free episodes only. */
export const PUBLIC_VIEWER = 0;

/** Files of a video package; anything else under a package is not served by the playback route. */
export const PLAYBACK_FILE = /\.(m3u8|ts|m4s|mp4|m4a|m4v|aac|vtt|key)$/i;

export const PLAYBACK_REFUSED = {
  missing: 'This video address is not signed. Open the episode again to play it.',
  malformed: 'This video address is not valid. Open the episode again to play it.',
  expired: 'This video address has expired. Open the episode again to get a new one.',
  forged: 'This video address is not valid for this episode. Open the episode again to play it.',
  notFree: 'This episode is no longer free. Open it again to see how to watch it.',
} as const;

export interface PlaybackGrant {
  episodeId: number;
  viewer: number;
  /** Unix seconds. */
  expires: number;
}

const derivedKeys = new Map<string, Buffer>();
/** The grant key, derived from the token secret so that neither can stand in for the other. */
export function playbackKey(secret: string): Buffer {
  let key = derivedKeys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('cliffhanger signed playback v1').digest();
    derivedKeys.set(secret, key);
  }
  return key;
}

/**
 * A grant's lifetime and rounding step: the configured lifetime (a second to PLAYBACK_TTL_SECONDS),
 * rounded up to the 10-minute step, or to its own length when it is shorter than that.
 */
export function grantTiming(config: Pick<AppConfig, 'playbackTtlSeconds'>): { ttl: number; step: number } {
  const ttl = Math.max(1, Math.min(config.playbackTtlSeconds ?? PLAYBACK_TTL_SECONDS, PLAYBACK_TTL_SECONDS));
  return { ttl, step: Math.min(PLAYBACK_STEP_SECONDS, ttl) };
}

/** When a grant issued at `now` expires: TTL later, rounded up to the step. */
export function grantExpiry(now: Date, timing = { ttl: PLAYBACK_TTL_SECONDS, step: PLAYBACK_STEP_SECONDS }): number {
  const at = Math.floor(now.getTime() / 1000) + timing.ttl;
  return Math.ceil(at / timing.step) * timing.step;
}

function mac(key: Buffer, grant: PlaybackGrant): string {
  return createHmac('sha256', key)
    .update(`${grant.episodeId}.${grant.viewer}.${grant.expires}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function signGrant(key: Buffer, grant: PlaybackGrant): string {
  return `${grant.viewer}.${grant.expires}.${mac(key, grant)}`;
}

const GRANT = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

export type GrantCheck =
  | { ok: true; grant: PlaybackGrant }
  | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'forged' };

export function verifyGrant(key: Buffer, episodeId: number, token: unknown, now: Date): GrantCheck {
  if (token === undefined || token === '') return { ok: false, reason: 'missing' };
  const match = typeof token === 'string' ? GRANT.exec(token) : null;
  if (!match) return { ok: false, reason: 'malformed' };
  const grant = { episodeId, viewer: Number(match[1]), expires: Number(match[2]) };
  const expected = Buffer.from(mac(key, grant));
  const given = Buffer.from(match[3] as string);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
  if (grant.expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}

// --- Where an episode's video lives --------------------------------------------------------------

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

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

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
    file ? ctx.mediaUrl(`${PLAYBACK_PREFIX}/${episode.id}/${encodePath(file)}?t=${token}`) : null;
  return {
    hls_url: signed(source.hls) ?? external(episode.hls_url),
    video_url: signed(source.video) ?? external(episode.video_url),
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

// --- Playlists -----------------------------------------------------------------------------------

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
function presignFor(
  storage: S3MediaStorage,
  objectKey: string,
  grant: PlaybackGrant,
  timing: { ttl: number; step: number },
): Promise<string> {
  const signedAt = new Date((grant.expires - timing.ttl - timing.step) * 1000);
  return storage.presign(objectKey, signedAt, new Date(grant.expires * 1000));
}

/** A path below the package from the raw request path: decoded once, no empty, `..` or hidden part. */
function packageFile(rawFile: string): string | null {
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
function resolveChild(playlistDir: string, uri: string): string | null {
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

// --- Serving ---------------------------------------------------------------------------------------

type CachedSource = (PlaybackSource & { free: boolean; duration: number }) | null;

/** The episode's package and whether it is free, as stored now (the catalogue cache drops it on any write). */
function sourceOf(ctx: AppContext, episodeId: number): Promise<CachedSource> {
  return catalogueCache(ctx).remember(`playback:${episodeId}`, async (): Promise<CachedSource> => {
    const row = await catalogueRepo.findVisibleEpisode(ctx.db, episodeId, nowIso(ctx));
    if (!row) return null;
    const source = locatePlayback(row.hls_url, row.video_url, mediaStorageFor(ctx.config));
    const free = isFreeEpisode(row, Boolean(row.series_is_gold_exclusive));
    return source && { ...source, free, duration: row.duration };
  });
}

/** The episode's subtitle tracks as the master lists them (the catalogue cache drops them on any write). */
function subtitleTracksOf(ctx: AppContext, episodeId: number): Promise<RenditionTrack[]> {
  return catalogueCache(ctx).remember(
    `playback-subtitles:${episodeId}`,
    async () => (await subtitlesByEpisode(ctx, [episodeId])).get(episodeId) ?? [],
  );
}

/**
 * An episode viewers cannot see yet (a draft, or scheduled), for a staff preview: only when the grant
 * names an active staff member. Never cached, so a preview ends when the rights do.
 */
async function previewSourceOf(ctx: AppContext, episodeId: number, viewer: number): Promise<CachedSource> {
  if (viewer === PUBLIC_VIEWER) return null;
  if (!(await isActiveStaff(ctx.db, viewer))) return null;
  const row = await catalogueRepo.episodePlaybackFields(ctx.db, episodeId);
  const source = row && locatePlayback(row.hls_url, row.video_url, mediaStorageFor(ctx.config));
  return source
    ? { ...source, free: isFreeEpisode(row, Boolean(row.is_gold_exclusive)), duration: row.duration }
    : null;
}

const PLAYLIST_CACHE_MS = 60_000;
const PLAYLIST_CACHE_ENTRIES = 500;

/** Object-store playlists, kept briefly: a package is written once under its own prefix. */
class PlaylistCache {
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

const MAX_EPISODE_ID = 2_147_483_647;
const SUBTITLE_LANGUAGE = new RegExp(SUBTITLE_LANGUAGE_PATTERN);

/** What subtitles need of a package: how long it plays and where its MPEG-TS clock starts. */
interface PackageTimeline {
  durationSeconds: number;
  /** The first segment's first presentation time (90 kHz), or null when not MPEG-TS. */
  startPts: number | null;
}

const TIMELINE_ENTRIES = 500;

/**
 * Package timelines, read once per package: a package is written once under its own folder or
 * prefix (a new video is a new package), so what was read stays true.
 */
class TimelineCache {
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

export async function signedPlaybackPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const key = playbackKey(ctx.config.jwtSecret);
  const storage = mediaStorageFor(ctx.config);
  const playlists = new PlaylistCache();
  const timelines = new TimelineCache();
  const folderOf = (file: string) => {
    const dir = posix.dirname(file);
    return dir === '.' ? '' : dir;
  };
  const readPackageFile = (source: PackageLocation, relative: string): Promise<Buffer> =>
    source.store === 'local'
      ? readFile(join(ctx.config.mediaRoot, source.root, ...relative.split('/')))
      : (storage as S3MediaStorage).read(`${source.root}/${relative}`);
  /** The first variant's length and the first segment's clock (subtitle-renditions.ts). */
  const timelineOf = (source: PlaybackSource): Promise<PackageTimeline | null> => {
    const master = source.hls;
    if (!master) return Promise.resolve(null);
    return timelines.get(`${source.store}:${source.root}`, async () => {
      const top = (await readPackageFile(source, master)).toString('utf8');
      let mediaPath: string | null = master;
      let playlist = top;
      if (isMasterPlaylist(top)) {
        const variant = firstVariant(top);
        mediaPath = variant === null ? null : resolveChild(folderOf(master), variant);
        if (mediaPath === null) return null;
        playlist = (await readPackageFile(source, mediaPath)).toString('utf8');
      }
      const facts = mediaPlaylistFacts(playlist);
      const segment = facts.firstSegment === null ? null : resolveChild(folderOf(mediaPath), facts.firstSegment);
      const startPts =
        segment && !facts.opaque && /\.ts$/i.test(segment)
          ? firstPresentationTime(await readPackageFile(source, segment))
          : null;
      return { durationSeconds: facts.durationSeconds, startPts };
    });
  };
  const refuse = (reply: FastifyReply, status: 403 | 404, message: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ message });

  app.route({
    method: ['GET', 'HEAD'],
    url: `${PLAYBACK_PREFIX}/:episode/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      // Players on other origins must see a refusal's status to ask for a new address.
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      const { episode } = request.params as { episode: string };
      const episodeId = /^\d{1,10}$/.test(episode) ? Number(episode) : Number.NaN;
      if (!(episodeId >= 1 && episodeId <= MAX_EPISODE_ID)) return refuse(reply, 404, 'Media file not found');
      const token = (request.query as Record<string, unknown> | undefined)?.t;
      const check = verifyGrant(key, episodeId, token, ctx.now());
      if (!check.ok) return refuse(reply, 403, PLAYBACK_REFUSED[check.reason]);
      const source = (await sourceOf(ctx, episodeId)) ?? (await previewSourceOf(ctx, episodeId, check.grant.viewer));
      if (!source) return refuse(reply, 404, 'Media file not found');
      if (check.grant.viewer === PUBLIC_VIEWER && !source.free) return refuse(reply, 403, PLAYBACK_REFUSED.notFree);

      // The file inside the package, from the raw path (decoded once; no `..`, no hidden names).
      const rawPath = (request.raw.url ?? '/').split('?')[0] as string;
      const rawFile = rawPath.slice(`${PLAYBACK_PREFIX}/${episode}`.length);
      const relative = packageFile(rawFile);
      if (!relative || !PLAYBACK_FILE.test(relative)) return refuse(reply, 404, 'Media file not found');
      const type = MEDIA_CONTENT_TYPES[extname(relative).toLowerCase()];
      const secondsLeft = Math.max(0, check.grant.expires - Math.floor(ctx.now().getTime() / 1000));

      // A subtitle rendition: its playlist, or its WebVTT, from the database.
      const subtitle = SUBTITLE_PATH.exec(relative);
      if (subtitle) {
        const [, language = '', kind] = subtitle;
        const tracks = SUBTITLE_LANGUAGE.test(language) ? await subtitleTracksOf(ctx, episodeId) : [];
        if (!tracks.some((track) => track.language === language)) return refuse(reply, 404, 'Media file not found');
        let timeline: PackageTimeline | null = null;
        try {
          timeline = await timelineOf(source);
        } catch (error) {
          request.log.warn({ err: error, episodeId }, 'package timeline unreadable');
        }
        let body: string;
        if (kind === 'm3u8') {
          const seconds = timeline?.durationSeconds || source.duration;
          body = subtitlePlaylist(seconds, `${language}.vtt?t=${signGrant(key, check.grant)}`);
        } else {
          const track = await findTrack(ctx.db, episodeId, language);
          if (!track) return refuse(reply, 404, 'Media file not found');
          body = withTimestampMap(track.vtt, timeline?.startPts ?? null);
        }
        return reply
          .header('content-type', kind === 'm3u8' ? type : 'text/vtt; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .send(request.method === 'HEAD' ? undefined : body);
      }

      if (relative.endsWith('.m3u8')) {
        let text: string;
        try {
          text =
            source.store === 'local'
              ? await readFile(join(ctx.config.mediaRoot, source.root, ...relative.split('/')), 'utf8')
              : await playlists.get(`${source.root}/${relative}`, async () =>
                  (await (storage as S3MediaStorage).read(`${source.root}/${relative}`)).toString('utf8'),
                );
        } catch (error) {
          request.log.warn({ err: error, episodeId, file: relative }, 'playlist unreadable');
          return refuse(reply, 404, 'Media file not found');
        }
        if (relative === source.hls) text = addSubtitleRenditions(text, await subtitleTracksOf(ctx, episodeId));
        const grant = signGrant(key, check.grant);
        const dir = posix.dirname(relative);
        const body = await rewritePlaylist(text, (uri) => {
          const child = resolveChild(dir === '.' ? '' : dir, uri);
          if (child === null) return uri;
          // Segments of a package in the object store come straight from it, presigned.
          if (source.store === 'object' && !child.endsWith('.m3u8')) {
            return presignFor(
              storage as S3MediaStorage,
              `${source.root}/${child}`,
              check.grant,
              grantTiming(ctx.config),
            );
          }
          const bare = uri.split('#')[0] as string;
          return `${bare}${bare.includes('?') ? '&' : '?'}t=${grant}`;
        });
        return reply
          .header('content-type', type)
          .header('cache-control', 'private, no-cache')
          .send(request.method === 'HEAD' ? undefined : body);
      }

      if (source.store === 'object') {
        // Players are given presigned segment addresses; a client that asks here is sent there.
        const target = await presignFor(
          storage as S3MediaStorage,
          `${source.root}/${relative}`,
          check.grant,
          grantTiming(ctx.config),
        );
        return reply.header('cache-control', 'private, no-store').redirect(target, 302);
      }

      // @fastify/send (the engine of @fastify/static) serves the one file this handler has authorised,
      // and the handler keeps every answer its own: @fastify/static's sendFile would hand a missing
      // file to the site-wide not-found handler, with the grant's cache header already set.
      const result = await send(
        request.raw,
        `/${relative}`,
        storedFileOptions(join(ctx.config.mediaRoot, source.root)),
      );
      if (result.type !== 'file') {
        result.stream.destroy();
        return refuse(reply, 404, 'Media file not found');
      }
      reply.headers(result.headers);
      if (type) reply.header('content-type', type);
      reply.header('cache-control', `private, max-age=${secondsLeft}`);
      return reply.code(result.statusCode).send(result.stream);
    },
  });
}
