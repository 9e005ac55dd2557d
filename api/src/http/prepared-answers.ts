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
 * A POST route may opt in too (`config: { preparedPost }`, the public-view poll): its answer depends
 * on the request, but the route can tell synchronously, from the headers and a small JSON body, which
 * of its few shared answers (cache/shared-answers.ts) it would give. Such a request is taken here only
 * when its headers allow it (a Content-Length within the route's bound, a JSON content type, no
 * chunked or encoded body, nothing expected). When its whole body came in the same read as the
 * headers (the parser has pushed it into the request by the time that read's ticks run), the body is
 * read here, and when the route says what it would answer, the bytes the route sent for that very
 * answer object go out, with the headers made as above. Otherwise the body is put back into the
 * request stream (`unshift`, before its end was emitted) and the request goes to Fastify, which reads
 * it as if nothing had touched it: another user's id, a malformed body. A body not all there yet (sent
 * in several writes, or never) is not touched at all: Fastify waits for it, time-outs included.
 *
 * Everything else goes the usual way, and so does any request this cannot answer exactly: another
 * method, a GET with a body, an address not yet answered or whose cached answer was invalidated or
 * expired, a client at its rate limit (the route then refuses it, counted once), the server closing,
 * a request log that writes every request, and a rate limit kept in Redis (shared by several
 * processes; counting there is not synchronous).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
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
    /** A POST route that can tell its answer synchronously from the headers and a small body. */
    preparedPost?: PreparedPost<unknown>;
  }
}

/**
 * The request headers the prepared path reads: those of the request's `headers`, which Node builds for
 * every HTTP/1.1 request anyway (it looks for Host and Expect before the request event).
 */
export interface FrontHeaders {
  host?: string;
  origin?: string;
  authorization?: string;
  'content-type'?: string;
  'content-length'?: string;
  'content-encoding'?: string;
  'transfer-encoding'?: string;
  expect?: string;
  'x-forwarded-proto'?: string;
}

/**
 * The request's headers, or null when any header came more than once: Node keeps the first of some
 * (Authorization, Content-Type) and joins the others (Origin), and a proxy in front may have read the
 * other one, so such a request goes the usual way. Node puts every line in `rawHeaders` and each name
 * once in `headers`, so a name sent twice leaves fewer names than lines.
 */
export function frontHeadersOf(request: IncomingMessage): FrontHeaders | null {
  const headers = request.headers;
  let names = 0;
  for (const _name in headers) names += 1;
  return names * 2 === request.rawHeaders.length ? (headers as FrontHeaders) : null;
}

/**
 * What a POST route tells the prepared path. Both calls are synchronous and must answer only what the
 * route itself would answer at that moment, or undefined whenever it cannot tell exactly.
 */
export interface PreparedPost<State> {
  /** The largest body taken here (bytes); a longer one goes to the route without being read. */
  maxBodyBytes: number;
  /** From the headers alone: what `answer` needs, or undefined to leave the request to the route. */
  fromHeaders(headers: FrontHeaders): State | undefined;
  /** With the whole body: the shared answer object the route would send with a 200, or undefined. */
  answer(state: State, body: Buffer): object | undefined;
}

/** What the rate limiter offers the prepared path: a synchronous count in the limiter's own store. */
export interface RequestCounter {
  timeWindowMs: number;
  /** The limit of a key: a signed-in user's or a client address's. */
  maxOf(key: string): number;
  /** The limiter's key of a valid access token's user (an Authorization header), else null. */
  userKeyOf(authorization: string | undefined): string | null;
  /** The limiter's key for a client address (the same normalisation the limiter applies). */
  addressKeyOf(ip: string): string;
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

/** A route's answer as it went out: status, content type and encoded body. */
interface Encoded {
  status: number;
  contentType: string;
  body: Buffer;
  contentLength: string;
}

interface Prepared extends Encoded {
  /** The cached answer object the bytes were made from; the bytes hold while it is current. */
  answer: object;
}

/**
 * Answers a request or takes it to answer later, and then says true; false leaves it to Fastify at
 * once. A request taken may still be handed to Fastify later, through `route` (Fastify's handler).
 */
type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;
type FrontHandler = (request: IncomingMessage, response: ServerResponse, route: RequestHandler) => boolean;

/** The JSON content types the poll's clients send, which Fastify's JSON parser reads as such. */
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);

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
  function serverFactory(handler: RequestHandler, options: Record<string, any>): Server {
    const server = createServer(options.http ?? {}, (request, response) => {
      if (front === null || !front(request, response, handler)) handler(request, response);
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
    if (!options.enabled || options.counter === null) return;
    const counter: RequestCounter = options.counter;
    const maxAddresses = options.maxAddresses ?? 1_000;
    const table = new Map<string, Prepared>();
    /** The POST routes that opted in, by address. */
    const posts = new Map<string, PreparedPost<unknown>>();
    /** The bytes a POST route sent for each of its shared answers, kept as long as the answer object. */
    const postAnswers = new WeakMap<object, Encoded>();
    const securityValues = new Map(options.securityHeaders);
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });

    /** The route's status, content type and bytes, when it sent nothing but the headers known here. */
    function encodedAnswer(reply: FastifyReply, payload: Buffer): Encoded | undefined {
      const headers = reply.getHeaders();
      for (const [name, value] of Object.entries(headers)) {
        const fixed = securityValues.get(name);
        // A header the route set itself (or a security header it replaced) is not known here.
        if (fixed === undefined ? !REQUEST_MADE.has(name) : value !== fixed) return undefined;
      }
      const contentType = headers['content-type'];
      if (typeof contentType !== 'string' || headers.vary !== 'Origin') return undefined;
      return { status: reply.statusCode, contentType, body: payload, contentLength: String(payload.length) };
    }

    /** Keeps the route's answer when it is the shared answer, encoded, with nothing but known headers. */
    function record(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      if (!Buffer.isBuffer(payload)) return;
      const answer = sharedAnswerOf(request);
      if (answer === undefined) return;
      if (request.method === 'POST') {
        if (postAnswers.has(answer)) return;
        const encoded = encodedAnswer(reply, payload);
        if (encoded !== undefined) postAnswers.set(answer, encoded);
        return;
      }
      if (request.method !== 'GET' || !isStillShared(answer)) return;
      const encoded = encodedAnswer(reply, payload);
      if (encoded === undefined) return;
      const url = request.raw.url as string;
      table.delete(url);
      table.set(url, { answer, ...encoded });
      if (table.size > maxAddresses) table.delete(table.keys().next().value as string);
    }

    app.addHook('onRoute', (route) => {
      const post = route.config?.preparedPost;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (post !== undefined && methods.length === 1 && methods[0] === 'POST') posts.set(route.url, post);
      else if (route.config?.preparedAnswer !== true) return;
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

    /** Each connection's limiter key when the key is its peer's address (no proxy trusted). */
    const socketKeys = new WeakMap<object, string>();

    /**
     * The rate limiter's key of the request, as the limiter makes it: its user's with a valid access
     * token, else its client address's; undefined without either.
     */
    function clientKey(request: IncomingMessage, headers: FrontHeaders): string | undefined {
      const userKey = counter.userKeyOf(headers.authorization);
      if (userKey !== null) return userKey;
      if (options.trustProxy) {
        const forwarded = proxyAddr.all(request, trustEveryHop).at(-1);
        return forwarded === undefined ? undefined : counter.addressKeyOf(forwarded);
      }
      const socket = request.socket;
      let key = socketKeys.get(socket);
      if (key === undefined) {
        const ip = socket.remoteAddress;
        if (ip === undefined) return undefined;
        key = counter.addressKeyOf(ip);
        socketKeys.set(socket, key);
      }
      return key;
    }

    /**
     * The security headers, in the order the hooks set them, as a flat name, value list. Helmet's
     * options never set Strict-Transport-Security (the hook adds it over TLS, last), so no name in it
     * comes again below.
     */
    const securityList: readonly string[] = options.securityHeaders.flat();

    /**
     * Counts the request and sends the recorded answer with the headers the hooks would make. The
     * headers go as one flat list with nothing set before: Node then writes them as they are (a list
     * after headers set one by one is first merged header by header).
     */
    function send(
      request: IncomingMessage,
      headers: FrontHeaders,
      response: ServerResponse,
      key: string,
      encoded: Encoded,
    ) {
      const count = counter.increment(key);
      const max = counter.maxOf(key);
      const out = securityList.slice();
      const forwardedProto = headers['x-forwarded-proto'];
      const protocol =
        options.trustProxy && forwardedProto !== undefined && forwardedProto !== ''
          ? lastEntry(forwardedProto)
          : (request.socket as { encrypted?: boolean }).encrypted
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
        String(max),
        'x-ratelimit-remaining',
        String(Math.max(0, max - count.current)),
        'x-ratelimit-reset',
        String(Math.ceil(count.ttl / 1000)),
        'content-type',
        encoded.contentType,
        'content-length',
        encoded.contentLength,
      );
      response.writeHead(encoded.status, out);
      response.end(encoded.body);
      stats.answered += 1;
    }

    /** True while the client may send one more request before the limit refuses it. */
    const underLimit = (key: string) => counter.read(key).current + 1 <= counter.maxOf(key);

    function answerGet(request: IncomingMessage, response: ServerResponse): boolean {
      const url = request.url as string;
      const prepared = table.get(url);
      if (prepared === undefined) return false;
      if (!isStillShared(prepared.answer)) {
        table.delete(url);
        return false;
      }
      const headers = frontHeadersOf(request);
      // A GET with a body goes the usual way, which reads and ignores it.
      if (headers === null || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) {
        return false;
      }
      const key = clientKey(request, headers);
      // At the limit the route answers (and counts) the refusal, in the viewer's language.
      if (key === undefined || !underLimit(key)) return false;
      send(request, headers, response, key, prepared);
      return true;
    }

    /**
     * Takes a POST to an opted-in route when its headers allow it, reads its body and answers it, or
     * puts the body back and hands the request to Fastify (`route`).
     */
    function takePost(request: IncomingMessage, response: ServerResponse, route: RequestHandler): boolean {
      const post = posts.get(request.url as string);
      if (post === undefined) return false;
      const headers = frontHeadersOf(request);
      // A body Fastify would read otherwise than as the plain bytes of a short JSON text.
      if (
        headers === null ||
        headers['transfer-encoding'] !== undefined ||
        headers['content-encoding'] !== undefined ||
        headers.expect !== undefined ||
        !JSON_TYPES.has(headers['content-type'] as string)
      ) {
        return false;
      }
      const length = Number(headers['content-length']);
      if (!(length >= 1 && length <= post.maxBodyBytes)) return false;
      const state = post.fromHeaders(headers);
      if (state === undefined) return false;
      // The limit is read once the body is there (answerPost): a client at its limit is routed then.
      const key = clientKey(request, headers);
      if (key === undefined) return false;

      // The parser pushes a body that came with the headers into the request right after this event,
      // in the same read; it is all there when the ticks of that read run.
      process.nextTick(answerPost, request, headers, response, route, post, state, key, length);
      return true;
    }

    /**
     * With the whole body buffered in the request: answers it, or puts the body back and routes it.
     * A body not all there yet is the route's to wait for, untouched.
     */
    function answerPost(
      request: IncomingMessage,
      headers: FrontHeaders,
      response: ServerResponse,
      route: RequestHandler,
      post: PreparedPost<unknown>,
      state: unknown,
      key: string,
      length: number,
    ) {
      if (request.readableLength !== length || closing || !underLimit(key)) {
        route(request, response);
        return;
      }
      const body = request.read() as Buffer | null;
      const answer = body !== null && body.length === length ? post.answer(state, body) : undefined;
      const encoded = answer === undefined ? undefined : postAnswers.get(answer);
      if (encoded === undefined) {
        // Fastify reads the request as it came: the body goes back before the stream's end is emitted.
        if (body !== null) request.unshift(body);
        route(request, response);
        return;
      }
      // The whole message is read: its end follows by itself. Were it not complete, the stream runs
      // to its end, as a body read and dropped.
      if (!request.complete) request.resume();
      send(request, headers, response, key, encoded);
    }

    front = (request, response, route) => {
      if (closing) return false;
      if (request.method === 'GET') return answerGet(request, response);
      if (request.method === 'POST') return takePost(request, response, route);
      return false;
    };
  }

  return { serverFactory, register };
}
