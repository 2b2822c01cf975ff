import { LockOutlined } from '@ant-design/icons';
import { LEDGER_PERMISSIONS, type LedgerPeriod } from '@water/contract/ledger';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { Permission } from '@/components/permission.tsx';
import { useLedgerPeriods } from '../api/ledger-periods.ts';
import { ClosePeriodDialog } from './close-period-dialog.tsx';

/** A closed period as the books name it: its month (`2026-10`) or its day. */
const periodName = (period: LedgerPeriod) => (period.kind === 'MONTH' ? period.firstDay.slice(0, 7) : period.firstDay);

/** The periods closed, the latest first; finance closes the next one here. */
export function PeriodsTab() {
  const { t } = useTranslation();
  const list = useListState<object>({ initialFilters: {}, paged: false });
  const periods = useLedgerPeriods();
  const [closing, setClosing] = useState(false);
  const columns: DataColumn<LedgerPeriod>[] = [
    { key: 'period', title: t('ledger.period'), render: (_, period) => periodName(period), width: 120 },
    { key: 'kind', title: t('ledger.kind'), render: (_, period) => t(`ledger.periodKinds.${period.kind}`), width: 80 },
    { key: 'firstDay', title: t('ledger.firstDay'), dataIndex: 'firstDay', width: 120 },
    { key: 'lastDay', title: t('ledger.lastDay'), dataIndex: 'lastDay', width: 120 },
    { key: 'closedBy', title: t('ledger.closedBy'), dataIndex: 'closedBy', width: 140 },
    { key: 'closedTime', title: t('ledger.closedTime'), dataIndex: 'closedTime', width: 170 },
  ];
  return (
    <>
      <DataTable<LedgerPeriod, object>
        tableId="ledger-periods"
        label={t('ledger.periods')}
        columns={columns}
        list={list}
        query={periods}
        rowKey={(period) => period.id}
        actions={
          <Permission allow={[LEDGER_PERMISSIONS.close]}>
            <Button
              type="primary"
              icon={<LockOutlined aria-hidden />}
              disabled={periods.isPending}
              onClick={() => setClosing(true)}
            >
              {t('ledger.closePeriod')}
            </Button>
          </Permission>
        }
      />
      {closing && (
        <ClosePeriodDialog
          closedThrough={periods.data?.content[0]?.lastDay ?? null}
          onClose={() => setClosing(false)}
        />
      )}
    </>
  );
}
