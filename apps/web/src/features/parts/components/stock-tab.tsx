import type { HolderKind, StockLine } from '@water/contract/parts';
import { Segmented, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStock } from '../api/parts.ts';

/** What each warehouse or each technician holds, holder by holder. */
export function StockTab() {
  const { t } = useTranslation();
  const [holderKind, setHolderKind] = useState<HolderKind>('WAREHOUSE');
  const stock = useStock({ holderKind });
  return (
    <>
      <Segmented<HolderKind>
        style={{ marginBottom: 12 }}
        value={holderKind}
        onChange={setHolderKind}
        options={[
          { value: 'WAREHOUSE', label: t('parts.byWarehouse') },
          { value: 'TECHNICIAN', label: t('parts.byTechnician') },
        ]}
      />
      <section aria-label={t('parts.stock')}>
        <Table<StockLine>
          size="small"
          rowKey={(line) => `${line.holderKind}:${line.holderId}:${line.partId}`}
          loading={stock.isLoading}
          dataSource={stock.data ?? []}
          pagination={false}
          locale={{ emptyText: t('parts.empty') }}
          columns={[
            { key: 'holder', title: t(`parts.holderKinds.${holderKind}`), dataIndex: 'holderName' },
            { key: 'part', title: t('parts.part'), render: (_, line) => `${line.code} ${line.name}` },
            {
              key: 'quantity',
              title: t('parts.quantity'),
              align: 'right',
              render: (_, line) => `${line.quantity} ${line.unit}`,
            },
          ]}
        />
      </section>
    </>
  );
}
