// Types only: the contract's error module builds schemas, which the sign-in page must not load.
import type { ErrorCode, FieldError, FieldErrorCode } from '@water/contract/errors';
import { AxiosError } from 'axios';

/**
 * One refused field of an error body. The contract's `FieldError` schema, with its code typed
 * from `FIELD_ERROR_CODES` (the static type of the schema's union of literals does not narrow it).
 */
export type ApiFieldError = Omit<FieldError, 'code'> & { code: FieldErrorCode };

/** Why a call failed: an answer from the server, no answer at all, too slow, or called off. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'cancelled';

/** What the server's error body says beyond its message. */
export interface ApiErrorDetails {
  code?: ErrorCode;
  /** Every refused field, in the order the server listed them. */
  fieldErrors?: readonly ApiFieldError[];
}

/** The one shape every failed call is turned into; `status` is 0 when there was no answer. */
export class ApiError extends Error {
  /** What went wrong, for the program to branch on; absent without an answer or from an older server. */
  readonly code: ErrorCode | undefined;
  readonly fieldErrors: readonly ApiFieldError[];

  constructor(
    readonly status: number,
    message: string,
    readonly kind: ApiErrorKind = status > 0 ? 'http' : 'network',
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = details.code;
    this.fieldErrors = details.fieldErrors ?? [];
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function messageOf(body: unknown): string | undefined {
  if (isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  return undefined;
}

function fieldErrorOf(item: unknown): ApiFieldError | undefined {
  if (!isRecord(item) || typeof item.field !== 'string' || typeof item.message !== 'string') return undefined;
  // A code this console does not know yet is kept: readers fall back to the message for it.
  const code = typeof item.code === 'string' ? item.code : 'invalid';
  const params = isRecord(item.params) ? (item.params as FieldError['params']) : undefined;
  return { field: item.field, code: code as FieldErrorCode, message: item.message, ...(params ? { params } : {}) };
}

/** The code and the field errors of an error body (`ErrorBody` of the contract), ignoring what does not fit. */
export function detailsOf(body: unknown): ApiErrorDetails {
  if (!isRecord(body)) return {};
  // A code this console does not know yet matches no branch of it, like no code at all.
  const code = typeof body.code === 'string' ? (body.code as ErrorCode) : undefined;
  const fieldErrors = Array.isArray(body.errors)
    ? body.errors.map(fieldErrorOf).filter((item) => item !== undefined)
    : [];
  return { code, fieldErrors };
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    if (error.code === AxiosError.ERR_CANCELED) return new ApiError(0, 'Request cancelled', 'cancelled');
    if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
      return new ApiError(0, 'Request timed out', 'timeout');
    }
    const response = error.response;
    if (response) {
      return new ApiError(
        response.status,
        messageOf(response.data) || response.statusText || `HTTP ${response.status}`,
        'http',
        detailsOf(response.data),
      );
    }
    return new ApiError(0, 'No answer from the server', 'network');
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error), 'network');
}
