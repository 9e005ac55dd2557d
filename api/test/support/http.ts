/**
 * Requests against the test app over real HTTP (the app listens on a free loopback port). Fastify's
 * `inject` would be lighter, but its light-my-request depends on the ESM-only `cookie` 2, which the
 * repository's CommonJS jest runtime cannot load; the call shape mirrors `inject` so switching back is
 * a one-line change.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TypedFastify } from '../../src/http/type-provider';

export interface CallOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  payload?: unknown;
  /** Sent as-is (for malformed bodies); set the content-type header yourself. */
  body?: string | Buffer;
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
  const port = await listenOnFreePort(app);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body: string | Buffer | undefined = options.body;
  if (options.payload !== undefined) {
    body = JSON.stringify(options.payload);
    headers['content-type'] ??= 'application/json';
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.url, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          const text = rawPayload.toString('utf8');
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            rawPayload,
            json: () => JSON.parse(text),
          });
        });
        res.on('error', reject);
      },
    );
    // A server that answers 413 early may close before the whole body is written; that is an answer.
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
