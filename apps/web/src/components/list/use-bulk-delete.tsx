import { DeleteOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../permission.tsx';
import { useConfirm } from '../use-confirm.ts';

export interface BulkDeleteOptions<T> {
  /** The permission to delete; without it there is neither selection nor button. */
  allow: string;
  rowKey: (row: T) => Key;
  /** What deleting these rows also does; the common "cannot be undone" follows it. */
  warning: string;
  /** Deletes the rows once confirmed, in one request; the dialog waits for it. */
  run: (rows: T[]) => Promise<unknown>;
  /** Rows that cannot be chosen (the caller may not delete them). */
  disabled?: (row: T) => boolean;
}

export interface BulkDelete<T> {
  /** For the table (`tableProps.rowSelection`); undefined for a user who may not delete. */
  rowSelection: TableRowSelection<T> | undefined;
  /** "Delete selected (n)" for the toolbar; null for a user who may not delete. */
  button: ReactNode;
}

/** Row selection and one confirmed delete of every chosen row, for the lists whose server deletes by ids. */
export function useBulkDelete<T>({ allow, rowKey, warning, run, disabled }: BulkDeleteOptions<T>): BulkDelete<T> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const can = usePermission();
  const [chosen, setChosen] = useState<T[]>([]);
  if (!can([allow])) return { rowSelection: undefined, button: null };

  const ask = () =>
    confirm({
      title: t('list.deleteManyTitle', { count: chosen.length }),
      content: `${warning} ${t('list.deleteWarning')}`,
      okText: t('list.delete'),
      onConfirm: async () => {
        await run(chosen);
        setChosen([]);
        message.success(t('list.deleted'));
      },
    });

  return {
    rowSelection: {
      selectedRowKeys: chosen.map(rowKey),
      onChange: (_keys, rows) => setChosen(rows.filter((row): row is T => row !== undefined)),
      getCheckboxProps: (row) => ({ disabled: disabled?.(row) ?? false }),
    },
    button: (
      <Button danger icon={<DeleteOutlined aria-hidden />} disabled={chosen.length === 0} onClick={ask}>
        {t('list.deleteSelected', { count: chosen.length })}
      </Button>
    ),
  };
}
