import { POLICY_SCOPES, POLICY_STATUSES, type PolicyScope, type PricePolicy } from '@water/contract/price-policies';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_AGENTS } from '@/components/agents/agent-entities.ts';
import { type EntityDescriptor, EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { MACHINE_MODELS_WITH_CODE, MACHINES } from '@/components/machines/machine-entities.ts';
import { useCreatePolicy, useUpdatePolicy } from '../api/policies.ts';
import { newPolicy, type PolicyFormValues, toPolicyFormValues, toPolicyInput } from './policy-form-values.ts';

const PRICE_FIELDS = ['priceWechat', 'priceAlipay', 'priceCard', 'priceCoin'] as const;
const PRICE_LABELS = { priceWechat: 'wechat', priceAlipay: 'alipay', priceCard: 'card', priceCoin: 'coin' } as const;
const TARGETS: Record<Exclude<PolicyScope, 'ALL'>, EntityDescriptor<unknown>> = {
  AGENT: ACTIVE_AGENTS,
  MODEL: MACHINE_MODELS_WITH_CODE,
  MACHINE: MACHINES,
};

/** Creates or edits a price policy: what it applies to, a price per litre for each channel, a discount and a start. */
export function PolicyForm({ dialog }: { dialog: FormDialog<PricePolicy> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PolicyFormValues>();
  const create = useCreatePolicy();
  const update = useUpdatePolicy();
  const policy = dialog.record;
  const scope = Form.useWatch('scope', form) ?? policy?.scope ?? 'ALL';
  const required = (field: string) => ({ required: true, message: t('list.required', { field }) });
  const price = (
    name: (typeof PRICE_FIELDS)[number] | 'memberPrice',
    label: string,
    isRequired: boolean,
    extra?: string,
  ) => (
    <Col xs={12} sm={6} key={name}>
      <Form.Item name={name} label={label} rules={isRequired ? [required(label)] : []} extra={extra}>
        <InputNumber<string> stringMode min="0" max="1000" precision={2} step="0.1" style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  return (
    <FormModal<PolicyFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!policy}
      width={720}
      title={policy ? t('policies.editTitle', { name: policy.name }) : t('policies.addTitle')}
      form={form}
      initialValues={policy ? toPolicyFormValues(policy) : newPolicy()}
      onSubmit={async (values) => {
        const input = toPolicyInput(values);
        if (policy) await update.mutateAsync({ ...input, id: policy.id });
        else await create.mutateAsync(input);
      }}
      onClose={dialog.close}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('policies.precedence')} />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('policies.name')}
            rules={[{ ...required(t('policies.name')), whitespace: true }]}
          >
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="effectiveFrom"
            label={t('policies.effectiveFrom')}
            rules={[required(t('policies.effectiveFrom'))]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="scope" label={t('policies.scope')}>
            <Radio.Group
              onChange={() => form.setFieldValue('scopeId', undefined)}
              options={POLICY_SCOPES.map((value) => ({ value, label: t(`policies.scopes.${value}`) }))}
            />
          </Form.Item>
        </Col>
        {scope !== 'ALL' && (
          <Col xs={24}>
            <Form.Item name="scopeId" label={t('policies.target')} rules={[required(t('policies.target'))]}>
              <EntitySelect key={scope} entity={TARGETS[scope]} />
            </Form.Item>
          </Col>
        )}
        {PRICE_FIELDS.map((name) =>
          price(name, `${t(`policies.${PRICE_LABELS[name]}`)} (${t('policies.yuanPerLitre')})`, true),
        )}
        {price('memberPrice', `${t('policies.member')} (${t('policies.yuanPerLitre')})`, false)}
        <Col xs={12} sm={6}>
          <Form.Item name="discountPct" label={t('policies.discount')}>
            <InputNumber<string> stringMode min="0" max="100" precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('policies.status')}>
            <Radio.Group
              optionType="button"
              options={POLICY_STATUSES.map((value) => ({ value, label: t(`policies.statuses.${value}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
