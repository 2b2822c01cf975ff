// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { columnStorageKey } from './column-visibility.ts';
import { type DataColumn, DataTable } from './data-table.tsx';
import { useListState } from './use-list-state.ts';

interface Person {
  id: number;
  name: string;
  phone: string;
}

const columns: DataColumn<Person>[] = [
  { key: 'name', title: 'Name', dataIndex: 'name', sortField: 'name' },
  { key: 'phone', title: 'Phone', dataIndex: 'phone' },
];

const seen: Record<string, unknown>[] = [];

function People({ isError = false }: { isError?: boolean }) {
  const list = useListState<{ blurry?: string }>({ initialFilters: {}, defaultSort: ['id,desc'] });
  seen.push(list.params);
  return (
    <App>
      <DataTable<Person, { blurry?: string }>
        tableId="people"
        label="People"
        columns={columns}
        list={list}
        query={{
          data: isError ? undefined : { content: [{ id: 1, name: 'Ann', phone: '13800000000' }], totalElements: 31 },
          isFetching: false,
          isError,
          refetch: vi.fn(),
        }}
        rowKey={(person) => person.id}
      />
    </App>
  );
}

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  seen.length = 0;
});

describe('DataTable', () => {
  it('hides a column chosen in the column chooser and remembers it for the next visit', async () => {
    const first = render(<People />);
    expect(screen.getByRole('columnheader', { name: 'Phone' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const phone = await screen.findByRole('checkbox', { name: 'Phone' });
    await act(async () => {
      fireEvent.click(phone);
    });
    expect(screen.queryByRole('columnheader', { name: 'Phone' })).toBeNull();
    expect(localStorage.getItem(columnStorageKey('people'))).toBe('["phone"]');
    first.unmount();

    render(<People />);
    expect(screen.queryByRole('columnheader', { name: 'Phone' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toBeTruthy();
  });

  it('asks the server for the next page and a column sort', async () => {
    render(<People />);
    expect(seen.at(-1)).toEqual({ page: 0, size: 10, sort: ['id,desc'] });
    expect(screen.getByText('31 in total')).toBeTruthy();
    const pager = screen.getByRole('list');
    await act(async () => {
      fireEvent.click(within(pager).getByTitle('2'));
    });
    expect(seen.at(-1)).toEqual({ page: 1, size: 10, sort: ['id,desc'] });
    await act(async () => {
      fireEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    });
    expect(seen.at(-1)).toEqual({ page: 0, size: 10, sort: ['name,asc'] });
  });

  it('says when the list could not be loaded and offers a retry', () => {
    render(<People isError />);
    expect(screen.getByText('The list could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
