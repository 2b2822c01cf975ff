import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from './api-error.ts';

function answered(status: number, data: unknown, statusText = ''): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText, data, headers: {}, config };
  return new AxiosError('Request failed', AxiosError.ERR_BAD_REQUEST, config, undefined, response);
}

describe('toApiError', () => {
  it('takes the status and the message of an error body', () => {
    const error = toApiError(answered(400, { status: 400, message: 'Captcha is wrong', timestamp: 1 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Captcha is wrong', kind: 'http' });
  });

  it('falls back to the status text when the body has no message', () => {
    expect(toApiError(answered(502, '<html>', 'Bad Gateway'))).toMatchObject({ status: 502, message: 'Bad Gateway' });
    expect(toApiError(answered(500, { message: '  ' }))).toMatchObject({ status: 500, message: 'HTTP 500' });
  });

  it('tells apart no answer, a timeout and a cancellation', () => {
    expect(toApiError(new AxiosError('Network Error', AxiosError.ERR_NETWORK))).toMatchObject({
      status: 0,
      kind: 'network',
    });
    expect(toApiError(new AxiosError('timeout', AxiosError.ECONNABORTED))).toMatchObject({
      status: 0,
      kind: 'timeout',
    });
    expect(toApiError(new AxiosError('canceled', AxiosError.ERR_CANCELED))).toMatchObject({ kind: 'cancelled' });
  });

  it('wraps anything else and passes an ApiError through', () => {
    expect(toApiError(new Error('boom'))).toMatchObject({ status: 0, message: 'boom' });
    const same = new ApiError(404, 'Not found');
    expect(toApiError(same)).toBe(same);
  });
});

describe('toApiError with a typed error body', () => {
  it('carries the code and every field error of the body', () => {
    const error = toApiError(
      answered(400, {
        status: 400,
        message: 'name: is required',
        timestamp: 1,
        code: 'VALIDATION_FAILED',
        errors: [
          { field: 'name', code: 'required', message: 'is required' },
          { field: 'jobs.0.id', code: 'unknown_reference', message: 'does not exist' },
          { field: 'phone', code: 'too_long', message: 'must be at most 11 characters', params: { limit: 11 } },
        ],
      }),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fieldErrors).toEqual([
      { field: 'name', code: 'required', message: 'is required' },
      { field: 'jobs.0.id', code: 'unknown_reference', message: 'does not exist' },
      { field: 'phone', code: 'too_long', message: 'must be at most 11 characters', params: { limit: 11 } },
    ]);
  });

  it('keeps codes it does not know and drops what is not a field error', () => {
    const error = toApiError(
      answered(400, {
        status: 400,
        message: 'x',
        timestamp: 1,
        code: 'SOMETHING_NEW',
        errors: [{ field: 'name', code: 'rhymes', message: 'must not rhyme' }, 'name', { code: 'required' }],
      }),
    );
    expect(error.code).toBe('SOMETHING_NEW');
    expect(error.fieldErrors).toEqual([{ field: 'name', code: 'rhymes', message: 'must not rhyme' }]);
  });

  it('has no code and no field errors without an answer or from an older server', () => {
    expect(toApiError(answered(403, { status: 403, message: 'Forbidden', timestamp: 1 }))).toMatchObject({
      code: undefined,
      fieldErrors: [],
    });
    expect(toApiError(new AxiosError('Network Error', AxiosError.ERR_NETWORK)).fieldErrors).toEqual([]);
  });
});
