/**
 * Two apps on one database, for the answers given before routing (http/prepared-answers.ts): one
 * answering that way, one always routing, both listening on real sockets. Requests go to both as raw
 * text; their answers must be the same bytes but for the Date line and the rate limit's reset.
 */
import { connect } from 'node:net';
import { seedDemoCatalogue } from '../../../demo/src/seed-demo-catalogue';
import { buildApp } from '../../src/app';
import type { TypedFastify } from '../../src/http/type-provider';
import type { DatabaseKind } from './databases';
import { smallCatalogue } from './fixtures';
import { listenOnFreePort } from './http';
import { type ConfigOverrides, createTestApp, type TestApp } from './test-app';

/** How a request's bytes leave: at once, or its body in two writes with a pause between. */
export interface Sending {
  /** Bytes of the body sent with the headers; the rest follows after `pauseMs`. */
  splitBodyAt?: number;
  pauseMs?: number;
  /** Sends only the headers, never the body (the server must give up on its own). */
  withoutBody?: boolean;
}

/** Sends one request as raw text and answers the response's bytes, read until the server closes. */
export function exchange(
  port: number,
  head: string,
  body: string | Buffer = '',
  sending: Sending = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    const headBytes = Buffer.from(`${head.replace(/\n/g, '\r\n')}\r\n\r\n`, 'latin1');
    const bodyBytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    if (sending.withoutBody) {
      socket.write(headBytes);
      return;
    }
    if (sending.splitBodyAt === undefined) {
      socket.write(Buffer.concat([headBytes, bodyBytes]));
      return;
    }
    socket.write(Buffer.concat([headBytes, bodyBytes.subarray(0, sending.splitBodyAt)]));
    setTimeout(() => socket.write(bodyBytes.subarray(sending.splitBodyAt)), sending.pauseMs ?? 100);
  });
}

/** One request of a conversation on one connection: its head (kept alive unless it says otherwise) and body. */
export interface Turn {
  head: string;
  body?: string;
}

/** The complete responses at the start of `text` (each with a Content-Length), and where they end. */
function completeResponses(text: string): number {
  let count = 0;
  let at = 0;
  while (true) {
    const end = text.indexOf('\r\n\r\n', at);
    if (end === -1) return count;
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(at, end))?.[1] ?? 0);
    if (text.length < end + 4 + length) return count;
    at = end + 4 + length;
    count += 1;
  }
}

/**
 * Sends several requests on one connection and answers every byte the server sent, read until it
 * closes (the last request should close it): all at once (pipelined), or each once the answer to the
 * one before has come.
 */
export function converse(port: number, turns: Turn[], pipelined: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const bytes = (turn: Turn) => `${turn.head.replace(/\n/g, '\r\n')}\r\n\r\n${turn.body ?? ''}`;
    let sent = 0;
    const sendNext = () => {
      if (sent < turns.length) socket.write(bytes(turns[sent++] as Turn));
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (!pipelined && completeResponses(Buffer.concat(chunks).toString('latin1')) === sent) sendNext();
    });
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    if (pipelined) socket.write(turns.map(bytes).join(''));
    else sendNext();
  });
}

/**
 * Two responses must be the same bytes but for the Date line and the rate limit's reset: the seconds
 * left in each app's own minute, which began when that app counted its first request.
 */
export function expectSameAnswer(answered: string, expected: string) {
  for (const [, reset] of answered.matchAll(/\r\nx-ratelimit-reset: (\d+)/g)) {
    expect(Number(reset)).toBeGreaterThanOrEqual(1);
    expect(Number(reset)).toBeLessThanOrEqual(60);
  }
  const comparable = (response: string) =>
    response.replace(/\r\nDate: [^\r]*/g, '').replace(/\r\nx-ratelimit-reset: \d+/g, '\r\nx-ratelimit-reset: _');
  expect(comparable(answered)).toBe(comparable(expected));
}

/**
 * A request's head as raw text (lines joined by \n), closing the connection after the answer unless
 * `keepAlive`.
 */
export function rawRequest(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  keepAlive = false,
): string {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: api.cliffhanger.test',
    `Connection: ${keepAlive ? 'keep-alive' : 'close'}`,
  ];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return lines.join('\n');
}

export interface TwinApps {
  /** Answers before routing what it can. */
  prepared: TestApp;
  /** The same configuration and database, always routing. */
  routed: TypedFastify;
  ports: { prepared: number; routed: number };
}

/**
 * Two apps on one seeded database, each listening on a free port: `prepared` answers before routing,
 * `routed` always goes through the routes. Set up before the suite, closed after it.
 */
export function twinApps(kind: DatabaseKind, settings: ConfigOverrides): TwinApps {
  const twins = { ports: { prepared: 0, routed: 0 } } as TwinApps;
  beforeAll(async () => {
    twins.prepared = await createTestApp(kind, settings);
    twins.routed = await buildApp({ ...twins.prepared.ctx.config, preparedAnswers: false }, { migrate: false });
    // Seeded through the routed app: a write through an app's own database handle invalidates its caches
    // again 1 s and 5 s later (app-caches.ts), which would empty the prepared app's answers in the middle
    // of a test that is timing them. The prepared app starts with empty caches either way.
    await seedDemoCatalogue(twins.routed.ctx, smallCatalogue());
    twins.ports.prepared = await listenOnFreePort(twins.prepared.app);
    twins.ports.routed = await listenOnFreePort(twins.routed);
  }, 300_000);
  afterAll(async () => {
    await twins.routed?.close();
    await twins.prepared?.close();
  });
  return twins;
}
