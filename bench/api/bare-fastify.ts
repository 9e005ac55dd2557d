/**
 * The framework's floor: a Fastify app with its defaults and nothing else — no hooks, no schemas, no
 * plugins — answering recorded answers byte for byte (status, headers, body) by method and address,
 * as `bare-server.ts` does on `node:http`. A POST body goes through Fastify's own JSON parser, as the
 * API's does. BARE_ANSWERS names a JSON file of `RecordedAnswer`s; PORT the port. Prints "ready" once
 * listening.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { RecordedAnswer } from './bare-server';

export async function startBareFastify(answers: RecordedAnswer[], port: number, host = '127.0.0.1') {
  // The same idle time-out the API keeps, so no side drops kept-alive connections sooner.
  const app = Fastify({ keepAliveTimeout: 5000 });
  const table = new Map(
    answers.map((a) => [`${a.method} ${a.url}`, { ...a, body: Buffer.from(a.bodyBase64, 'base64') }] as const),
  );
  const routes = new Set(answers.map((a) => `${a.method} ${a.url.split('?')[0]}`));
  for (const route of routes) {
    const [method, url] = route.split(' ') as [string, string];
    app.route({
      method: method as 'GET' | 'POST',
      url,
      handler: (request, reply) => {
        const answer = table.get(`${request.method} ${request.url}`);
        if (answer === undefined) return reply.code(404).send();
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      },
    });
  }
  app.get('/hello', () => ({ hello: 'world' }));
  await app.listen({ port, host });
  return app;
}

if (require.main === module) {
  const file = process.env.BARE_ANSWERS;
  const answers = file ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer[]) : [];
  startBareFastify(answers, Number(process.env.PORT)).then(() => console.log('ready'));
}
