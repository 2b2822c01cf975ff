import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { noticeFor } from './error-notice.ts';

// The end-to-end journeys cannot make the real server fail, so what a 500 shows is checked here.
describe('noticeFor a server error', () => {
  it("shows the server's message", () => {
    expect(noticeFor(new ApiError(500, 'Internal server error'), 'all')).toEqual({
      kind: 'toast',
      text: { message: 'Internal server error' },
    });
  });

  it('says "interface request failed" when the answer carries no message', () => {
    expect(noticeFor(new ApiError(500, ''), 'all')).toEqual({ kind: 'toast', text: { key: 'requestFailed' } });
  });

  it('leaves it to a caller that reports answers itself', () => {
    expect(noticeFor(new ApiError(500, 'Internal server error'), 'network')).toEqual({ kind: 'none' });
  });
});
