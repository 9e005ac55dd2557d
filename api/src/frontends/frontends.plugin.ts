/**
 * Serves the built frontends from the API's process (the one-command start): the shell at `/`, each
 * remote under `/remotes/<name>/`, `remotes.json` and `config.js` beside the shell. Remote entries and
 * manifests are `no-cache` so a redeployed remote is picked up at once; hashed chunks are immutable.
 * Published versions of a remote (REMOTE_RELEASES_DIR) answer at `/remotes/<name>/<version>/`, all
 * immutable, since a published version never changes.
 * Any other GET that wants HTML answers the shell's `index.html`, so deep links work. Every page it
 * serves carries the Content-Security-Policy built from the effective remotes.json and the browser's
 * runtime configuration (content-security-policy.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { detectLanguage } from '@cliffhanger/shared/languages';
import { matchRoute, type RouteMatch } from '@cliffhanger/shared/routes';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, type RemoteName } from '../config';
import { mediaStorageFor } from '../domains/media/media-storage';
import { S3MediaStorage } from '../domains/media/s3-media-storage';
import { headerLanguages, varyOn } from '../http/messages/viewer-language';
import { contentSecurityPolicy } from './content-security-policy';
import { firstScreenLinkHeader, homeFirstScreen, withFirstScreen, withPageLanguage } from './first-screen';
import { remotesJson } from './frontends-config';
import { isInside, isVersionName, publishedFolder, safeRelativePath } from './releases-paths';
import { genericPreview, type PageAnswer, pageAnswerFor, withSharePreview } from './share-preview';

export interface FrontendsOptions {
  /** The repository root: builds are read from `<root>/shell/dist` and `<root>/mf-<name>/dist`. */
  rootDir: string;
  /** Overrides of remote locations, e.g. from `REMOTES_JSON` or `REMOTE_CATALOG_URL`. */
  remoteOverrides?: Partial<Record<RemoteName, string>>;
  /** Values for the browser's runtime configuration (`window.__CLIFFHANGER__`). */
  runtimeConfig?: Record<string, string>;
  /** Published remote versions (`<remote>/<version>/`); absent: `<rootDir>/var/remote-releases`. */
  releasesDir?: string;
  /** REMOTE_RELEASES_URL: where pages fetch published versions when not `/remotes` on this site. */
  releasesUrl?: string;
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED = /\.[0-9a-f]{8}\.(js|css|map)$|\/assets\//;

/** The file a served path stands for: `index.html.br` is `index.html`, pre-compressed. */
function uncompressedName(filePath: string): string {
  return path.basename(filePath).replace(/\.(br|gz)$/, '');
}

export function isHtmlFile(filePath: string): boolean {
  return /\.html?$/.test(uncompressedName(filePath));
}

/** The cache policy of a built file: entries and manifests revalidate, hashed chunks never change. */
export function cacheControlFor(filePath: string): string {
  const base = uncompressedName(filePath);
  if (base === 'mf-manifest.json' || base === 'remoteEntry.js' || base === 'mf-stats.json' || base.endsWith('.html')) {
    return NO_CACHE;
  }
  return HASHED.test(filePath) ? IMMUTABLE : 'public, max-age=300';
}

async function frontends(app: FastifyInstance, options: FrontendsOptions) {
  const shellDist = path.join(options.rootDir, 'shell', 'dist');
  const remotes = remotesJson(options.rootDir, options.remoteOverrides);
  // The pages' policy also admits the published versions' address when they are served elsewhere.
  const policyRemotes = options.releasesUrl ? { ...remotes, releases: `${options.releasesUrl}/` } : remotes;
  const releases = options.releasesDir ?? path.join(options.rootDir, 'var', 'remote-releases');
  const indexHtml = () => readFileSync(path.join(shellDist, 'index.html'));
  // Where stored media is answered: /media/ on this site, or an S3-compatible store's public address
  // and the store's own address, where presigned video segments are fetched.
  const storage = app.hasDecorator('ctx') ? mediaStorageFor(app.ctx.config) : null;
  const mediaAddresses = storage
    ? [storage.urlOf('any-file'), ...(storage instanceof S3MediaStorage ? [`${storage.signedOrigin}/`] : [])]
    : [];
  // The page's own origin is the request's (behind a trusted proxy, the forwarded one): remotes served
  // on it need no entry beyond 'self'.
  const pagePolicy = (request: FastifyRequest) =>
    contentSecurityPolicy({
      remotes: policyRemotes,
      runtimeConfig: options.runtimeConfig,
      siteOrigin: `${request.protocol}://${request.host}`,
      mediaAddresses,
    });
  // The home page names its first hero image (first-screen.ts); any trouble finding it only costs the head start.
  const homePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = indexHtml().toString('utf8');
    if (!app.hasDecorator('ctx')) return html;
    try {
      const first = await homeFirstScreen(app.ctx);
      const link = firstScreenLinkHeader(first);
      if (link) reply.header('link', link);
      // The skeleton's heading is in the browser's language (a choice made on the site is read later,
      // by the shell, from this browser's storage).
      varyOn(reply, 'Accept-Language');
      return withFirstScreen(html, first, detectLanguage(null, headerLanguages(request)));
    } catch (error) {
      request.log.warn({ err: error }, 'home page sent without its first hero image');
      return html;
    }
  };
  // A series or episode page carries its link preview (share-preview.ts), in the client's language; a
  // series' former address redirects; without a database it is the plain page with the generic preview.
  const routePage = async (request: FastifyRequest, reply: FastifyReply, match: RouteMatch) => {
    const html = indexHtml().toString('utf8');
    const pathname = request.url.split('?')[0] as string;
    const origin = (app.hasDecorator('ctx') && app.ctx.config.publicUrl) || `${request.protocol}://${request.host}`;
    const language = detectLanguage(null, headerLanguages(request));
    varyOn(reply, 'Accept-Language');
    let answer: PageAnswer = { preview: genericPreview(origin, pathname, language) };
    try {
      if (app.hasDecorator('ctx')) answer = await pageAnswerFor(app.ctx, match, origin, pathname, language);
    } catch (error) {
      request.log.warn({ err: error }, 'page sent without its link preview');
    }
    if ('redirect' in answer) {
      const query = request.url.slice(pathname.length);
      return reply.header('cache-control', NO_CACHE).redirect(`${answer.redirect}${query}`, 301);
    }
    return sendPage(request, reply, withPageLanguage(withSharePreview(html, answer.preview), language));
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, body?: string) =>
    reply
      .code(200)
      .header('cache-control', NO_CACHE)
      .header('content-security-policy', pagePolicy(request))
      .type('text/html; charset=utf-8')
      .send(body ?? (request.url.split('?')[0] === '/' ? await homePage(request, reply) : indexHtml()));
  const setFileHeaders = (reply: FastifyReply, filePath: string) => {
    reply.header('cache-control', cacheControlFor(filePath));
    if (isHtmlFile(filePath)) reply.header('content-security-policy', pagePolicy(reply.request));
  };

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return remotes;
  });

  app.get('/config.js', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', NO_CACHE).type('application/javascript; charset=utf-8');
    return `window.__CLIFFHANGER__ = ${JSON.stringify(options.runtimeConfig ?? {})};\n`;
  });

  for (const name of REMOTE_NAMES) {
    const dist = path.join(options.rootDir, `mf-${name}`, 'dist');
    await app.register(async (scope) => {
      // Remotes may be loaded from another origin (product.md#remotes): their files answer CORS for everyone.
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('access-control-allow-origin', '*');
        reply.header('cross-origin-resource-policy', 'cross-origin');
      });
      await scope.register(fastifyStatic, {
        root: dist,
        prefix: `/remotes/${name}/`,
        cacheControl: false,
        preCompressed: true,
        wildcard: true,
        setHeaders: (reply: FastifyReply, filePath: string) =>
          // A published version never changes: everything under its folder may be kept for good.
          isInside(releases, filePath) ? reply.header('cache-control', IMMUTABLE) : setFileHeaders(reply, filePath),
      });
      // `/remotes/<name>/<version>/…`: a published version (releases-paths.ts); any other first segment is
      // a folder of the built-in build, served as before.
      scope.get<{ Params: { version: string; '*': string } }>(
        `/remotes/${name}/:version/*`,
        { schema: { hide: true } },
        (request, reply) => {
          const { version, '*': rest } = request.params;
          const file = safeRelativePath(rest);
          if (file === null) return reply.callNotFound();
          const folder = publishedFolder(releases, name, version);
          if (folder) return reply.sendFile(file, folder);
          if (!isVersionName(version)) return reply.callNotFound();
          return reply.sendFile(`${version}/${file}`, dist);
        },
      );
    });
  }

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    decorateReply: false,
    cacheControl: false,
    preCompressed: true,
    index: false,
    // One wildcard route: files found are served, anything else reaches the not-found handler below.
    wildcard: true,
    setHeaders: setFileHeaders,
  });

  app.get('/', { schema: { hide: true } }, async (request, reply) => sendPage(request, reply));

  // Every route of the specification's table answers the app whatever the client accepts: link-preview
  // crawlers and scripts often ask for any type (*/*). With a trailing slash too (the server ignores it).
  // Any other address answers the app only to a browser asking for HTML; the rest is a JSON 404.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] as string;
    const isApi = /^\/(api|feed-api|media|remotes)(\/|$)/.test(pathname);
    const page = !isApi && (request.method === 'GET' || request.method === 'HEAD');
    const hasApp = page && existsSync(path.join(shellDist, 'index.html'));
    const match = hasApp && pathname !== '/' ? matchRoute(pathname) : null;
    if (match) return routePage(request, reply, match);
    if (hasApp && (request.headers.accept ?? '').includes('text/html')) return sendPage(request, reply);
    return reply.code(404).send({ message: `Nothing is served at ${request.method} ${pathname}` });
  });
}

export const frontendsPlugin = fp(frontends, { name: 'cliffhanger-frontends' });
