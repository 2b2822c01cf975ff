// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { DataTable } from './data-table.tsx';
import { useActionsColumn } from './use-actions-column.tsx';
import { useListState } from './use-list-state.ts';

interface Job {
  id: number;
  name: string;
}

function Jobs({ onEdit, onDelete }: { onEdit: (job: Job) => void; onDelete: (job: Job) => Promise<void> }) {
  const list = useListState<object>({ initialFilters: {} });
  const actions = useActionsColumn<Job>({
    nameOf: (job) => job.name,
    edit: { allow: 'job:edit', onClick: onEdit },
    remove: { allow: 'job:del', warning: 'Users holding it keep their accounts.', run: onDelete },
  });
  return (
    <DataTable<Job, object>
      tableId="jobs"
      label="Jobs"
      columns={[{ key: 'name', title: 'Name', dataIndex: 'name' }, ...actions]}
      list={list}
      query={{
        data: { content: [{ id: 7, name: 'Driver' }], totalElements: 1 },
        isFetching: false,
        isError: false,
        refetch: vi.fn(),
      }}
      rowKey={(job) => job.id}
    />
  );
}

function renderJobs(roles: string[]) {
  useSession.setState({ roles });
  const onEdit = vi.fn();
  const onDelete = vi.fn(async () => {});
  render(
    <App>
      <Jobs onEdit={onEdit} onDelete={onDelete} />
    </App>,
  );
  return { onEdit, onDelete };
}

afterEach(cleanup);

describe('useActionsColumn', () => {
  it('has no Actions column for a user who may neither edit nor delete', () => {
    renderJobs(['job:list']);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('shows only the actions the user may use, named after the row', () => {
    const { onEdit } = renderJobs(['job:edit']);
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    // Kept in view at the right however wide the table is.
    expect(header.className).toContain('ant-table-cell-fix-end');
    expect(screen.queryByRole('button', { name: 'Delete Driver' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Driver' }));
    expect(onEdit).toHaveBeenCalledWith({ id: 7, name: 'Driver' });
  });

  it('deletes a row only once confirmed, then says it is deleted', async () => {
    const { onDelete } = renderJobs(['admin']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Driver' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Users holding it keep their accounts.');
    expect(onDelete).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    expect(onDelete).toHaveBeenCalledWith({ id: 7, name: 'Driver' });
    expect(await screen.findByText('Deleted')).toBeTruthy();
  });
});
