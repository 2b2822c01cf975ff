// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { dictKeys, jobKeys } from './query-keys.ts';
import { useInvalidatingMutation } from './use-invalidating-mutation.ts';

describe('useInvalidatingMutation', () => {
  it('makes every query of the resource stale once the change succeeded, and no other', async () => {
    const client = new QueryClient();
    client.setQueryData(dictKeys.entries('user_status'), []);
    client.setQueryData(dictKeys.list({ page: 0 }), { content: [], totalElements: 0 });
    client.setQueryData(jobKeys.list({ page: 0 }), { content: [], totalElements: 0 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useInvalidatingMutation(async (_: string) => {}, [dictKeys.all]), { wrapper });
    await act(() => result.current.mutateAsync('a new entry'));
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(dictKeys.entries('user_status'))).toBe(true);
    expect(stale(dictKeys.list({ page: 0 }))).toBe(true);
    expect(stale(jobKeys.list({ page: 0 }))).toBe(false);
  });
});
