// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { DictDetail } from '@water/contract/dicts';
import type { ReactNode } from 'react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DictLabel } from '@/components/dict-label.tsx';
import { DictSelect } from '@/components/dict-select.tsx';
import { changeLanguage } from '@/lib/i18n.ts';
import { fetchDictDetail } from './fetch-dict-detail.ts';
import { useDict } from './use-dict.ts';

vi.mock('./fetch-dict-detail.ts', () => ({ fetchDictDetail: vi.fn() }));

const answers: Record<string, DictDetail[]> = {
  user_status: [
    { id: 1, dict: { id: 1 }, label: 'Active', value: 'true', dictSort: 1 },
    { id: 2, dict: { id: 1 }, label: 'Disabled', value: 'false', dictSort: 2 },
  ],
  level: [
    { id: 3, dict: { id: 2 }, label: 'Gold', value: '1', dictSort: 1 },
    { id: 4, dict: { id: 2 }, label: 'Silver', value: '2', dictSort: 2 },
  ],
};

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.mocked(fetchDictDetail).mockImplementation(async (name) => answers[name] ?? []);
});
afterEach(() => {
  cleanup();
  vi.mocked(fetchDictDetail).mockReset();
});

describe('useDict', () => {
  it('asks once per dictionary name and shares the answer between pages', async () => {
    const first = renderHook(() => useDict('user_status', 'level'), { wrapper });
    const second = renderHook(() => useDict('level'), { wrapper });
    await waitFor(() => expect(first.result.current.isLoading).toBe(false));
    await waitFor(() => expect(second.result.current.isLoading).toBe(false));
    expect(
      vi
        .mocked(fetchDictDetail)
        .mock.calls.map(([name]) => name)
        .sort(),
    ).toEqual(['level', 'user_status']);
    expect(second.result.current.dict.level).toEqual(first.result.current.dict.level);
  });

  it('turns numeric-looking values into numbers and indexes labels by value', async () => {
    const { result } = renderHook(() => useDict('level', 'user_status'), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.dict.level?.map((item) => item.value)).toEqual([1, 2]);
    expect(result.current.dict.user_status?.map((item) => item.value)).toEqual(['true', 'false']);
    expect(result.current.label.level).toEqual({ 1: 'Gold', 2: 'Silver' });
  });

  it('shows seeded labels in the console’s language and typed ones as typed', async () => {
    const { result } = renderHook(() => useDict('user_status', 'level'), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.label.user_status).toEqual({ true: 'Active', false: 'Disabled' });
    await act(() => changeLanguage('zh-CN'));
    try {
      expect(result.current.label.user_status).toEqual({ true: '激活', false: '禁用' });
      expect(result.current.dict.user_status?.map((item) => item.label)).toEqual(['激活', '禁用']);
      expect(result.current.label.level).toEqual({ 1: 'Gold', 2: 'Silver' });
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('throws "need Dict names" without a name', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useDict(), { wrapper })).toThrow('need Dict names');
  });
});

describe('DictLabel', () => {
  it('shows the label of a stored value, whatever its type', async () => {
    render(
      <>
        <DictLabel dict="user_status" value={true} />|<DictLabel dict="level" value={2} />|
        <DictLabel dict="level" value="9" />|<DictLabel dict="level" value={null} fallback="none" />
      </>,
      { wrapper },
    );
    await waitFor(() => expect(document.body.textContent).toBe('Active|Silver|9|none'));
    expect(screen.queryByText('true')).toBeNull();
  });
});

describe('DictSelect', () => {
  it('offers the entries of a dictionary as options, with numeric values as numbers', async () => {
    let chosen: unknown;
    render(<DictSelect dict="level" aria-label="Level" onChange={(value) => (chosen = value)} />, { wrapper });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Level' }));
    fireEvent.click(await screen.findByTitle('Silver'));
    expect(chosen).toBe(2);
  });
});
