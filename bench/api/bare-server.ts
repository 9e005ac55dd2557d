/**
 * The bare baseline: `node:http` and nothing else, answering recorded answers byte for byte (status,
 * headers, body) by method and address, plus `GET /hello` → {"hello":"world"}. BARE_ANSWERS names a
 * JSON file of `RecordedAnswer`s; PORT the port. Prints "ready" once listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RecordedAnswer {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const HELLO = Buffer.from('{"hello":"world"}');

export function startBareServer(answers: RecordedAnswer[], port: number, host = '127.0.0.1') {
  const table = new Map(
    answers.map((a) => [`${a.method} ${a.url}`, { ...a, body: Buffer.from(a.bodyBase64, 'base64') }] as const),
  );
  const server = createServer((request, response) => {
    const answer = table.get(`${request.method} ${request.url}`);
    // The request body (the poll sends one) is read and dropped, as any server must.
    request.resume();
    if (answer) {
      response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
      response.end(answer.body);
    } else if (request.url === '/hello') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': HELLO.length });
      response.end(HELLO);
    } else {
      response.writeHead(404).end();
    }
  });
  // The same idle time-out the API keeps, so neither side drops kept-alive connections sooner.
  server.keepAliveTimeout = 5000;
  return new Promise<typeof server>((resolve) => server.listen(port, host, () => resolve(server)));
}

if (require.main === module) {
  const file = process.env.BARE_ANSWERS;
  const answers = file ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer[]) : [];
  startBareServer(answers, Number(process.env.PORT)).then(() => console.log('ready'));
}
