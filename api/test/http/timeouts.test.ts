/**
 * Slow clients cannot hold the server: a body trickled in byte by byte, headers never finished and
 * idle kept-alive sockets are closed within their configured times, and one client address cannot
 * hold more than its share of connections.
 */
import { connect, type Socket } from 'node:net';
import { DEFAULT_SERVER_TIMEOUTS } from '../../src/config';
import { listenOnFreePort } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

const timeouts = { requestMs: 1500, headersMs: 1000, keepAliveMs: 800, idleMs: 5000, maxConnectionsPerClient: 4 };

/** Resolves with how long the server took to close the socket (ms), or rejects after `limitMs`. */
function closedWithin(socket: Socket, limitMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${limitMs} ms`)), limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

describe('server time-outs', () => {
  let t: TestApp;
  let port: number;
  const sockets: Socket[] = [];
  const track = (socket: Socket) => {
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp('sqlite', { timeouts });
    port = await listenOnFreePort(t.app);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(() => t.close());

  it('closes a socket that trickles its body one byte at a time once the request time-out passes', async () => {
    const socket = track(await open(port));
    socket.write(
      'POST /api/payments/webhook/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
    );
    const drip = setInterval(() => socket.writable && socket.write('x'), 200);
    try {
      const took = await closedWithin(socket, timeouts.requestMs + 3000);
      expect(took).toBeGreaterThanOrEqual(timeouts.requestMs - 200);
    } finally {
      clearInterval(drip);
    }
  });

  it('closes a socket whose headers never finish once the headers time-out passes', async () => {
    const socket = track(await open(port));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
    try {
      await closedWithin(socket, timeouts.headersMs + 3000);
    } finally {
      clearInterval(drip);
    }
  });

  it('closes an idle kept-alive connection after the keep-alive time-out', async () => {
    const socket = track(await open(port));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => socket.once('data', resolve));
    await closedWithin(socket, timeouts.keepAliveMs + 3000);
  });

  it('keeps at most the configured number of connections open per client address', async () => {
    const opened = await Promise.all(Array.from({ length: 7 }, () => open(port).then(track)));
    const closed = await Promise.all(
      opened.map((socket) =>
        closedWithin(socket, 600).then(
          () => true,
          () => false,
        ),
      ),
    );
    expect(closed.filter(Boolean)).toHaveLength(7 - timeouts.maxConnectionsPerClient);
    // A connection freed is a connection the same client may open again.
    for (const socket of opened) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = track(await open(port));
    again.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    const answer = await new Promise<string>((resolve) => again.once('data', (chunk) => resolve(String(chunk))));
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it("ships defaults that cut off a slow body within the browser's own 60 s", () => {
    expect(DEFAULT_SERVER_TIMEOUTS.requestMs).toBeLessThanOrEqual(60_000);
    expect(DEFAULT_SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(DEFAULT_SERVER_TIMEOUTS.requestMs);
    expect(DEFAULT_SERVER_TIMEOUTS.maxConnectionsPerClient).toBeGreaterThan(0);
  });

  it('lets a hundred browsers behind one address hold their six connections each', () => {
    expect(DEFAULT_SERVER_TIMEOUTS.maxConnectionsPerClient).toBeGreaterThanOrEqual(100 * 6);
  });
});
