/**
 * Serves the public part of MEDIA_ROOT under /media/: images (posters, thumbnails, banners and their
 * `?w=` renditions) with ETag/Last-Modified revalidation and CORS open to every origin — frontends may
 * live on other origins (remotes, dev servers). Video never comes from here, whatever its folder:
 * playlists, segments and MP4s are answered only by the signed playback route (signed-playback.ts),
 * so an address derived from a public image (a sibling file, a neighbouring id) finds nothing.
 *
 * Files go through @fastify/static in a scope of their own (prefix /media, `decorateReply: false`, so
 * it sits beside the frontends' and the docs page's registrations): it refuses path traversal, dotfiles
 * and non-canonical paths, answers ranges and conditional requests, and lists no directory. Its
 * `allowedPath` lets images through and nothing else; every refusal, whatever its cause, is the same
 * JSON 404, so a probe learns nothing about what exists.
 */
import { mkdirSync } from 'node:fs';
import { extname } from 'node:path';
import { IMAGE_RENDITION_WIDTHS } from '@cliffhanger/shared/image-renditions';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { imageRenditions, mediaFileInside, RESIZABLE_IMAGE, type Rendition, renditionWidth } from './image-renditions';

/** Content types players expect, by extension; an object store is given the same ones. */
export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.vtt': 'text/vtt',
};

export const MEDIA_PREFIX = '/media';

/** Playlists may be rewritten when an episode is re-transcoded; segments and images never change. */
export function mediaCacheControl(path: string): string {
  return path.endsWith('.m3u8') ? 'no-cache' : 'public, max-age=86400';
}

const notFound = (reply: FastifyReply) => reply.code(404).send({ message: 'Media file not found' });

/** How a stored media file is sent (ranges, validators, no dotfiles); callers set cache-control themselves. */
export function storedFileOptions(root: string) {
  return {
    root,
    dotfiles: 'deny' as const,
    index: false as const,
    acceptRanges: true,
    etag: true,
    lastModified: true,
    cacheControl: false,
  };
}

export async function mediaPlugin(app: FastifyInstance, options: { mediaRoot: string }) {
  mkdirSync(options.mediaRoot, { recursive: true });
  await app.register(
    async (media) => {
      const renditions = imageRenditions;
      // Every answer here, refusals included, is readable from any origin.
      media.addHook('onRequest', async (_request, reply) => {
        reply.header('access-control-allow-origin', '*');
        reply.header('cross-origin-resource-policy', 'cross-origin');
      });
      media.setNotFoundHandler((_request, reply) => notFound(reply));
      // @fastify/static answers a refused path (traversal, a dotfile, a non-canonical form) with a 403
      // error: to the client that is a file not found like any other.
      const inherited = media.errorHandler;
      media.setErrorHandler(function mediaErrors(error: FastifyError, request, reply) {
        if (error.statusCode === 403 || error.statusCode === 404) return notFound(reply);
        return inherited.call(this, error, request, reply);
      });

      // A smaller rendition of an image (`?w=`): scaled once, then answered from memory.
      media.addHook('preHandler', async (request, reply) => {
        const askedWidth = (request.query as Record<string, unknown> | undefined)?.w;
        if (askedWidth === undefined) return;
        // The raw (still percent-encoded) path, decoded once by mediaFileInside.
        const rawPath = (request.raw.url ?? '/').split('?')[0] as string;
        const filePath = rawPath.slice(MEDIA_PREFIX.length) || '/';
        const width = renditionWidth(askedWidth);
        if (width === null)
          return reply.code(400).send({ message: `Image width must be one of ${IMAGE_RENDITION_WIDTHS.join(', ')}` });
        const file = RESIZABLE_IMAGE.test(filePath) ? mediaFileInside(options.mediaRoot, filePath) : null;
        if (!file) return notFound(reply);
        let rendition: Rendition;
        try {
          rendition = await renditions.get(file, width);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return notFound(reply);
          request.log.warn({ err: error, file: filePath }, 'image rendition failed');
          return reply.code(422).send({ message: 'This image could not be resized' });
        }
        reply
          .header('content-type', 'image/webp')
          .header('cache-control', mediaCacheControl(filePath))
          .header('etag', rendition.etag);
        if (request.headers['if-none-match'] === rendition.etag) return reply.code(304).send();
        return reply.send(request.method === 'HEAD' ? undefined : rendition.data);
      });

      await media.register(fastifyStatic, {
        ...storedFileOptions(options.mediaRoot),
        prefix: '/',
        decorateReply: false,
        wildcard: true,
        list: false,
        redirect: false,
        schemaHide: true,
        // The decoded, normalised path: only images are public; anything else (video above all) is
        // answered as if it did not exist.
        allowedPath: (pathName) => RESIZABLE_IMAGE.test(pathName),
        setHeaders: (reply, path) => {
          const type = MEDIA_CONTENT_TYPES[extname(path).toLowerCase()];
          if (type) reply.header('content-type', type);
          reply.header('cache-control', mediaCacheControl(path));
        },
      });
    },
    { prefix: MEDIA_PREFIX },
  );
}
