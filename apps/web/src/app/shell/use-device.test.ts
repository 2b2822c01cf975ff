// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLayout } from '@/lib/layout-state.ts';
import { useDeviceWatcher } from './use-device.ts';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDeviceWatcher', () => {
  it('switches between desktop and mobile as the window is resized, once the resizing settles', () => {
    resizeTo(1366);
    const { unmount } = renderHook(() => useDeviceWatcher());
    expect(useLayout.getState().device).toBe('desktop');

    useLayout.setState({ drawerOpened: true });
    resizeTo(800);
    resizeTo(700);
    expect(useLayout.getState().device).toBe('desktop');
    vi.advanceTimersByTime(150);
    expect(useLayout.getState().device).toBe('mobile');
    expect(useLayout.getState().drawerOpened).toBe(false);

    resizeTo(1200);
    vi.advanceTimersByTime(150);
    expect(useLayout.getState().device).toBe('desktop');
    unmount();
  });
});
