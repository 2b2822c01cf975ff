import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { noticeFor } from './error-notice.ts';

const network = new ApiError(0, 'No answer', 'network');
const timeout = new ApiError(0, 'Too slow', 'timeout');
const cancelled = new ApiError(0, 'Called off', 'cancelled');

describe('noticeFor', () => {
  it('reports failures without an answer in every mode but none', () => {
    expect(noticeFor(network, 'all')).toEqual({ kind: 'toast', text: { key: 'requestFailed' } });
    expect(noticeFor(network, 'network')).toEqual({ kind: 'toast', text: { key: 'requestFailed' } });
    expect(noticeFor(timeout, 'network')).toEqual({ kind: 'toast', text: { key: 'timeout' } });
    expect(noticeFor(network, 'none')).toEqual({ kind: 'none' });
  });

  it('never reports a cancelled call', () => {
    expect(noticeFor(cancelled, 'all')).toEqual({ kind: 'none' });
  });

  it("shows the server's message, leaving it to the caller in network mode", () => {
    const wrong = new ApiError(400, 'Captcha is wrong');
    expect(noticeFor(wrong, 'all')).toEqual({ kind: 'toast', text: { message: 'Captcha is wrong' } });
    expect(noticeFor(wrong, 'network')).toEqual({ kind: 'none' });
  });

  it('turns 401 into the session prompt and 403 into the no-permission page', () => {
    expect(noticeFor(new ApiError(401, 'Expired'), 'all')).toEqual({ kind: 'session-expired' });
    expect(noticeFor(new ApiError(403, 'Denied'), 'all')).toEqual({ kind: 'forbidden' });
    expect(noticeFor(new ApiError(401, 'Expired'), 'network')).toEqual({ kind: 'none' });
  });

  it('turns the refusal of a pending password change into its own notice, whatever the caller asked', () => {
    const refusal = new ApiError(403, 'Change your password first', 'http', { code: 'PASSWORD_CHANGE_REQUIRED' });
    expect(noticeFor(refusal, 'all')).toEqual({ kind: 'password-change' });
    expect(noticeFor(refusal, 'network')).toEqual({ kind: 'password-change' });
    expect(noticeFor(refusal, 'none')).toEqual({ kind: 'none' });
  });

  it('tells the refusal by its code, not by its words', () => {
    const forbidden = new ApiError(403, 'Password change required', 'http', { code: 'FORBIDDEN' });
    expect(noticeFor(forbidden, 'all')).toEqual({ kind: 'forbidden' });
  });
});
