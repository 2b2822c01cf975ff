import { EditOutlined } from '@ant-design/icons';
import { PART_PERMISSIONS, type Warehouse, type WarehouseInput } from '@water/contract/parts';
import { Button, Form, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { AddButton } from '@/components/list/add-button.tsx';
import { type FormDialog, useFormDialog } from '@/components/list/use-form-dialog.ts';
import { Permission } from '@/components/permission.tsx';
import { useSaveWarehouse, useWarehouses } from '../api/parts.ts';

function WarehouseForm({ dialog }: { dialog: FormDialog<Warehouse> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WarehouseInput>();
  const save = useSaveWarehouse();
  const warehouse = dialog.record;
  return (
    <FormModal<WarehouseInput>
      key={dialog.session}
      open={dialog.open}
      editing={warehouse !== undefined}
      title={warehouse ? t('parts.editWarehouse', { name: warehouse.name }) : t('parts.addWarehouse')}
      form={form}
      initialValues={warehouse ?? {}}
      onSubmit={(values) => save.mutateAsync({ id: warehouse?.id, input: values })}
      onClose={dialog.close}
    >
      <Form.Item
        name="name"
        label={t('parts.name')}
        rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('parts.name') }) }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="address" label={t('parts.address')}>
        <Input maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}

/** The warehouses stock is received into. */
export function WarehousesTab() {
  const { t } = useTranslation();
  const warehouses = useWarehouses();
  const dialog = useFormDialog<Warehouse>();
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <AddButton allow={PART_PERMISSIONS.edit} onClick={dialog.openCreate} />
      </div>
      <section aria-label={t('parts.warehouses')}>
        <Table<Warehouse>
          size="small"
          rowKey="id"
          loading={warehouses.isLoading}
          dataSource={warehouses.data ?? []}
          pagination={false}
          columns={[
            { key: 'name', title: t('parts.name'), dataIndex: 'name' },
            { key: 'address', title: t('parts.address'), dataIndex: 'address' },
            {
              key: 'actions',
              title: '',
              width: 48,
              render: (_, warehouse) => (
                <Permission allow={[PART_PERMISSIONS.edit]}>
                  <Button
                    size="small"
                    icon={<EditOutlined aria-hidden />}
                    aria-label={t('parts.editWarehouse', { name: warehouse.name })}
                    onClick={() => dialog.openEdit(warehouse)}
                  />
                </Permission>
              ),
            },
          ]}
        />
      </section>
      <WarehouseForm dialog={dialog} />
    </>
  );
}
