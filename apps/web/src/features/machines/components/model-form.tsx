import { BILLINGS, type MachineModel, WATER_TYPES } from '@water/contract/machines';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
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
  const whole = (name: keyof ModelValues, label: string, min: number, max: number) => (
    <Col xs={24} sm={12}>
      <Form.Item name={name} label={label} rules={[required(label)]}>
        <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
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
        <Col xs={24} sm={12}>
          <Form.Item
            name="code"
            label={t('machines.code')}
            rules={model ? [] : [{ ...required(t('machines.code')), whitespace: true }]}
          >
            <Input maxLength={32} disabled={!!model} autoFocus={!model} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('machines.name')}
            rules={[{ ...required(t('machines.name')), whitespace: true }]}
          >
            <Input maxLength={255} autoFocus={!!model} />
          </Form.Item>
        </Col>
        {whole('taps', t('machines.taps'), 1, 2)}
        <Col xs={24} sm={12}>
          <Form.Item name="waterTypes" label={t('machines.waterTypes')} rules={[required(t('machines.waterTypes'))]}>
            <Select options={WATER_TYPES.map((value) => ({ value, label: t(`machines.waters.${value}`) }))} />
          </Form.Item>
        </Col>
        {whole('tankLitres', t('machines.tankLitres'), 1, 10_000)}
        {whole('outputLph', t('machines.outputLph'), 1, 100_000)}
        <Col xs={24} sm={12}>
          <Form.Item name="billing" label={t('machines.billing')} rules={[required(t('machines.billing'))]}>
            <Select options={BILLINGS.map((value) => ({ value, label: t(`machines.billings.${value}`) }))} />
          </Form.Item>
        </Col>
        {whole('pulsesPerLitre', t('machines.pulsesPerLitre'), 1, 1_000_000)}
      </Row>
    </FormModal>
  );
}
