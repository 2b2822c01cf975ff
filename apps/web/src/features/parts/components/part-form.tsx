import { FILTER_STAGE_CODES, PART_KINDS, type Part, type PartInput } from '@water/contract/parts';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useSavePart } from '../api/parts.ts';

/** Adds or edits a part: code, name, kind (a filter names its stage), unit and reorder point. */
export function PartForm({ dialog }: { dialog: FormDialog<Part> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PartInput>();
  const save = useSavePart();
  const part = dialog.record;
  const kind = Form.useWatch('kind', form) ?? part?.kind ?? 'FILTER';
  const required = (field: string) => [{ required: true, whitespace: true, message: t('list.required', { field }) }];
  return (
    <FormModal<PartInput>
      key={dialog.session}
      open={dialog.open}
      editing={part !== undefined}
      title={part ? t('parts.editPart', { code: part.code }) : t('parts.addPart')}
      form={form}
      initialValues={part ? { ...part } : { kind: 'FILTER', unit: 'pc', reorderPoint: 0 }}
      onSubmit={(values) => save.mutateAsync({ id: part?.id, input: { ...values, stage: values.stage ?? null } })}
      onClose={dialog.close}
    >
      <Form.Item name="code" label={t('parts.code')} rules={required(t('parts.code'))}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="name" label={t('parts.name')} rules={required(t('parts.name'))}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="kind" label={t('parts.kind')}>
        <Select options={PART_KINDS.map((value) => ({ value, label: t(`parts.kinds.${value}`) }))} />
      </Form.Item>
      {kind === 'FILTER' && (
        <Form.Item name="stage" label={t('parts.stage')}>
          <Select allowClear options={FILTER_STAGE_CODES.map((value) => ({ value, label: value }))} />
        </Form.Item>
      )}
      <Form.Item name="unit" label={t('parts.unit')} rules={required(t('parts.unit'))}>
        <Input maxLength={16} />
      </Form.Item>
      <Form.Item name="reorderPoint" label={t('parts.reorderPoint')}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
