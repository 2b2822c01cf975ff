import { MOVEMENT_KINDS, type Movement, type MovementKind, PART_PERMISSIONS } from '@water/contract/parts';
import { Button, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission.tsx';
import { useMovements, useParts } from '../api/parts.ts';
import { MovementForm, type MovementMode } from './movement-form.tsx';

const PAGE_SIZE = 20;

/** Every stock movement, newest first, filtered by part and kind; new receipts, transfers and adjustments. */
export function MovementsTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ partId?: number; kind?: MovementKind }>({});
  const [page, setPage] = useState(0);
  const movements = useMovements({ ...filters, page, size: PAGE_SIZE });
  const parts = useParts();
  const [mode, setMode] = useState<MovementMode>();
  const holder = (kind: Movement['fromKind'], name: string | null) =>
    kind ? `${t(`parts.holderKinds.${kind}`)} ${name ?? ''}` : '';
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('parts.part')}
          aria-label={t('parts.part')}
          style={{ width: 200 }}
          value={filters.partId}
          onChange={(partId) => {
            setFilters({ ...filters, partId });
            setPage(0);
          }}
          options={(parts.data ?? []).map((part) => ({ value: part.id, label: `${part.code} ${part.name}` }))}
        />
        <Select
          allowClear
          placeholder={t('parts.kind')}
          aria-label={t('parts.kind')}
          style={{ width: 150 }}
          value={filters.kind}
          onChange={(kind) => {
            setFilters({ ...filters, kind });
            setPage(0);
          }}
          options={MOVEMENT_KINDS.map((value) => ({ value, label: t(`parts.movementKinds.${value}`) }))}
        />
        <Permission allow={[PART_PERMISSIONS.move]}>
          <Button type="primary" onClick={() => setMode('receive')}>
            {t('parts.receive')}
          </Button>
          <Button onClick={() => setMode('transfer')}>{t('parts.transfer')}</Button>
          <Button onClick={() => setMode('adjust')}>{t('parts.adjust')}</Button>
        </Permission>
      </Space>
      <section aria-label={t('parts.movements')}>
        <Table<Movement>
          size="small"
          rowKey="id"
          loading={movements.isLoading}
          dataSource={movements.data?.content ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page + 1,
            pageSize: PAGE_SIZE,
            total: movements.data?.totalElements ?? 0,
            showSizeChanger: false,
            onChange: (next) => setPage(next - 1),
          }}
          columns={[
            { key: 'time', title: t('parts.createTime'), dataIndex: 'createTime' },
            { key: 'kind', title: t('parts.kind'), render: (_, m) => t(`parts.movementKinds.${m.kind}`) },
            { key: 'part', title: t('parts.part'), render: (_, m) => `${m.code} ${m.name}` },
            { key: 'quantity', title: t('parts.quantity'), dataIndex: 'quantity', align: 'right' },
            { key: 'from', title: t('parts.from'), render: (_, m) => holder(m.fromKind, m.fromName) },
            { key: 'to', title: t('parts.to'), render: (_, m) => holder(m.toKind, m.toName) },
            {
              key: 'note',
              title: t('parts.note'),
              render: (_, m) =>
                [m.workOrderId === null ? null : `${t('parts.workOrder')} ${m.workOrderId}`, m.note]
                  .filter(Boolean)
                  .join(' · '),
            },
            { key: 'by', title: t('parts.createBy'), dataIndex: 'createBy' },
          ]}
        />
      </section>
      <MovementForm mode={mode} onClose={() => setMode(undefined)} />
    </>
  );
}
