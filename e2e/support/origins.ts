/**
 * The system as several teams deploy it: the API on its own origin, and each frontend's production
 * build behind a static server of its own, on its own port (so its own origin), like the nginx
 * services of docker-compose.yml. The shell's server answers `remotes.json` (pointing at the remotes'
 * origins) and `config.js` (pointing at the API's origin); the API allows the shell's origin by
 * CORS_ORIGINS and nothing else. A remote's server can be switched to another folder while pages are
 * open: that is a deploy.
 */
import { cpSync, createReadStream, existsSync, mkdtempSync, rmSync, type Stats, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_IDS, type RemoteId } from '@cliffhanger/shared/routes';
import { ROOT, type RunningSystem, startSystem, stopSystem } from './system';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The production cache policy (deploy/nginx-static.conf): entry points revalidate, hashed files never change. */
export function cacheControlFor(file: string): string {
  const base = path.basename(file);
  if (/^(mf-manifest\.json|mf-stats\.json|remoteEntry\.js|remotes\.json|config\.js)$|\.html$/.test(base)) {
    return 'no-cache';
  }
  return /\.[0-9a-f]{8}\.(js|css|map)$/.test(base) || file.includes('/assets/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=300';
}

/** A file the server makes rather than reads (the shell's `remotes.json` and `config.js`). */
export type GeneratedFile = () => { contentType: string; body: string };

export interface StaticOriginOptions {
  /** The folder served; `deploy()` switches it. */
  root: string;
  /** Answer `index.html` to page requests for paths that are not files (the shell's deep links). */
  pageFallback?: boolean;
  generated?: Record<string, GeneratedFile>;
}

export interface StaticOrigin {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** The folder being served now. */
  root(): string;
  /** Serves another folder from the next request on: a deploy, atomic as a symlink swap. */
  deploy(root: string): void;
  /** Paths requested so far, in order (`/remoteEntry.js`, `/129.fd641a21.js` …). */
  requests: string[];
  close(): Promise<void>;
}

function fileIn(root: string, urlPath: string): { file: string; stats: Stats } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.join(root, path.normalize(decoded).replace(/^(\.\.(\/|\\|$))+/, ''));
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const stats = statSync(file);
    return stats.isFile() ? { file, stats } : null;
  } catch {
    return null;
  }
}

/** The pre-compressed twin the client accepts (`.br` before `.gz`), as nginx's gzip_static/brotli_static. */
function compressedTwin(file: string, accepted: string): { file: string; encoding: string } | null {
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (accepted.includes(encoding) && existsSync(file + suffix)) return { file: file + suffix, encoding };
  }
  return null;
}

function send(request: IncomingMessage, response: ServerResponse, file: string, stats: Stats): void {
  const etag = `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': cacheControlFor(file),
    etag,
    vary: 'Accept-Encoding',
  };
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers).end();
    return;
  }
  const twin = compressedTwin(file, String(request.headers['accept-encoding'] ?? ''));
  const served = twin ? twin.file : file;
  if (twin) headers['content-encoding'] = twin.encoding;
  headers['content-length'] = String(twin ? statSync(twin.file).size : stats.size);
  response.writeHead(200, headers);
  if (request.method === 'HEAD') response.end();
  else createReadStream(served).pipe(response);
}

export function startStaticOrigin(options: StaticOriginOptions): Promise<StaticOrigin> {
  let root = path.resolve(options.root);
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const urlPath = (request.url ?? '/').split('?')[0];
    requests.push(urlPath);
    // Remotes are fetched from the shell's origin: every answer may be read cross-origin.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('cross-origin-resource-policy', 'cross-origin');
    response.setHeader('x-content-type-options', 'nosniff');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-methods': 'GET, HEAD', 'access-control-max-age': '600' });
      response.end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('Only GET and HEAD are served here.');
      return;
    }
    const generated = options.generated?.[urlPath];
    if (generated) {
      const { contentType, body } = generated();
      response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache' });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    const found = fileIn(root, urlPath === '/' && options.pageFallback ? '/index.html' : urlPath);
    if (found) return send(request, response, found.file, found.stats);
    const wantsPage = String(request.headers.accept ?? '').includes('text/html') && !path.extname(urlPath);
    const page = options.pageFallback && wantsPage ? fileIn(root, '/index.html') : null;
    if (page) return send(request, response, page.file, page.stats);
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(`Nothing is served at ${urlPath}`);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address !== 'object') return reject(new Error('the static server has no port'));
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        root: () => root,
        deploy: (next) => {
          if (!existsSync(next) || !statSync(next).isDirectory()) throw new Error(`No build to deploy at ${next}`);
          root = path.resolve(next);
        },
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export interface MultiOriginSystem {
  api: RunningSystem;
  /** The API's origin, e.g. http://127.0.0.1:41234 */
  apiUrl: string;
  shell: StaticOrigin;
  remotes: Record<RemoteId, StaticOrigin>;
  /** Where each frontend's deployed copy lives (`<deployDir>/<app>`); put releases beside them. */
  deployDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the API and the six frontends on seven origins, wired by remotes.json and config.js. Each
 * origin serves its own copy of the build, as a deployed image would: a rebuild of `dist` by another
 * run on the same machine does not change what this system serves.
 */
export async function startMultiOriginSystem(
  options: { apiEnv?: Record<string, string> } = {},
): Promise<MultiOriginSystem> {
  const deployDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-origins-'));
  const deployed = (app: string) => {
    const target = path.join(deployDir, app);
    cpSync(path.join(ROOT, app, 'dist'), target, { recursive: true, filter: (file) => !file.endsWith('.map') });
    return target;
  };
  const remoteEntries = await Promise.all(
    REMOTE_IDS.map(async (id) => [id, await startStaticOrigin({ root: deployed(`mf-${id}`) })] as const),
  );
  const remotes = Object.fromEntries(remoteEntries) as Record<RemoteId, StaticOrigin>;
  let apiUrl = '';
  const shell = await startStaticOrigin({
    root: deployed('shell'),
    pageFallback: true,
    generated: {
      '/remotes.json': () => ({
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(
          Object.fromEntries(REMOTE_IDS.map((id) => [id, `${remotes[id].url}/mf-manifest.json`])),
          null,
          2,
        ),
      }),
      // What an operator writes for the shell's origin: where the API is, and that media comes from it.
      '/config.js': () => ({
        contentType: 'application/javascript; charset=utf-8',
        body: `window.__CLIFFHANGER__ = ${JSON.stringify({
          apiBaseUrl: `${apiUrl}/api`,
          feedApiBaseUrl: `${apiUrl}/feed-api`,
          amplitudeEndpoint: `${apiUrl}/api/analytics/events`,
          productHost: apiUrl,
        })};\n`,
      }),
    },
  });
  const closeOrigins = async () => {
    await Promise.all([shell.close(), ...Object.values(remotes).map((origin) => origin.close())]);
    rmSync(deployDir, { recursive: true, force: true });
  };
  let api: RunningSystem;
  try {
    // Only the shell's origin may call the API from a browser; remotes run inside the shell's page. The
    // API is told where the remotes are (REMOTES_JSON, what the shell's origin answers as remotes.json),
    // since its rollout answer gives pages the stable address of each remote.
    api = await startSystem({
      SERVE_FRONTENDS: 'false',
      CORS_ORIGINS: shell.url,
      REMOTES_JSON: JSON.stringify(
        Object.fromEntries(REMOTE_IDS.map((id) => [id, `${remotes[id].url}/mf-manifest.json`])),
      ),
      ...options.apiEnv,
    });
  } catch (error) {
    await closeOrigins();
    throw error;
  }
  apiUrl = api.baseUrl;
  return {
    api,
    apiUrl,
    shell,
    remotes,
    deployDir,
    stop: async () => {
      await Promise.all([stopSystem(api), closeOrigins()]);
      rmSync(api.dataDir, { recursive: true, force: true });
    },
  };
}
