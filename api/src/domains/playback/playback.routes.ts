/**
 * Signed playback: `/media/play/<episode>/<file>?t=<grant>` serves the video package of an episode to
 * whoever holds a grant for it (kernel/playback-grants.ts, handed out by media/playback-addresses.ts
 * only to viewers who may watch). A viewer's grant for a paid episode carries their id; a free
 * episode's grant is public, and is checked here against the episode still being free, so a price set
 * later closes it at once.
 *
 * Playlists are rewritten as they are served: every child address (variant playlists, segments,
 * `URI="…"` of keys and init segments) carries the same grant, or, when the package lives in the
 * object store, becomes a presigned GET address of the private object that expires with the grant.
 *
 * Subtitles (issue #21) are part of the package as served, not of the stored files: the master lists
 * the episode's tracks, and `subtitles/<language>.m3u8` and `.vtt` answer from the database through
 * the same grant check (media/subtitle-renditions.ts), so a locked episode's subtitles stay locked too.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, posix } from 'node:path';
import { SUBTITLE_LANGUAGE_PATTERN } from '@cliffhanger/shared/subtitles';
import { send } from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import {
  type GrantCheck,
  grantTiming,
  PUBLIC_VIEWER,
  playbackKey,
  signGrant,
  verifyGrant,
} from '../../kernel/playback-grants';
import { MEDIA_CONTENT_TYPES, storedFileOptions } from '../media/media.plugin';
import { mediaStorageFor } from '../media/media-storage';
import { type PackageLocation, PLAYBACK_PREFIX, type PlaybackSource } from '../media/playback-addresses';
import type { S3MediaStorage } from '../media/s3-media-storage';
import {
  addSubtitleRenditions,
  firstPresentationTime,
  firstVariant,
  isMasterPlaylist,
  mediaPlaylistFacts,
  SUBTITLE_PATH,
  subtitlePlaylist,
  withTimestampMap,
} from '../media/subtitle-renditions';
import { findTrack } from '../subtitles/subtitles.repository';
import {
  type PackageTimeline,
  PlaylistCache,
  packageFile,
  presignFor,
  resolveChild,
  rewritePlaylist,
  TimelineCache,
} from './package-files';
import { type CachedSource, previewSourceOf, sourceOf, subtitleTracksOf } from './playback.service';

/** Files of a video package; anything else under a package is not served by the playback route. */
export const PLAYBACK_FILE = /\.(m3u8|ts|m4s|mp4|m4a|m4v|aac|vtt|key)$/i;

export const PLAYBACK_REFUSED = {
  missing: 'This video address is not signed. Open the episode again to play it.',
  malformed: 'This video address is not valid. Open the episode again to play it.',
  expired: 'This video address has expired. Open the episode again to get a new one.',
  forged: 'This video address is not valid for this episode. Open the episode again to play it.',
  notFree: 'This episode is no longer free. Open it again to see how to watch it.',
} as const;

const MAX_EPISODE_ID = 2_147_483_647;
const SUBTITLE_LANGUAGE = new RegExp(SUBTITLE_LANGUAGE_PATTERN);
const NOT_FOUND = 'Media file not found';

type Granted = Extract<GrantCheck, { ok: true }>['grant'];

/** One authorised request for a file of a package. */
interface PackageRequest {
  request: FastifyRequest;
  reply: FastifyReply;
  episodeId: number;
  grant: Granted;
  source: NonNullable<CachedSource>;
  /** The file inside the package. */
  relative: string;
  type: string | undefined;
}

const refuse = (reply: FastifyReply, status: 403 | 404, message: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ message });

const folderOf = (file: string) => {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
};

/** The first variant's length and the first segment's clock of a package (subtitle-renditions.ts), read once. */
function timelineReader(
  timelines: TimelineCache,
  readPackageFile: (source: PackageLocation, relative: string) => Promise<Buffer>,
) {
  return (source: PlaybackSource): Promise<PackageTimeline | null> => {
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
}

export async function signedPlaybackPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const key = playbackKey(ctx.config.jwtSecret);
  const storage = mediaStorageFor(ctx.config);
  const playlists = new PlaylistCache();
  const readPackageFile = (source: PackageLocation, relative: string): Promise<Buffer> =>
    source.store === 'local'
      ? readFile(join(ctx.config.mediaRoot, source.root, ...relative.split('/')))
      : (storage as S3MediaStorage).read(`${source.root}/${relative}`);

  const timelineOf = timelineReader(new TimelineCache(), readPackageFile);

  /** A subtitle rendition: its playlist, or its WebVTT, from the database. */
  const serveSubtitle = async (at: PackageRequest, language: string, kind: string | undefined) => {
    const { request, reply, episodeId, source } = at;
    const tracks = SUBTITLE_LANGUAGE.test(language) ? await subtitleTracksOf(ctx, episodeId) : [];
    if (!tracks.some((track) => track.language === language)) return refuse(reply, 404, NOT_FOUND);
    let timeline: PackageTimeline | null = null;
    try {
      timeline = await timelineOf(source);
    } catch (error) {
      request.log.warn({ err: error, episodeId }, 'package timeline unreadable');
    }
    let body: string;
    if (kind === 'm3u8') {
      const seconds = timeline?.durationSeconds || source.duration;
      body = subtitlePlaylist(seconds, `${language}.vtt?t=${signGrant(key, at.grant)}`);
    } else {
      const track = await findTrack(ctx.db, episodeId, language);
      if (!track) return refuse(reply, 404, NOT_FOUND);
      body = withTimestampMap(track.vtt, timeline?.startPts ?? null);
    }
    return reply
      .header('content-type', kind === 'm3u8' ? at.type : 'text/vtt; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .send(request.method === 'HEAD' ? undefined : body);
  };

  /** A playlist, with every child address signed (or presigned in the object store). */
  const servePlaylist = async (at: PackageRequest) => {
    const { request, reply, episodeId, source, relative } = at;
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
      return refuse(reply, 404, NOT_FOUND);
    }
    if (relative === source.hls) text = addSubtitleRenditions(text, await subtitleTracksOf(ctx, episodeId));
    const grant = signGrant(key, at.grant);
    const body = await rewritePlaylist(text, (uri) => {
      const child = resolveChild(folderOf(relative), uri);
      if (child === null) return uri;
      // Segments of a package in the object store come straight from it, presigned.
      if (source.store === 'object' && !child.endsWith('.m3u8')) {
        return presignFor(storage as S3MediaStorage, `${source.root}/${child}`, at.grant, grantTiming(ctx.config));
      }
      const bare = uri.split('#')[0] as string;
      return `${bare}${bare.includes('?') ? '&' : '?'}t=${grant}`;
    });
    return reply
      .header('content-type', at.type)
      .header('cache-control', 'private, no-cache')
      .send(request.method === 'HEAD' ? undefined : body);
  };

  /** Any other file: from the object store by a presigned redirect, or from MEDIA_ROOT. */
  const serveFile = async (at: PackageRequest) => {
    const { request, reply, source, relative } = at;
    if (source.store === 'object') {
      // Players are given presigned segment addresses; a client that asks here is sent there.
      const target = await presignFor(
        storage as S3MediaStorage,
        `${source.root}/${relative}`,
        at.grant,
        grantTiming(ctx.config),
      );
      return reply.header('cache-control', 'private, no-store').redirect(target, 302);
    }
    // @fastify/send (the engine of @fastify/static) serves the one file this handler has authorised,
    // and the handler keeps every answer its own: @fastify/static's sendFile would hand a missing
    // file to the site-wide not-found handler, with the grant's cache header already set.
    const result = await send(request.raw, `/${relative}`, storedFileOptions(join(ctx.config.mediaRoot, source.root)));
    if (result.type !== 'file') {
      result.stream.destroy();
      return refuse(reply, 404, NOT_FOUND);
    }
    const secondsLeft = Math.max(0, at.grant.expires - Math.floor(ctx.now().getTime() / 1000));
    reply.headers(result.headers);
    if (at.type) reply.header('content-type', at.type);
    reply.header('cache-control', `private, max-age=${secondsLeft}`);
    return reply.code(result.statusCode).send(result.stream);
  };

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
      if (!(episodeId >= 1 && episodeId <= MAX_EPISODE_ID)) return refuse(reply, 404, NOT_FOUND);
      const token = (request.query as Record<string, unknown> | undefined)?.t;
      const check = verifyGrant(key, episodeId, token, ctx.now());
      if (!check.ok) return refuse(reply, 403, PLAYBACK_REFUSED[check.reason]);
      const source = (await sourceOf(ctx, episodeId)) ?? (await previewSourceOf(ctx, episodeId, check.grant.viewer));
      if (!source) return refuse(reply, 404, NOT_FOUND);
      if (check.grant.viewer === PUBLIC_VIEWER && !source.free) return refuse(reply, 403, PLAYBACK_REFUSED.notFree);

      // The file inside the package, from the raw path (decoded once; no `..`, no hidden names).
      const rawPath = (request.raw.url ?? '/').split('?')[0] as string;
      const relative = packageFile(rawPath.slice(`${PLAYBACK_PREFIX}/${episode}`.length));
      if (!relative || !PLAYBACK_FILE.test(relative)) return refuse(reply, 404, NOT_FOUND);
      const type = MEDIA_CONTENT_TYPES[extname(relative).toLowerCase()];
      const at: PackageRequest = { request, reply, episodeId, grant: check.grant, source, relative, type };
      const subtitle = SUBTITLE_PATH.exec(relative);
      if (subtitle) return serveSubtitle(at, subtitle[1] ?? '', subtitle[2]);
      if (relative.endsWith('.m3u8')) return servePlaylist(at);
      return serveFile(at);
    },
  });
}
