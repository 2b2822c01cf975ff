// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { bindNavigate, bindNotifier, isSessionPromptOpen, NOTICE_SECONDS, reportApiError } from './notifier.ts';

type ConfirmOptions = { title: string; content: string; okText: string; cancelText: string; afterClose: () => void };

function fakeHost() {
  const confirm = vi.fn<(options: ConfirmOptions) => void>();
  const error = vi.fn();
  const unbind = bindNotifier({ modal: { confirm }, notification: { error } } as never);
  return { confirm, error, unbind };
}

let unbind: (() => void) | undefined;
afterEach(() => {
  unbind?.();
  document.body.innerHTML = '';
});

describe('the notifier', () => {
  it('raises one "System prompt" however many calls fail with 401 together', () => {
    const host = fakeHost();
    unbind = host.unbind;
    for (let index = 0; index < 10; index += 1) reportApiError(new ApiError(401, 'Token expired'));
    expect(host.confirm).toHaveBeenCalledTimes(1);
    const options = host.confirm.mock.calls[0]?.[0];
    expect(options).toMatchObject({
      title: 'System prompt',
      content: 'Login status has expired, you can stay on this page or log in again',
      okText: 'Log in again',
      cancelText: 'Cancel',
    });
    expect(isSessionPromptOpen()).toBe(true);
    // Once the dialog is closed (Cancel), the next expiry asks again.
    options?.afterClose();
    reportApiError(new ApiError(401, 'Token expired'));
    expect(host.confirm).toHaveBeenCalledTimes(2);
    host.confirm.mock.calls[1]?.[0].afterClose();
  });

  it('shows the catalogue texts for 5 s, and the server message for other statuses', () => {
    const host = fakeHost();
    unbind = host.unbind;
    reportApiError(new ApiError(0, 'x', 'timeout'));
    reportApiError(new ApiError(0, 'x', 'network'));
    reportApiError(new ApiError(500, 'Internal server error'));
    expect(host.error.mock.calls.map(([options]) => options)).toEqual([
      { title: 'network request timed out', duration: NOTICE_SECONDS },
      { title: 'interface request failed', duration: NOTICE_SECONDS },
      { title: 'Internal server error', duration: NOTICE_SECONDS },
    ]);
    expect(NOTICE_SECONDS).toBe(5);
  });

  it('sends a 403 to /401 and lets a call opt out', () => {
    const host = fakeHost();
    unbind = host.unbind;
    const go = vi.fn();
    bindNavigate(go);
    reportApiError(new ApiError(403, 'Forbidden'));
    expect(go).toHaveBeenCalledWith('/401');
    reportApiError(new ApiError(500, 'Hidden'), 'none');
    expect(host.error).not.toHaveBeenCalled();
  });

  it('draws its own notification before antd has loaded (the sign-in page)', () => {
    reportApiError(new ApiError(0, 'x', 'network'));
    const toast = document.querySelector('[role="alert"]');
    expect(toast?.textContent).toContain('interface request failed');
    expect(toast?.querySelector('button')?.getAttribute('aria-label')).toBe('Close');
  });
});
