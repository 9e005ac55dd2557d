/**
 * Prepared answers: the catalogue reads every visitor gets the same answer to (the series list, a
 * series, the home carousels, the genres) are answered straight from the HTTP server's request event
 * once the route has answered the very same address before and its cached answer is still current —
 * before Fastify builds its request and reply objects, routes, validates the query string, runs the
 * handler and serializes. Under load this was most of the work of a cached list.
 *
 * The answer is the one the route gives, byte for byte: the route's own answer to that address (its
 * status, its content type and its encoded body, recorded when it answered), with the headers that
 * depend on the request made as the hooks make them — the security headers (HSTS over TLS), `Vary:
 * Origin` and the CORS headers of an allowed origin — and the request counted in the same rate limiter
 * with the same key, its headers included. Only a route that opts in (`config: { preparedAnswer: true }`)
 * is recorded, and only a route whose answer reads nothing of the request but its address may: no
 * token, cookie or language changes it, so requests carrying those are answered here too.
 *
 * Everything else goes the usual way, and so does any request this cannot answer exactly: a method
 * other than GET, a request with a body, an address not yet answered or whose cached answer was
 * invalidated or expired, a client at its rate limit (the route then refuses it, counted once), the
 * server closing, a request log that writes every request, and a rate limit kept in Redis (shared by
 * several processes; counting there is not synchronous).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isStillShared, sharedAnswerOf } from '../cache/shared-answers';
import { CORS_EXPOSED_HEADERS, type OriginCheck } from './cors';
import { STRICT_TRANSPORT_SECURITY } from './security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many requests were answered from prepared answers, before routing. */
    preparedAnswers: { answered: number };
  }
  interface FastifyContextConfig {
    /** The route's 200 answers are the same for every request to the same address (prepared-answers.ts). */
    preparedAnswer?: boolean;
  }
}

/** What the rate limiter offers the prepared path: a synchronous count in the limiter's own store. */
export interface RequestCounter {
  max: number;
  timeWindowMs: number;
  /** The limiter's key for a client address (the same normalisation the limiter applies). */
  keyOf(ip: string): string;
  read(key: string): { current: number; ttl: number };
  increment(key: string): { current: number; ttl: number };
}

export interface PreparedAnswerOptions {
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  isAllowedOrigin: OriginCheck;
  trustProxy: boolean;
  /** Null when the limiter's count cannot be taken here (Redis): nothing is answered here then. */
  counter: RequestCounter | null;
  /** False turns the prepared path off (a request log of every request, or a configuration saying so). */
  enabled: boolean;
  /** Addresses kept at most (the oldest go first). */
  maxAddresses?: number;
}

interface Prepared {
  /** The cached answer object the bytes were made from; the bytes hold while it is current. */
  answer: object;
  status: number;
  contentType: string;
  body: Buffer;
  contentLength: string;
}

type FrontHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The headers a prepared answer may carry: the ones the hooks set, and the content type. */
const REQUEST_MADE = new Set([
  'strict-transport-security',
  'vary',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'content-type',
  'content-length',
]);

const trustEveryHop = () => true;

/** The last of several comma-separated values, as Fastify reads X-Forwarded-Proto. */
function lastEntry(value: string): string {
  const last = value.lastIndexOf(',');
  return last === -1 ? value.trim() : value.slice(last + 1).trim();
}

export function createPreparedAnswers() {
  let front: FrontHandler | null = null;

  /**
   * Fastify's `serverFactory`: the server Fastify would make (same options and time-outs), whose
   * requests meet the prepared path first.
   */
  function serverFactory(
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: Record<string, any>,
  ): Server {
    const server = createServer(options.http ?? {}, (request, response) => {
      if (front === null || !front(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  }

  /**
   * Records the opted-in routes' answers and starts answering from them. Registered on the root
   * instance after the security, CORS and rate-limit hooks and the shared-answer serialization.
   */
  function register(app: FastifyInstance, options: PreparedAnswerOptions) {
    const stats = { answered: 0 };
    app.decorate('preparedAnswers', stats);
    const { counter } = options;
    if (!options.enabled || counter === null) return;
    const maxAddresses = options.maxAddresses ?? 1_000;
    const table = new Map<string, Prepared>();
    const securityValues = new Map(options.securityHeaders);
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });

    /** Keeps the route's answer when it is the shared answer, encoded, with nothing but known headers. */
    function record(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      if (request.method !== 'GET' || !Buffer.isBuffer(payload)) return;
      const answer = sharedAnswerOf(request);
      if (answer === undefined || !isStillShared(answer)) return;
      const headers = reply.getHeaders();
      for (const [name, value] of Object.entries(headers)) {
        const fixed = securityValues.get(name);
        // A header the route set itself (or a security header it replaced) is not known here.
        if (fixed === undefined ? !REQUEST_MADE.has(name) : value !== fixed) return;
      }
      const contentType = headers['content-type'];
      if (typeof contentType !== 'string' || headers.vary !== 'Origin') return;
      const url = request.raw.url as string;
      table.delete(url);
      table.set(url, {
        answer,
        status: reply.statusCode,
        contentType,
        body: payload,
        contentLength: String(payload.length),
      });
      if (table.size > maxAddresses) table.delete(table.keys().next().value as string);
    }

    app.addHook('onRoute', (route) => {
      if (route.config?.preparedAnswer !== true) return;
      const recordAnswer = (
        request: FastifyRequest,
        reply: FastifyReply,
        payload: unknown,
        done: HookHandlerDoneFunction,
      ) => {
        if (reply.statusCode === 200) record(request, reply, payload);
        done();
      };
      const existing = route.onSend ?? [];
      route.onSend = [...(Array.isArray(existing) ? existing : [existing]), recordAnswer] as typeof route.onSend;
    });

    front = (request, response) => {
      if (request.method !== 'GET' || closing) return false;
      const url = request.url as string;
      const prepared = table.get(url);
      if (prepared === undefined) return false;
      if (!isStillShared(prepared.answer)) {
        table.delete(url);
        return false;
      }
      const headers = request.headers;
      // A GET with a body goes the usual way, which reads and ignores it.
      if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
      const socket = request.socket;
      const ip = options.trustProxy
        ? (proxyAddr.all(request, trustEveryHop).at(-1) as string)
        : (socket.remoteAddress as string);
      if (ip === undefined) return false;
      const key = counter.keyOf(ip);
      // At the limit the route answers (and counts) the refusal, in the viewer's language.
      if (counter.read(key).current + 1 > counter.max) return false;
      const count = counter.increment(key);

      const out: string[] = [];
      for (const [name, value] of options.securityHeaders) out.push(name, value);
      const forwardedProto = headers['x-forwarded-proto'];
      const protocol =
        options.trustProxy && typeof forwardedProto === 'string' && forwardedProto !== ''
          ? lastEntry(forwardedProto)
          : (socket as { encrypted?: boolean }).encrypted
            ? 'https'
            : 'http';
      if (protocol === 'https') out.push('strict-transport-security', STRICT_TRANSPORT_SECURITY);
      out.push('vary', 'Origin');
      const origin = headers.origin;
      if (origin && options.isAllowedOrigin(origin, headers.host)) {
        out.push('access-control-allow-origin', origin, 'access-control-expose-headers', CORS_EXPOSED_HEADERS);
      }
      out.push(
        'x-ratelimit-limit',
        String(counter.max),
        'x-ratelimit-remaining',
        String(Math.max(0, counter.max - count.current)),
        'x-ratelimit-reset',
        String(Math.ceil(count.ttl / 1000)),
        'content-type',
        prepared.contentType,
        'content-length',
        prepared.contentLength,
      );
      response.writeHead(prepared.status, out);
      response.end(prepared.body);
      stats.answered += 1;
      return true;
    };
  }

  return { serverFactory, register };
}
