import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from './errors.ts';
import { webManifestRoute } from './web-manifest.ts';

/** Paths that belong to the API: an unknown one is a JSON 404, never the web app. */
const API_PATH = /^\/(api|auth)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for good, `index.html` never cached, and every
 * other GET answered with `index.html` so the client-side router can take it; `/login` with
 * `login.html`, the same app with the sign-in page already drawn in its HTML.
 */
export async function webPlugin(app: FastifyInstance, options: { root: string | undefined }) {
  const root = options.root;
  const indexFile = root ? path.join(root, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);

  if (hasWeb && root) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      // `reply.sendFile` is already there, for stored files.
      decorateReply: false,
      wildcard: true,
      index: false,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexFile as string) : undefined;
  const loginFile = root ? path.join(root, 'login.html') : undefined;
  const loginHtml = hasWeb && loginFile && existsSync(loginFile) ? readFileSync(loginFile) : indexHtml;
  const sendHtml = (reply: FastifyReply, html: Buffer | undefined) =>
    reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  const sendIndex = (reply: FastifyReply) => sendHtml(reply, indexHtml);

  await app.register(webManifestRoute);
  if (indexHtml) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    app.get('/login', { schema: { hide: true } }, (_request, reply) => sendHtml(reply, loginHtml));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(reply, 404, `No such endpoint: ${request.method} ${pathname}`, 'NOT_FOUND');
    }
    if (API_PATH.test(pathname) || !indexHtml) {
      return sendError(reply, 404, `No such endpoint: ${request.method} ${pathname}`, 'NOT_FOUND');
    }
    return sendIndex(reply);
  });
}
