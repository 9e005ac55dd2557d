/**
 * The security headers of every answer. Helmet (its defaults, with the strict policy below) decides the
 * set once at start; each request then only copies the fixed list onto its response, in an onRequest
 * hook, so anything the route sets later (the site's page policy, media's cross-origin headers) still
 * replaces them. @fastify/helmet rebuilt helmet's middleware, directives parsing included, on every
 * request.
 *
 * HSTS is only meaningful over TLS (RFC 6797, section 7.2): it is added when the request came that way,
 * directly or through a trusted proxy's X-Forwarded-Proto (`trustProxy`).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * A strict policy for every answer (JSON, the API docs page, plain error pages). The site's own pages
 * load federated remotes, HLS blobs and media from configured origins: the frontends plugin replaces
 * this with their policy (frontends/content-security-policy.ts).
 */
export const SECURITY_HEADER_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  // Sent per request, over TLS only (below).
  strictTransportSecurity: false,
};

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets for these options, as [name, value] pairs in helmet's order. None of the
 * options depends on the request (no per-request nonces), so one run on a blank response gives them all.
 */
export function securityHeadersFor(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return response.getHeaderNames().map((name) => [name, String(response.getHeader(name))] as const);
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: ReadonlyArray<readonly [string, string]> = securityHeadersFor(SECURITY_HEADER_OPTIONS),
) {
  app.addHook('onRequest', (request, reply, done) => {
    // Through `reply`, first: a route that sets one of them later replaces it. (Helmet wrote them to
    // the raw response, which made Node merge every other header in again one by one when sending.)
    for (const [name, value] of headers) reply.header(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}
