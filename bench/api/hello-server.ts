// The baseline: a bare Fastify answering a small JSON body, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
