/**
 * The fuzzer's own rules, against small stand-in servers and documents: how it sends (a kept-alive
 * connection the server closed is no crash, a server that drops requests is) and how it judges a
 * documented HTML page.
 */
import { Agent } from 'node:http';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { type Answer, type FuzzRequest, Judge, type Operation, sendOverHttp } from './openapi-fuzz';

/**
 * A raw HTTP server that answers the n-th request of the n-th connection as `answer` says: a body
 * to send with 200, or null to close the connection without a word.
 */
async function rawServer(answer: (connection: number, request: number) => string | null) {
  let connections = 0;
  const server: Server = createServer((socket: Socket) => {
    connections += 1;
    const connection = connections;
    let requests = 0;
    let pending = '';
    socket.on('data', (data) => {
      pending += data.toString('latin1');
      while (pending.includes('\r\n\r\n')) {
        pending = pending.slice(pending.indexOf('\r\n\r\n') + 4);
        requests += 1;
        const body = answer(connection, requests);
        if (body === null) {
          socket.destroy();
          return;
        }
        socket.write(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    target: { port: (server.address() as AddressInfo).port, agent },
    connections: () => connections,
    close: async () => {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the fuzzer sending requests', () => {
  it('sends a request again on a fresh connection when its kept-alive connection closes before any answer', async () => {
    // The first connection answers once, then closes as the next request arrives on it.
    const server = await rawServer((connection, request) =>
      connection === 1 && request > 1 ? null : `{"connection":${connection}}`,
    );
    try {
      expect(await sendOverHttp(server.target, 'GET', '/a', {})).toEqual({
        status: 200,
        body: '{"connection":1}',
        contentType: 'application/json',
      });
      const second = await sendOverHttp(server.target, 'GET', '/b', {});
      expect(second).toEqual({ status: 200, body: '{"connection":2}', contentType: 'application/json' });
      expect(server.connections()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('still reports a server that drops requests: the fresh connection is closed without an answer too', async () => {
    const server = await rawServer((connection, request) => (connection === 1 && request === 1 ? '{}' : null));
    try {
      expect((await sendOverHttp(server.target, 'GET', '/a', {})).status).toBe(200);
      expect(await sendOverHttp(server.target, 'POST', '/b', {}, '{"x":1}')).toEqual({
        status: 0,
        body: '',
        contentType: '',
      });
      // One retry, no more.
      expect(server.connections()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('does not send again when a fresh connection closes without an answer', async () => {
    const server = await rawServer(() => null);
    try {
      expect((await sendOverHttp(server.target, 'GET', '/a', {})).status).toBe(0);
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('the fuzzer judging answers', () => {
  const judge = new Judge(1024);
  const operation: Operation = {
    key: 'GET /page/{id}',
    method: 'GET',
    path: '/page/{id}',
    pathParams: [],
    query: [],
    body: null,
    bodyRequired: false,
    responses: new Map([
      [200, { json: null, html: true }],
      [400, { json: { type: 'object', required: ['message'] }, html: false }],
      [302, { json: null, html: false }],
    ]),
  };
  const request: FuzzRequest = { mutation: 'valid', path: {}, query: [] };
  const judged = (answer: Answer) => judge.answerProblem(operation, answer, request);
  const page = '<!doctype html>\n<html lang="en"><head><title>Pay</title></head><body></body></html>\n';

  it('accepts a documented text/html answer that is an HTML page', () => {
    expect(judged({ status: 200, body: page, contentType: 'text/html; charset=utf-8' })).toBeNull();
    expect(judged({ status: 200, body: '<html><body>Hi</body></html>', contentType: 'text/html' })).toBeNull();
  });

  it('refuses a documented text/html answer with another content type or a body that is not a page', () => {
    const cases: Answer[] = [
      { status: 200, body: '{"message":"x"}', contentType: 'application/json; charset=utf-8' },
      { status: 200, body: page, contentType: 'text/plain' },
      { status: 200, body: 'Checkout not found', contentType: 'text/html; charset=utf-8' },
      { status: 200, body: '<!doctype html><html><body>cut off', contentType: 'text/html' },
      { status: 200, body: '', contentType: 'text/html' },
    ];
    for (const answer of cases) {
      expect(judged(answer)).toEqual(expect.objectContaining({ kind: 'answer breaks its schema' }));
    }
  });

  it('still checks JSON answers against their schema and empty ones against none', () => {
    expect(judged({ status: 400, body: '{"message":"Bad"}', contentType: 'application/json' })).toBeNull();
    expect(judged({ status: 400, body: page, contentType: 'text/html' })).toEqual(
      expect.objectContaining({ kind: 'answer breaks its schema' }),
    );
    expect(judged({ status: 302, body: '', contentType: '' })).toBeNull();
    expect(judged({ status: 302, body: page, contentType: 'text/html' })).toEqual(
      expect.objectContaining({ kind: 'undocumented body' }),
    );
  });
});
