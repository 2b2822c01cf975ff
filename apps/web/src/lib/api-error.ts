import { AxiosError } from 'axios';

/** Why a call failed: an answer from the server, no answer at all, too slow, or called off. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'cancelled';

/** The one shape every failed call is turned into; `status` is 0 when there was no answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly kind: ApiErrorKind = status > 0 ? 'http' : 'network',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
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
      );
    }
    return new ApiError(0, 'No answer from the server', 'network');
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error), 'network');
}
