// The baseline of the log-volume bench: Fastify alone with its default logger, answering every GET.
import Fastify from 'fastify';

const app = Fastify({ logger: true });
app.get('/*', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
