import { HistoryOutlined } from '@ant-design/icons';
import type { AuditRecordType } from '@water/contract/audit';
import { Drawer } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../list/row-actions.tsx';
import { ChangeHistory } from './change-history.tsx';

/** Who may read a record's changes: the History action is absent without it. */
export const HISTORY_PERMISSION = 'audit:list';

interface HistoryOf<T> {
  recordType: AuditRecordType;
  idOf: (row: T) => number | string;
  nameOf: (row: T) => string;
}

/**
 * The History of rows that have no detail drawer of their own (price policies, coupon templates,
 * roles, machine commands): a row action that opens a drawer with the record's changes, the same
 * History section the details show.
 */
export function useHistoryDrawer<T>({ recordType, idOf, nameOf }: HistoryOf<T>): {
  action: (row: T) => RowAction;
  drawer: ReactNode;
} {
  const { t } = useTranslation();
  const [shown, setShown] = useState<T>();
  const action = (row: T): RowAction => ({
    key: 'history',
    label: t('audit.history'),
    icon: <HistoryOutlined aria-hidden />,
    allow: HISTORY_PERMISSION,
    onClick: () => setShown(row),
  });
  const drawer = (
    <Drawer
      open={shown !== undefined}
      onClose={() => setShown(undefined)}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      title={shown !== undefined && t('audit.historyOf', { name: nameOf(shown) })}
      destroyOnHidden
    >
      {shown !== undefined && <ChangeHistory recordType={recordType} recordId={idOf(shown)} />}
    </Drawer>
  );
  return { action, drawer };
}
