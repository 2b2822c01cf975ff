import type { ErrorBody, ErrorCode, FieldError, FieldErrorCode } from '@water/contract/errors';
import { fieldErrorLine } from '@water/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { foreignKeyConflict } from '../lib/db-errors.ts';
import { HttpError } from '../lib/http-errors.ts';
import { languageOf, render } from '../lib/texts.ts';

type Validation = NonNullable<FastifyError['validation']>[number];

const FIELD_CODES: Record<string, FieldErrorCode> = {
  required: 'required',
  additionalProperties: 'unknown',
  type: 'type',
  minLength: 'too_short',
  minItems: 'too_short',
  maxLength: 'too_long',
  maxItems: 'too_long',
  minimum: 'too_small',
  exclusiveMinimum: 'too_small',
  maximum: 'too_large',
  exclusiveMaximum: 'too_large',
  pattern: 'format',
  format: 'format',
  enum: 'choice',
  const: 'choice',
  anyOf: 'invalid',
  uniqueItems: 'invalid',
};

/** One schema violation as a field error: `{field: 'phone', code: 'format', message: 'must match …'}`. */
function toFieldError(error: Validation, context: string | undefined): FieldError {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return { field: [...path, params.missingProperty].join('.'), code: 'required', message: 'is required' };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return {
      field: [...path, params.additionalProperty].join('.'),
      code: 'unknown',
      message: 'is not an accepted field',
    };
  }
  const field = path.length > 0 ? path.join('.') : (context ?? 'body');
  const friendly = (error as { parentSchema?: { errorMessage?: string } }).parentSchema?.errorMessage;
  const limit = typeof params.limit === 'number' ? { params: { limit: params.limit } } : {};
  return {
    field,
    code: FIELD_CODES[error.keyword] ?? 'invalid',
    message: friendly ?? error.message ?? 'is not valid',
    ...limit,
  };
}

/** Every refused field once, in the order found (ajv may report a field once per union branch). */
function toFieldErrors(validation: readonly Validation[], context: string | undefined): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of validation) {
    const fieldError = toFieldError(error, context);
    if (!byField.has(fieldError.field)) byField.set(fieldError.field, fieldError);
  }
  return [...byField.values()];
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  code: ErrorCode,
  errors?: readonly FieldError[],
  conflict?: { state: string; event: string },
) {
  const body: ErrorBody = {
    status,
    message,
    timestamp: Date.now(),
    code,
    ...(errors ? { errors: [...errors] } : {}),
    ...conflict,
  };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** What an error of the framework or its plugins (bad JSON, too large, rate limited) is, by status. */
function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 406:
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'MALFORMED_BODY';
  }
}

function clientMessage(error: FastifyError): string {
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
      return error.code?.startsWith('FST_') ? error.message : 'The request is not well formed';
  }
}

/**
 * What a server error may put in the log: its kind, code, first line and stack, never the
 * statement parameters a failed query carries (they may hold a password hash or personal data).
 */
function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error).split('\n')[0] };
  const entry: Record<string, unknown> = {
    type: error.name,
    message: error.message.split('\nparams:')[0],
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') entry.code = code;
  if (error.cause !== undefined && depth < 3) entry.cause = loggableError(error.cause, depth + 1);
  return entry;
}

/** The one place that turns thrown errors into the error body; 5xx details stay in the log. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation && error.validation.length > 0) {
        const errors = toFieldErrors(error.validation, error.validationContext);
        return sendError(reply, 400, fieldErrorLine(errors[0]!), 'VALIDATION_FAILED', errors);
      }
      if (error instanceof HttpError) {
        // English clients (eladmin's among them) get the message as written; others the console's text of it.
        const language = languageOf(request.headers['accept-language']);
        const message = error.text && language !== 'en' ? render(language, error.text) : error.message;
        const errors = error.errors?.map(({ text, ...fieldError }) =>
          text && language !== 'en' ? { ...fieldError, message: render(language, text) } : fieldError,
        );
        return sendError(reply, error.statusCode, message, error.code, errors, error.conflict);
      }
      const conflict = request.method === 'GET' || request.method === 'HEAD' ? undefined : foreignKeyConflict(error);
      if (conflict) {
        // A write lost a race with another that removed what it refers to (or referred to what it
        // deletes). Logged: a service that never checked the reference would show up here too.
        request.log.warn({ failure: loggableError(error) }, 'write refused: a reference changed meanwhile');
        const language = languageOf(request.headers['accept-language']);
        return sendError(reply, 409, render(language, conflict), 'STATE_CONFLICT');
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Errors raised by fastify and its plugins carry a status; their text is replaced by ours.
        return sendError(reply, status, clientMessage(error), codeOfStatus(status));
      }
      request.log.error({ failure: loggableError(error) }, 'request failed');
      return sendError(reply, 500, 'Internal server error', 'INTERNAL');
    });
  },
  { name: 'errors' },
);
