import { WORK_ORDER_PRIORITIES, WORK_ORDER_TYPES, type WorkOrderInput } from '@water/contract/work-orders';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import { MACHINES } from '@/components/machines/machine-entities.ts';
import { useCreateWorkOrders, useTechnicians } from '../api/work-orders.ts';

/** A new order, the same for each machine chosen; assigned to a technician, or by each machine's region. */
export function CreateWorkOrderForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WorkOrderInput>();
  const create = useCreateWorkOrders();
  const technicians = useTechnicians(open);
  return (
    <FormModal<WorkOrderInput>
      open={open}
      title={t('workOrders.create')}
      form={form}
      editing={false}
      initialValues={{ type: 'REPAIR', priority: 'NORMAL' }}
      onSubmit={(values) => create.mutateAsync(values)}
      onClose={onClose}
    >
      <Form.Item name="machineIds" label={t('workOrders.machines')} rules={[{ required: true }]}>
        <EntitySelect entity={MACHINES} mode="multiple" lazy />
      </Form.Item>
      <Form.Item name="type" label={t('workOrders.type')} rules={[{ required: true }]}>
        <Select options={WORK_ORDER_TYPES.map((value) => ({ value, label: t(`workOrders.types.${value}`) }))} />
      </Form.Item>
      <Form.Item name="priority" label={t('workOrders.priority')} rules={[{ required: true }]}>
        <Select
          options={WORK_ORDER_PRIORITIES.map((value) => ({ value, label: t(`workOrders.priorities.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="technicianId" label={t('workOrders.technician')}>
        <Select
          allowClear
          placeholder={t('workOrders.byRegion')}
          options={(technicians.data ?? []).map((user) => ({ value: user.userId, label: user.nickName }))}
        />
      </Form.Item>
      <Form.Item name="note" label={t('workOrders.note')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
