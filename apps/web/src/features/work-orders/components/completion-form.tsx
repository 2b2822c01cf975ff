import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { WORK_ORDER_CHECKLISTS, type WorkOrderCompletion, type WorkOrderDetail } from '@water/contract/work-orders';
import { App, Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/lib/form-error.ts';
import { useMyStock } from '../api/my-stock.ts';
import { useCompleteWorkOrder } from '../api/work-orders.ts';
import { CompletionPhotos, useOrderPhotos } from './completion-photos.tsx';
import { FittedFiltersFields } from './fitted-filters-fields.tsx';

type CompletionValues = Omit<WorkOrderCompletion, 'photos'>;

/** The technician's report of work done: the type's check-list, photos, TDS readings, parts and a note. */
export function CompletionForm({ order }: { order: Pick<WorkOrderDetail, 'id' | 'type' | 'photos'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CompletionValues>();
  const photos = useOrderPhotos(order.id, order.photos);
  const complete = useCompleteWorkOrder();
  const stock = useMyStock();
  const partOptions = (stock.data ?? []).map((line) => ({
    value: line.partId,
    label: `${line.code} ${line.name} (${line.quantity} ${line.unit})`,
  }));
  const filterChange = order.type === 'FILTER_CHANGE';
  const submit = async (values: CompletionValues) => {
    if (photos.waiting.length > 0) {
      message.warning(t('workOrders.photosWaiting', { count: photos.waiting.length }));
      return;
    }
    const stored = photos.files.flatMap((photo) => (photo.status === 'done' && photo.response ? [photo.response] : []));
    try {
      await complete.mutateAsync({
        ...values,
        parts: values.parts ?? [],
        checks: values.checks ?? [],
        id: order.id,
        photos: stored,
      });
      message.success(t('workOrders.completed'));
    } catch (error) {
      reportFormError(form, error);
    }
  };
  return (
    <Form<CompletionValues>
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      aria-label={t('workOrders.completion')}
    >
      <Form.Item name="checks" label={t('workOrders.checklist')}>
        <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {WORK_ORDER_CHECKLISTS[order.type].map((check) => (
            <Checkbox key={check} value={check}>
              {t(`workOrders.checks.${check}` as 'workOrders.checks.noLeak')}
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <CompletionPhotos orderId={order.id} photos={photos} />
      <Space wrap size={16}>
        <Form.Item name="tdsBefore" label={t('workOrders.tdsBefore')}>
          <InputNumber min={0} max={5000} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="tdsAfter"
          label={t('workOrders.tdsAfter')}
          rules={filterChange ? [{ required: true, message: t('workOrders.tdsAfter') }] : []}
        >
          <InputNumber min={0} max={5000} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Space>
      {filterChange && <FittedFiltersFields />}
      <Form.List name="parts">
        {(fields, { add, remove }) => (
          <Form.Item label={t('workOrders.parts')}>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item
                  name={[field.name, 'partId']}
                  rules={[{ required: true, message: t('workOrders.partName') }]}
                >
                  <Select
                    placeholder={t('workOrders.partName')}
                    aria-label={t('workOrders.partName')}
                    options={partOptions}
                    style={{ width: 200 }}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'quantity']} initialValue={1}>
                  <InputNumber
                    min={1}
                    max={10000}
                    precision={0}
                    aria-label={t('workOrders.quantity')}
                    style={{ width: 80 }}
                  />
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(field.name)} aria-label="remove" />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({ quantity: 1 })}>
              {t('workOrders.addPart')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="note" label={t('workOrders.note')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={complete.isPending} block>
        {t('workOrders.complete')}
      </Button>
    </Form>
  );
}
