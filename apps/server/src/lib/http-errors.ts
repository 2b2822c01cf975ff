import { type ErrorCode, type FieldError, type FieldErrorCode, fieldErrorLine } from '@water/contract/errors';
import type { TextRef } from './texts.ts';

/** An error whose message is meant for the client, with the HTTP status and the code it answers with. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode,
    readonly errors?: readonly FieldError[],
    /** With STATE_CONFLICT: the record's state and the event refused in it. */
    readonly conflict?: { state: string; event: string },
    /** The message in the console's texts, for a client that asks for a language other than English. */
    readonly text?: TextRef,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A record's state does not allow the event: `409 STATE_CONFLICT` naming both. */
export const stateConflict = (message: string, state: string, event: string, text?: TextRef) =>
  new HttpError(409, message, 'STATE_CONFLICT', undefined, { state, event }, text);

/** A rule of the product refuses the request; not about one field. */
export const badRequest = (message: string, code: ErrorCode = 'RULE_VIOLATED') => new HttpError(400, message, code);

/** Some fields are refused: every one of them is named, the first one in `message`. */
export function invalidFields(errors: readonly [FieldError, ...FieldError[]], status = 400): HttpError {
  return new HttpError(status, fieldErrorLine(errors[0]), status === 403 ? 'FORBIDDEN' : 'VALIDATION_FAILED', errors);
}

/** One field is refused: `invalidField('name', 'is already used by another job', 'taken')`. */
export function invalidField(
  field: string,
  message: string,
  code: FieldErrorCode = 'invalid',
  params?: FieldError['params'],
): HttpError {
  return invalidFields([{ field, code, message, ...(params ? { params } : {}) }]);
}

/** The caller may not set a field to that value (a level above its own, a department outside its scope). */
export const forbiddenField = (field: string, message: string) =>
  invalidFields([{ field, code: 'invalid', message }], 403);

export const unauthorized = (message = 'Not signed in or the session has expired') =>
  new HttpError(401, message, 'UNAUTHENTICATED');
export const forbidden = (message = 'You do not have permission to do this', code: ErrorCode = 'FORBIDDEN') =>
  new HttpError(403, message, code);
export const notFound = (message = 'Not found') => new HttpError(404, message, 'NOT_FOUND');
/** The record's state (or another request meanwhile) forbids the move: the message names the state and the event. */
export const tooManyRequests = (message: string, code: ErrorCode = 'RATE_LIMITED') => new HttpError(429, message, code);
export const malformedBody = (message: string) => new HttpError(400, message, 'MALFORMED_BODY');
/** The server cannot serve now (its database does not answer); says nothing of why. */
export const unavailable = (message = 'The service is not ready; try again shortly') =>
  new HttpError(503, message, 'UNAVAILABLE');
