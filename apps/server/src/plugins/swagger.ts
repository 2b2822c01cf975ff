import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorBody } from '@water/contract/common';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifySchema {
    /** The multipart part that carries the file, for an upload route (`consumes: ['multipart/form-data']`). */
    uploadField?: string;
  }
}

/**
 * Upload routes read their file from the stream rather than from a validated body: the document
 * still shows the file part, so clients know what to send.
 */
function documentUploads({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema?.uploadField) return { schema, url };
  const { uploadField, ...rest } = schema;
  return {
    schema: {
      ...rest,
      body: {
        type: 'object',
        required: [uploadField],
        properties: { [uploadField]: { type: 'string', format: 'binary' } },
      },
    },
    url,
  };
}

/**
 * The API reference at `/doc.html`, generated from the route schemas, with nothing loaded from
 * outside, under the console's Content-Security-Policy.
 */
export const swaggerPlugin = fp(
  async (app: FastifyInstance) => {
    app.addSchema(ErrorBody);
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Equipment Agent Distribution Management System API',
          version: '1.0.0',
          description:
            'Every error answers `{status, message, timestamp, code, errors?}` with the HTTP status equal to ' +
            '`status`; `code` says what went wrong and `errors` lists every refused field `{field, code, message}`.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
      transform: documentUploads,
    });
    await app.register(swaggerUi, {
      routePrefix: '/doc',
      // No policy of its own: the console's strict one (security-headers.ts) covers the reference too.
      staticCSP: false,
      uiConfig: { docExpansion: 'list' },
    });
    app.get('/doc.html', { schema: { hide: true } }, (_request, reply) => reply.redirect('/doc/', 302));
  },
  { name: 'swagger' },
);
