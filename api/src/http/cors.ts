/**
 * Cross-origin requests: which origins may call the APIs from a browser, and the answer to their
 * preflights. The allow-list is built once from the configuration; each request only looks its Origin
 * up. @fastify/cors, which did this before, rebuilt and copied its options object on every request
 * for the one part that depends on the request (the same-origin check against the Host header).
 *
 * The answers are the ones @fastify/cors gave for these options: every answer varies on Origin; an
 * allowed origin is echoed back (never a wildcard) with the exposed headers; a preflight from it is
 * answered at once (204, before authentication and rate limits) or refused (400) when it names no
 * method; an unknown origin gets no CORS header, and its preflight the usual 404.
 */
import { DEVICE_ID_HEADER } from '@cliffhanger/shared/constants';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
// The tus headers let the admin's resumable uploads work when it is served from another allowed origin;
// the device id keys free coins (kernel/free-coin-pool.ts).
const ALLOWED_HEADERS = `Authorization, Content-Type, Range, Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset, Upload-Defer-Length, ${DEVICE_ID_HEADER}`;
export const CORS_EXPOSED_HEADERS = 'Retry-After, Content-Range, Content-Length';
const PREFLIGHT_MAX_AGE_SECONDS = '600';
const LOCALHOST = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

export type OriginCheck = (origin: string, host: string | undefined) => boolean;

/**
 * Allowed origins: the configured list (`*` in it allows every origin), the server's own origin (the
 * request's Host, over HTTP or HTTPS), the public URL, and in development with no list configured any
 * localhost port.
 */
export function allowedOrigins(config: Pick<AppConfig, 'corsOrigins' | 'publicUrl' | 'devRoutes'>): OriginCheck {
  const anyOrigin = config.corsOrigins.includes('*');
  const listed = new Set(config.corsOrigins);
  if (config.publicUrl) listed.add(config.publicUrl);
  const anyLocalhost = config.devRoutes && config.corsOrigins.length === 0;
  return (origin, host) =>
    anyOrigin ||
    listed.has(origin) ||
    (host !== undefined && host !== '' && isOriginOfHost(origin, host)) ||
    (anyLocalhost && LOCALHOST.test(origin));
}

/** `origin` is `http://<host>` or `https://<host>`, compared without building either string. */
function isOriginOfHost(origin: string, host: string): boolean {
  const schemeLength = origin.startsWith('http://') ? 7 : origin.startsWith('https://') ? 8 : 0;
  return schemeLength > 0 && origin.length === schemeLength + host.length && origin.endsWith(host);
}

/** Adds Origin to the Vary header, keeping what is there (a `*` already covers it). */
function varyOnOrigin(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  if (current === undefined || current === '') {
    reply.header('vary', 'Origin');
    return;
  }
  const text = Array.isArray(current) ? current.join(', ') : String(current);
  const fields = text.split(',').map((field) => field.trim().toLowerCase());
  if (!fields.includes('*') && !fields.includes('origin')) reply.header('vary', `${text}, Origin`);
}

export function registerCors(app: FastifyInstance, config: AppConfig) {
  const isAllowed = allowedOrigins(config);

  app.addHook('onRequest', (request, reply, done) => {
    // Answers differ by Origin, so shared caches must keep them apart (Fetch standard, CORS and caching).
    varyOnOrigin(reply);
    const origin = request.headers.origin;
    if (!origin || !isAllowed(origin, request.headers.host)) {
      done();
      return;
    }
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS);
    if (request.raw.method !== 'OPTIONS') {
      done();
      return;
    }
    if (!request.headers['access-control-request-method']) {
      reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    reply
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS)
      // Some browsers wait for a body on a 204 without it.
      .header('content-length', '0')
      .code(204)
      .send();
  });

  // Preflights from allowed origins are answered above; any other OPTIONS request finds nothing here.
  app.options('*', { schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound();
  });
}
