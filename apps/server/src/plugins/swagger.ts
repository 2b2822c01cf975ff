import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorBody } from '@water/contract/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The API reference at `/doc.html`, generated from the route schemas, with nothing loaded from outside. */
export const swaggerPlugin = fp(
  async (app: FastifyInstance) => {
    app.addSchema(ErrorBody);
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Equipment Agent Distribution Management System API',
          version: '1.0.0',
          description: 'Every error answers `{status, message, timestamp}` with the HTTP status equal to `status`.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/doc',
      staticCSP: true,
      uiConfig: { docExpansion: 'list' },
    });
    app.get('/doc.html', { schema: { hide: true } }, (_request, reply) => reply.redirect('/doc/', 302));
  },
  { name: 'swagger' },
);
