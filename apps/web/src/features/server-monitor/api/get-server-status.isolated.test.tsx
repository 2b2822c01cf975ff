// @vitest-environment jsdom
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { REFRESH_MS, useServerStatus } from './get-server-status.ts';

vi.mock('@/lib/api-client.ts', () => ({ apiClient: { get: vi.fn(async () => ({ data: { reading: true } })) } }));

const readings = () => vi.mocked(apiClient.get).mock.calls.length;

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('server figures', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(apiClient.get).mockClear();
    focusManager.setFocused(true);
  });
  afterEach(() => {
    cleanup();
    focusManager.setFocused(undefined);
    vi.useRealTimers();
  });

  it('are read again every few seconds while the page shows, and not while the browser tab is hidden', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useServerStatus(), { wrapper });
    await wait(0);
    expect(readings()).toBe(1);
    await wait(REFRESH_MS * 2);
    expect(readings()).toBe(3);
    expect(apiClient.get).toHaveBeenLastCalledWith('api/monitor/server');

    act(() => focusManager.setFocused(false));
    await wait(REFRESH_MS * 3);
    expect(readings()).toBe(3);

    // Shown again: a fresh reading at once, then every few seconds again.
    act(() => focusManager.setFocused(true));
    await wait(0);
    expect(readings()).toBe(4);
    await wait(REFRESH_MS);
    expect(readings()).toBe(5);
  });
});
