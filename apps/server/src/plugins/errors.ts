import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors.ts';

type Validation = NonNullable<FastifyError['validation']>[number];

/** Field-naming message for a schema violation: `phone: must match pattern …`. */
export function describeValidation(error: Validation, context: string | undefined): string {
  const params = error.params as Record<string, unknown>;
  const pathParts = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    pathParts.push(params.missingProperty);
    return `${pathParts.join('.')}: is required`;
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    pathParts.push(params.additionalProperty);
    return `${pathParts.join('.')}: is not an accepted field`;
  }
  const field = pathParts.length > 0 ? pathParts.join('.') : (context ?? 'body');
  const friendly = (error as { parentSchema?: { errorMessage?: string } }).parentSchema?.errorMessage;
  return `${field}: ${friendly ?? error.message ?? 'is not valid'}`;
}

export function sendError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type('application/json; charset=utf-8').send({ status, message, timestamp: Date.now() });
}

/** The one place that turns thrown errors into `{status, message, timestamp}`; 5xx details stay in the log. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation && error.validation.length > 0) {
        return sendError(reply, 400, describeValidation(error.validation[0]!, error.validationContext));
      }
      if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message);
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Errors raised by fastify and its plugins (bad JSON, too large, rate limited) carry safe messages.
        return sendError(reply, status, clientMessage(error, status));
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'Internal server error');
    });
  },
  { name: 'errors' },
);

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The upload is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return status === 429 ? error.message : error.message || 'Bad request';
  }
}
