import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { useAdjust, useParts, useReceive, useTransfer, useWarehouses } from '../api/parts.ts';
import { holderOf, useHolderOptions } from './holder-options.ts';

export type MovementMode = 'receive' | 'transfer' | 'adjust';

interface MovementValues {
  partId: number;
  warehouseId?: number;
  from?: string;
  to?: string;
  holder?: string;
  quantity?: number;
  change?: number;
  note?: string;
}

/** Receives parts into a warehouse, transfers them between holders, or corrects a count with a reason. */
export function MovementForm({ mode, onClose }: { mode: MovementMode | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MovementValues>();
  const parts = useParts();
  const warehouses = useWarehouses();
  const holders = useHolderOptions(t);
  const receive = useReceive();
  const transfer = useTransfer();
  const adjust = useAdjust();
  const required = (field: string) => [{ required: true, message: t('list.required', { field }) }];
  const submit = (values: MovementValues) => {
    const note = values.note?.trim() || undefined;
    if (mode === 'receive') {
      return receive.mutateAsync({
        partId: values.partId,
        warehouseId: values.warehouseId as number,
        quantity: values.quantity as number,
        ...(note ? { note } : {}),
      });
    }
    if (mode === 'transfer') {
      return transfer.mutateAsync({
        partId: values.partId,
        from: holderOf(values.from as string),
        to: holderOf(values.to as string),
        quantity: values.quantity as number,
        ...(note ? { note } : {}),
      });
    }
    return adjust.mutateAsync({
      partId: values.partId,
      holder: holderOf(values.holder as string),
      change: values.change as number,
      note: note ?? '',
    });
  };
  return (
    <FormModal<MovementValues>
      key={mode}
      open={mode !== undefined}
      editing={false}
      title={mode ? t(`parts.${mode}`) : ''}
      form={form}
      initialValues={{ quantity: 1 }}
      onSubmit={submit}
      onClose={onClose}
      doneText={t('parts.moved')}
    >
      <Form.Item name="partId" label={t('parts.part')} rules={required(t('parts.part'))}>
        <Select
          showSearch
          optionFilterProp="label"
          options={(parts.data ?? []).map((part) => ({ value: part.id, label: `${part.code} ${part.name}` }))}
        />
      </Form.Item>
      {mode === 'receive' && (
        <Form.Item name="warehouseId" label={t('parts.warehouse')} rules={required(t('parts.warehouse'))}>
          <Select options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }))} />
        </Form.Item>
      )}
      {mode === 'transfer' && (
        <>
          <Form.Item name="from" label={t('parts.from')} rules={required(t('parts.from'))}>
            <Select options={holders} />
          </Form.Item>
          <Form.Item name="to" label={t('parts.to')} rules={required(t('parts.to'))}>
            <Select options={holders} />
          </Form.Item>
        </>
      )}
      {mode === 'adjust' ? (
        <>
          <Form.Item name="holder" label={t('parts.holder')} rules={required(t('parts.holder'))}>
            <Select options={holders} />
          </Form.Item>
          <Form.Item name="change" label={t('parts.change')} rules={required(t('parts.change'))}>
            <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="quantity" label={t('parts.quantity')} rules={required(t('parts.quantity'))}>
          <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Form.Item
        name="note"
        label={mode === 'adjust' ? t('parts.reason') : t('parts.note')}
        rules={mode === 'adjust' ? [{ required: true, whitespace: true, message: t('parts.reason') }] : []}
      >
        <Input maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
