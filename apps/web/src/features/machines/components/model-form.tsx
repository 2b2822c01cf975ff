import { BILLINGS, type MachineModel, WATER_TYPES } from '@water/contract/machines';
import { Col, Form, type FormRule, Input, InputNumber, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useCreateModel, useUpdateModel } from '../api/machines.ts';

type ModelValues = Omit<MachineModel, 'id' | 'machines' | 'createTime'>;

const NEW_MODEL: ModelValues = {
  code: '',
  name: '',
  taps: 1,
  waterTypes: 'COLD',
  tankLitres: 50,
  outputLph: 50,
  billing: 'FLOW',
  pulsesPerLitre: 450,
};

/** Creates a machine model or edits one; the code stays once created. */
export function ModelForm({ dialog }: { dialog: FormDialog<MachineModel> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ModelValues>();
  const create = useCreateModel();
  const update = useUpdateModel();
  const model = dialog.record;
  const required = (field: string) => ({ required: true, message: t('list.required', { field }) });
  /** A field of the grid, required unless its rules say otherwise. */
  const field = (name: keyof ModelValues, label: string, control: ReactNode, rules: FormRule[] = [required(label)]) => (
    <Col xs={24} sm={12}>
      <Form.Item name={name} label={label} rules={rules}>
        {control}
      </Form.Item>
    </Col>
  );
  const whole = (min: number, max: number) => (
    <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
  );
  const code = t('machines.code');
  const name = t('machines.name');
  return (
    <FormModal<ModelValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!model}
      width={600}
      title={model ? t('machines.editModel', { name: model.name }) : t('machines.addModel')}
      form={form}
      initialValues={model ?? NEW_MODEL}
      onSubmit={async (values) => {
        const fields = { ...values, name: values.name.trim() };
        if (model) {
          const { code: _code, ...rest } = fields;
          await update.mutateAsync({ id: model.id, ...rest });
        } else await create.mutateAsync({ ...fields, code: values.code.trim() });
      }}
      onClose={dialog.close}
    >
      <Row gutter={16}>
        {field(
          'code',
          code,
          <Input maxLength={32} disabled={!!model} autoFocus={!model} />,
          model ? [] : [{ ...required(code), whitespace: true }],
        )}
        {field('name', name, <Input maxLength={255} autoFocus={!!model} />, [{ ...required(name), whitespace: true }])}
        {field('taps', t('machines.taps'), whole(1, 2))}
        {field(
          'waterTypes',
          t('machines.waterTypes'),
          <Select options={WATER_TYPES.map((value) => ({ value, label: t(`machines.waters.${value}`) }))} />,
        )}
        {field('tankLitres', t('machines.tankLitres'), whole(1, 10_000))}
        {field('outputLph', t('machines.outputLph'), whole(1, 100_000))}
        {field(
          'billing',
          t('machines.billing'),
          <Select options={BILLINGS.map((value) => ({ value, label: t(`machines.billings.${value}`) }))} />,
        )}
        {field('pulsesPerLitre', t('machines.pulsesPerLitre'), whole(1, 1_000_000))}
      </Row>
    </FormModal>
  );
}
