// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Lets `seconds` go by, one at a time, each second's render done before the next. */
function wait(seconds: number) {
  for (let second = 0; second < seconds; second++) act(() => vi.advanceTimersByTime(1000));
}

describe('useCountdown', () => {
  it('counts down once a second from where it is started, and stops at 0', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current[0]).toBe(0);
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);
    wait(1);
    expect(result.current[0]).toBe(2);
    wait(2);
    expect(result.current[0]).toBe(0);
    wait(5);
    expect(result.current[0]).toBe(0);
  });

  it('starts again from the top when started while counting', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current[1](60));
    wait(10);
    expect(result.current[0]).toBe(50);
    act(() => result.current[1](60));
    expect(result.current[0]).toBe(60);
  });
});
