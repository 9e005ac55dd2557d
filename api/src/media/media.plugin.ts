/**
 * Serves the public part of MEDIA_ROOT under /media/: images (posters, thumbnails, banners and their
 * `?w=` renditions) with ETag/Last-Modified revalidation and CORS open to every origin — frontends may
 * live on other origins (remotes, dev servers). Video never comes from here, whatever its folder:
 * playlists, segments and MP4s are answered only by the signed playback route (signed-playback.ts),
 * so an address derived from a public image (a sibling file, a neighbouring id) finds nothing.
 *
 * Built on @fastify/send (the engine inside @fastify/static) rather than @fastify/static itself:
 * @fastify/static 10 pulls an ESM-only dependency that the repository's CommonJS jest cannot load, and
 * the lead's frontends plugin registers @fastify/static on its own. @fastify/send keeps the hard
 * parts — path traversal and dotfile refusal, ranges, conditional requests.
 */
import { mkdirSync } from 'node:fs';
import { extname } from 'node:path';
import { IMAGE_RENDITION_WIDTHS } from '@cliffhanger/shared/src/http/image-renditions';
import { send } from '@fastify/send';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/** Whether a raw /media/ path names an image (judged on the decoded path, as the file is found). */
export function isPublicImage(rawPath: string): boolean {
  try {
    return RESIZABLE_IMAGE.test(decodeURIComponent(rawPath));
  } catch {
    return false;
  }
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
  const renditions = imageRenditions;

  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      // The raw (still percent-encoded) path: send decodes it once and refuses anything outside root.
      const rawPath = (request.raw.url ?? '/').split('?')[0] as string;
      const filePath = rawPath.slice(MEDIA_PREFIX.length) || '/';
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');

      // A smaller rendition of an image (`?w=`): scaled once, then answered from memory.
      const askedWidth = (request.query as Record<string, unknown> | undefined)?.w;
      if (askedWidth !== undefined) {
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
      }

      // Only images are public; anything else (video above all) is answered as if it did not exist.
      if (!isPublicImage(filePath)) return notFound(reply);
      const result = await send(request.raw, filePath, storedFileOptions(options.mediaRoot));
      if (result.type !== 'file') {
        result.stream.destroy();
        const status = result.type === 'error' && result.statusCode < 500 ? result.statusCode : 404;
        return status === 403 || status === 404
          ? notFound(reply)
          : reply.code(status).send({ message: 'Media file not found' });
      }
      reply.headers(result.headers);
      const type = MEDIA_CONTENT_TYPES[extname(result.metadata.path).toLowerCase()];
      if (type) reply.header('content-type', type);
      reply.header('cache-control', mediaCacheControl(filePath));
      return reply.code(result.statusCode).send(result.stream);
    },
  });
}
