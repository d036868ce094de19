// The ceiling: a bare Fastify answering a constant, no logger, no plugins. Started by bench/api.mjs.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
