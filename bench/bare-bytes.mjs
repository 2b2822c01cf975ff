// The baseline of the hot-reads bench: Fastify alone, answering every GET with the bytes (and the
// headers that describe them) of a file BYTES_FILE names, as read from the console.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const { headers, body } = JSON.parse(readFileSync(process.env.BYTES_FILE, 'utf8'));
const bytes = Buffer.from(body, 'base64');
const app = Fastify();
app.get('/*', async (_request, reply) => reply.headers(headers).send(bytes));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
