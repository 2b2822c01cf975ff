import { EditOutlined } from '@ant-design/icons';
import { PART_PERMISSIONS, type Part } from '@water/contract/parts';
import { Alert, Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/list/add-button.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { Permission } from '@/components/permission.tsx';
import { useParts } from '../api/parts.ts';
import { PartForm } from './part-form.tsx';

/** The catalogue: every part with its warehouse stock; those at or below their reorder point marked low. */
export function PartsTab() {
  const { t } = useTranslation();
  const parts = useParts();
  const dialog = useFormDialog<Part>();
  const low = (parts.data ?? []).filter((part) => part.low);
  return (
    <>
      {low.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('parts.lowCount', { count: low.length })}
          description={low.map((part) => `${part.code} ${part.name}`).join(', ')}
        />
      )}
      <div style={{ marginBottom: 12 }}>
        <AddButton allow={PART_PERMISSIONS.edit} onClick={dialog.openCreate} />
      </div>
      <section aria-label={t('parts.parts')}>
        <Table<Part>
          size="small"
          rowKey="id"
          loading={parts.isLoading}
          dataSource={parts.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'code', title: t('parts.code'), dataIndex: 'code' },
            { key: 'name', title: t('parts.name'), dataIndex: 'name' },
            {
              key: 'kind',
              title: t('parts.kind'),
              render: (_, part) => [t(`parts.kinds.${part.kind}`), part.stage].filter(Boolean).join(' · '),
            },
            {
              key: 'stock',
              title: t('parts.warehouseStock'),
              align: 'right',
              render: (_, part) => (
                <>
                  {part.warehouseStock} {part.unit} {part.low && <Tag color="red">{t('parts.low')}</Tag>}
                </>
              ),
            },
            { key: 'reorderPoint', title: t('parts.reorderPoint'), dataIndex: 'reorderPoint', align: 'right' },
            {
              key: 'actions',
              title: '',
              render: (_, part) => (
                <Permission allow={[PART_PERMISSIONS.edit]}>
                  <Button
                    size="small"
                    icon={<EditOutlined aria-hidden />}
                    aria-label={t('parts.editPart', { code: part.code })}
                    onClick={() => dialog.openEdit(part)}
                  />
                </Permission>
              ),
            },
          ]}
        />
      </section>
      <PartForm dialog={dialog} />
    </>
  );
}
