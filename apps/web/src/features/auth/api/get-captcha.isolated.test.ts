// @vitest-environment jsdom

import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { CAPTCHA_TTL_MS } from '@water/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { offerCaptcha, useCaptcha } from './get-captcha.ts';

vi.mock('@/lib/api-client.ts', () => ({
  apiClient: { get: vi.fn(async () => ({ data: { img: 'data:asked', uuid: 'asked' } })) },
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(apiClient.get).mockClear();
});

const shown = async () => {
  const { result } = renderHook(() => useCaptcha());
  await waitFor(() => expect(result.current.loading).toBe(false));
  return result.current;
};

describe('useCaptcha', () => {
  it('shows the captcha asked for ahead (login.html) once, then asks the server', async () => {
    offerCaptcha(Promise.resolve({ img: 'data:ahead', uuid: 'ahead' }));
    expect((await shown()).data?.uuid).toBe('ahead');
    expect(apiClient.get).not.toHaveBeenCalled();
    expect((await shown()).data?.uuid).toBe('asked');
    expect(apiClient.get).toHaveBeenCalledOnce();
  });

  it('asks the server when the early request failed', async () => {
    offerCaptcha(Promise.resolve(undefined));
    expect((await shown()).data?.uuid).toBe('asked');
  });

  it('asks the server when the early captcha is getting old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    offerCaptcha(Promise.resolve({ img: 'data:ahead', uuid: 'ahead' }));
    vi.setSystemTime(Date.now() + CAPTCHA_TTL_MS / 2);
    expect((await shown()).data?.uuid).toBe('asked');
  });
});
