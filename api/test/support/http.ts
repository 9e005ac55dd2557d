/**
 * Requests against the test app. `call` is Fastify's `inject` (no socket) with the repository's
 * options: `payload` is sent as JSON, `body` as-is for malformed bodies.
 *
 * `listenOnFreePort` gives the app a real loopback port, for the few tests whose rule lives in the
 * HTTP connection itself and that `inject` cannot reach: server timeouts on a slow or silent client
 * (http/timeouts), a tus upload whose connection is cut mid-body (media/tus-uploads), request
 * paths with `.`/`..` segments, which `inject` resolves before routing (media/media.plugin), and the
 * fuzzer, which sends bytes no client library would (fuzz/openapi-fuzz).
 */
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import type { TypedFastify } from '../../src/http/type-provider';

export interface CallOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  payload?: unknown;
  /** Sent as-is (for malformed bodies); set the content-type header yourself. */
  body?: string | Buffer;
  /** The address the request comes from (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface CallResult {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's bytes, for binary answers. */
  rawPayload: Buffer;
  json<T = any>(): T;
}

const ports = new WeakMap<TypedFastify, number>();

export async function listenOnFreePort(app: TypedFastify): Promise<number> {
  const known = ports.get(app);
  if (known) return known;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  ports.set(app, port);
  return port;
}

export async function call(app: TypedFastify, options: CallOptions): Promise<CallResult> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body: string | Buffer | undefined = options.body;
  if (options.payload !== undefined) {
    body = JSON.stringify(options.payload);
    headers['content-type'] ??= 'application/json';
  }
  const response = await app.inject({
    method: (options.method ?? 'GET') as InjectOptions['method'],
    url: options.url,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(body === undefined ? {} : { payload: body }),
  });
  const answered: CallResult['headers'] = {};
  for (const [name, value] of Object.entries(response.headers)) {
    answered[name] = typeof value === 'number' ? String(value) : value;
  }
  return {
    statusCode: response.statusCode,
    headers: answered,
    body: response.body,
    rawPayload: response.rawPayload,
    json: () => JSON.parse(response.body),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A request signed in with the access token given (its own headers added). */
export const callAs = (app: TypedFastify, access: string, options: CallOptions) =>
  call(app, { ...options, headers: { ...bearer(access), ...options.headers } });
