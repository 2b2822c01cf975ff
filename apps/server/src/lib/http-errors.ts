import { type ErrorCode, type FieldError, type FieldErrorCode, fieldErrorLine } from '@water/contract/errors';
import type { RefusedObject } from '@water/contract/texts/errors';
import { render, type TextRef } from './texts.ts';

/**
 * What an error says: a sentence in English, or a text of the console's catalog, whose English is
 * the message and which the error handler writes in the language the request asks for.
 */
export type Wording = string | TextRef;

const englishOf = (wording: Wording): string => (typeof wording === 'string' ? wording : render('en', wording));
const textOf = (wording: Wording): TextRef | undefined => (typeof wording === 'string' ? undefined : wording);

/** A refused field as the server holds it: the wire's field error, with the text its message is in. */
export type FieldRefusal = FieldError & { text?: TextRef };

/** An error whose message is meant for the client, with the HTTP status and the code it answers with. */
export class HttpError extends Error {
  /** The message in the console's texts, for a client that asks for a language other than English. */
  readonly text: TextRef | undefined;

  constructor(
    readonly statusCode: number,
    wording: Wording,
    readonly code: ErrorCode,
    readonly errors?: readonly FieldRefusal[],
    /** With STATE_CONFLICT: the record's state and the event refused in it. */
    readonly conflict?: { state: string; event: string },
    /** The text of the message when it is not the wording's own (a plainer one for other languages). */
    text?: TextRef,
  ) {
    super(englishOf(wording));
    this.name = 'HttpError';
    this.text = text ?? textOf(wording);
  }
}

/** A record's state does not allow the event: `409 STATE_CONFLICT` naming both. */
export const stateConflict = (wording: Wording, state: string, event: string, text?: TextRef) =>
  new HttpError(409, wording, 'STATE_CONFLICT', undefined, { state, event }, text);

/** A rule of the product refuses the request; not about one field. */
export const badRequest = (wording: Wording, code: ErrorCode = 'RULE_VIOLATED') => new HttpError(400, wording, code);

/** A refused field, its message written from `wording`. */
export function fieldRefusal(
  field: string,
  wording: Wording,
  code: FieldErrorCode = 'invalid',
  params?: FieldError['params'],
): FieldRefusal {
  const text = textOf(wording);
  return { field, code, message: englishOf(wording), ...(params ? { params } : {}), ...(text ? { text } : {}) };
}

/** Some fields are refused: every one of them is named, the first one in `message`. */
export function invalidFields(errors: readonly [FieldRefusal, ...FieldRefusal[]], status = 400): HttpError {
  const [first] = errors;
  const text = first.text && { key: 'errors.fieldLine', values: { field: first.field, message: first.text } };
  return new HttpError(
    status,
    fieldErrorLine(first),
    status === 403 ? 'FORBIDDEN' : 'VALIDATION_FAILED',
    errors,
    undefined,
    text,
  );
}

/** One field is refused: `invalidField('name', 'is already used by another job', 'taken')`. */
export function invalidField(
  field: string,
  wording: Wording,
  code: FieldErrorCode = 'invalid',
  params?: FieldError['params'],
): HttpError {
  return invalidFields([fieldRefusal(field, wording, code, params)]);
}

/** The caller may not set a field to that value (a level above its own, a department outside its scope). */
export const forbiddenField = (field: string, wording: Wording) => invalidFields([fieldRefusal(field, wording)], 403);

export const unauthorized = (wording: Wording = { key: 'errors.auth.signedOut' }) =>
  new HttpError(401, wording, 'UNAUTHENTICATED');
export const forbidden = (wording: Wording = { key: 'errors.auth.noPermission' }, code: ErrorCode = 'FORBIDDEN') =>
  new HttpError(403, wording, code);
export const notFound = (wording: Wording = { key: 'errors.notFound' }) => new HttpError(404, wording, 'NOT_FOUND');
export const tooManyRequests = (wording: Wording, code: ErrorCode = 'RATE_LIMITED') =>
  new HttpError(429, wording, code);
export const malformedBody = (message: string) => new HttpError(400, message, 'MALFORMED_BODY');
/** The server cannot serve now (its database does not answer); says nothing of why. */
export const unavailable = (wording: Wording = { key: 'errors.unavailable' }) =>
  new HttpError(503, wording, 'UNAVAILABLE');

const objectNamed = (name: RefusedObject): TextRef => ({ key: `errors.objects.${name}` });
const naming =
  (key: string) =>
  (name: RefusedObject, id: number | string): TextRef => ({
    key,
    values: { object: objectNamed(name), id },
  });

/** `No job with id 3`: a record asked for is not there (or not the caller's to see). */
export const noSuch = naming('errors.noSuch');
/** `No price policy with id 3 in your reach`. */
export const noSuchInReach = naming('errors.noSuchInReach');
/** `no department with id 3`: a field names a record that is not there. */
export const unknownRecord = naming('errors.unknown');
/** `no agent with id 3 in your reach`: a field names a record the caller may not use. */
export const unknownInReach = naming('errors.unknownInReach');
/** `"Sales" is already used by another job`. */
export const takenBy = (name: RefusedObject, value: string): TextRef => ({
  key: 'errors.taken',
  values: { value, object: objectNamed(name) },
});
/** `"2024-02-30" is not a real date`. */
export const notRealDate = (value: string): TextRef => ({ key: 'errors.notRealDate', values: { value } });
/** `"2024-02-30 25:00:00" is not a real time`. */
export const notRealTime = (value: string): TextRef => ({ key: 'errors.notRealTime', values: { value } });
/** A text field left blank. */
export const emptyField = (field: string) => invalidField(field, { key: 'errors.empty' }, 'required');
