// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App, Tag } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { onPhoneScreen } from '@/test/phone-screen.ts';
import { columnStorageKey } from './column-visibility.ts';
import { type DataColumn, DataTable } from './data-table.tsx';
import { useActionsColumn } from './use-actions-column.tsx';
import { useListState } from './use-list-state.ts';

interface Machine {
  id: number;
  serialNo: string;
  state: string;
  site: string;
}

const MACHINES: Machine[] = [
  { id: 1, serialNo: 'SN-001', state: 'Operating', site: 'North gate' },
  { id: 2, serialNo: 'SN-002', state: 'Suspended', site: 'South gate' },
  { id: 3, serialNo: 'SN-003', state: 'Retired', site: 'East gate' },
];

const seen: Record<string, unknown>[] = [];

interface MachinesProps {
  onEdit?: (machine: Machine) => void;
  rowSelection?: TableRowSelection<Machine>;
  cardTitle?: string;
}

function Machines({ onEdit = vi.fn(), rowSelection, cardTitle }: MachinesProps) {
  const list = useListState<object>({ initialFilters: {} });
  seen.push(list.params);
  const actions = useActionsColumn<Machine>({
    nameOf: (machine) => machine.serialNo,
    edit: { allow: 'device:edit', onClick: onEdit },
    remove: { allow: 'device:del', warning: 'Its history stays.', run: async () => {} },
  });
  const columns: DataColumn<Machine>[] = [
    { key: 'serialNo', title: 'Serial number', dataIndex: 'serialNo', sortField: 'serialNo' },
    { key: 'state', title: 'State', dataIndex: 'state', render: (state: string) => <Tag color="green">{state}</Tag> },
    { key: 'site', title: 'Site', dataIndex: 'site' },
    ...actions,
  ];
  return (
    <DataTable<Machine, object>
      tableId="machines-cards"
      label="Machines"
      columns={columns}
      list={list}
      query={{ data: { content: MACHINES, totalElements: 23 }, isFetching: false, isError: false, refetch: vi.fn() }}
      rowKey={(machine) => machine.id}
      tableProps={rowSelection && { rowSelection }}
      cardTitle={cardTitle}
    />
  );
}

const renderMachines = (props: MachinesProps = {}) =>
  render(
    <App>
      <Machines {...props} />
    </App>,
  );

const card = (serialNo: string) => screen.getByRole('row', { name: new RegExp(serialNo) });

onPhoneScreen();
afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  seen.length = 0;
  useSession.setState({ roles: ['device:edit', 'device:del'] });
});

describe('DataTable on a phone', () => {
  it('shows each row as a card: its title, the columns as label and value drawn by their render, its actions in words', () => {
    const onEdit = vi.fn();
    renderMachines({ onEdit });
    const cards = within(screen.getByRole('table', { name: 'Machines' }));
    // The header row, then one row per machine; no column of the table is drawn as one.
    expect(cards.getAllByRole('row')).toHaveLength(4);
    const first = card('SN-001');
    const cells = within(first).getAllByRole('cell');
    // Cells hold what the table's hold; each field is labelled with its column's title.
    expect(cells.map((cell) => cell.textContent)).toEqual(['SN-001', 'Operating', 'North gate', 'EditDelete']);
    expect(cells.map((cell) => cell.dataset.label)).toEqual([undefined, 'State', 'Site', undefined]);
    expect(cells[1]?.querySelector('.ant-tag-green')).not.toBeNull();
    const edit = within(first).getByRole('button', { name: 'Edit SN-001' });
    expect(edit.textContent).toBe('Edit');
    expect(within(first).getByRole('button', { name: 'Delete SN-001' }).textContent).toBe('Delete');
    fireEvent.click(edit);
    expect(onEdit).toHaveBeenCalledWith(MACHINES[0]);
  });

  it('leaves out the columns hidden in the column settings, and heads the card with the column the page names', () => {
    localStorage.setItem(columnStorageKey('machines-cards'), '["site"]');
    renderMachines({ cardTitle: 'state' });
    const cells = within(card('SN-002')).getAllByRole('cell');
    expect(cells.map((cell) => [cell.dataset.label, cell.textContent])).toEqual([
      ['Serial number', 'SN-002'],
      [undefined, 'Suspended'],
      [undefined, 'EditDelete'],
    ]);
    expect(screen.queryByText('South gate')).toBeNull();
  });

  it('chooses rows by their checkboxes, or the whole page but the rows that may not be chosen', () => {
    const onChange = vi.fn();
    const rowSelection: TableRowSelection<Machine> = {
      selectedRowKeys: [2],
      onChange,
      getCheckboxProps: (machine) => ({ disabled: machine.state === 'Retired' }),
    };
    renderMachines({ rowSelection });
    expect(within(card('SN-002')).getByRole('checkbox', { name: 'SN-002' })).toHaveProperty('checked', true);
    expect(within(card('SN-003')).getByRole('checkbox', { name: 'SN-003' })).toHaveProperty('disabled', true);
    fireEvent.click(within(card('SN-001')).getByRole('checkbox', { name: 'SN-001' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2], [MACHINES[0], MACHINES[1]], { type: 'single' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2], [MACHINES[0], MACHINES[1]], { type: 'all' });
  });

  it('pages and sorts through the server as the table does', async () => {
    renderMachines();
    expect(screen.getByText('23 in total')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTitle('3'));
    });
    expect(seen.at(-1)).toEqual({ page: 2, size: 10 });
    const sorter = screen.getByRole('columnheader', { name: 'Serial number' });
    await act(async () => {
      fireEvent.click(within(sorter).getByRole('button'));
    });
    expect(seen.at(-1)).toEqual({ page: 0, size: 10, sort: ['serialNo,asc'] });
    expect(screen.getByRole('columnheader', { name: 'Serial number' }).getAttribute('aria-sort')).toBe('ascending');
    await act(async () => {
      fireEvent.click(within(sorter).getByRole('button'));
    });
    expect(seen.at(-1)).toEqual({ page: 0, size: 10, sort: ['serialNo,desc'] });
  });
});
