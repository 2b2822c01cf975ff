import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../permission.tsx';
import { useConfirm } from '../use-confirm.ts';
import type { DataColumn } from './data-table.tsx';
import { type RowAction, RowActions } from './row-actions.tsx';

export interface ActionsColumnOptions<T> {
  /** Names a row: in the buttons' accessible names ("Edit Driver") and in the delete question. */
  nameOf: (row: T) => string;
  edit?: { allow: string; onClick: (row: T) => void; disabled?: (row: T) => boolean };
  remove?: {
    allow: string;
    /** What deleting this row also does; the common "cannot be undone" follows it. */
    warning: string | ((row: T) => string);
    /** Deletes the row once confirmed; the dialog waits for it, then says it is deleted. */
    run: (row: T) => Promise<unknown>;
    disabled?: (row: T) => boolean;
  };
  /** Actions between Edit and Delete, and the permissions they need (for whether the column shows). */
  extra?: { allow: readonly string[]; actions: (row: T) => RowAction[] };
  width?: number;
  /** Kept in view at the right of a table wider than the screen (the default), or scrolled with the rest. */
  fixed?: 'right' | false;
}

/**
 * The "Actions" column of an admin list: edit, further actions and a confirmed delete, each for
 * the users who may use it. None (an empty list to spread into the columns) for a user who may use none.
 */
export function useActionsColumn<T>(options: ActionsColumnOptions<T>): DataColumn<T>[] {
  const { nameOf, edit, remove, extra, width = 100, fixed = 'right' } = options;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const can = usePermission();
  const allow = [edit?.allow, remove?.allow, ...(extra?.allow ?? [])].filter((name) => name !== undefined);
  if (allow.length === 0 || !can(allow)) return [];

  const confirmDelete = (row: T) =>
    remove &&
    confirm({
      title: t('list.deleteTitle', { name: nameOf(row) }),
      content: `${typeof remove.warning === 'string' ? remove.warning : remove.warning(row)} ${t('list.deleteWarning')}`,
      okText: t('list.delete'),
      onConfirm: async () => {
        await remove.run(row);
        message.success(t('list.deleted'));
      },
    });

  return [
    {
      key: 'actions',
      title: t('list.actions'),
      width,
      fixed: fixed || undefined,
      render: (_, row) => (
        <RowActions
          name={nameOf(row)}
          edit={edit && { allow: edit.allow, onClick: () => edit.onClick(row), disabled: edit.disabled?.(row) }}
          remove={
            remove && { allow: remove.allow, onClick: () => confirmDelete(row), disabled: remove.disabled?.(row) }
          }
          extra={extra?.actions(row)}
        />
      ),
    },
  ];
}
