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
