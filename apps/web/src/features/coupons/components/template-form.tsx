import {
  COUPON_SCOPES,
  COUPON_TYPES,
  type CouponScope,
  type CouponTemplate,
  FUNDERS,
  ISSUE_TYPES,
  VALIDITY_TYPES,
} from '@water/contract/coupons';
import { Alert, Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_AGENTS } from '@/components/agents/agent-entities.ts';
import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { type EntityDescriptor, EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { MACHINE_MODELS_WITH_CODE, MACHINES } from '@/components/machines/machine-entities.ts';
import { SITES } from '@/components/sites/site-entities.ts';
import { useCreateTemplate, useUpdateTemplate } from '../api/coupons.ts';
import { newTemplate, type TemplateFormValues, toTemplateFormValues, toTemplateInput } from './template-form-values.ts';

const TARGETS: Record<Exclude<CouponScope, 'ALL'>, EntityDescriptor<unknown>> = {
  AGENT: ACTIVE_AGENTS,
  SITE: SITES,
  MACHINE: MACHINES,
  MODEL: MACHINE_MODELS_WITH_CODE,
};

/** Creates or changes a draft coupon: what it takes off, where, how members get it, for how long, who pays. */
export function TemplateForm({ dialog }: { dialog: FormDialog<CouponTemplate> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateFormValues>();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const template = dialog.record;
  const initial = template ? toTemplateFormValues(template) : newTemplate();
  const type = Form.useWatch('type', form) ?? initial.type;
  const scope = Form.useWatch('scope', form) ?? initial.scope;
  const issueType = Form.useWatch('issueType', form) ?? initial.issueType;
  const validType = Form.useWatch('validType', form) ?? initial.validType;
  const required = (field: string) => ({ required: true, message: t('list.required', { field }) });
  const valueLabel =
    type === 'AMOUNT_OFF' ? t('coupons.amount') : type === 'PERCENT_OFF' ? t('coupons.percent') : t('coupons.litres');
  const money = { stringMode: true, min: '0', max: '100000', precision: 2, style: { width: '100%' } } as const;
  return (
    <FormModal<TemplateFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!template}
      width={760}
      title={template ? t('coupons.editTitle', { name: template.name }) : t('coupons.addTitle')}
      form={form}
      initialValues={initial}
      fieldNames={{ validFrom: 'validRange', validTo: 'validRange' }}
      onSubmit={async (values) => {
        const input = toTemplateInput(values);
        if (template) await update.mutateAsync({ ...input, id: template.id });
        else await create.mutateAsync(input);
      }}
      onClose={dialog.close}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('coupons.draftOnly')} />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('coupons.name')}
            rules={[{ ...required(t('coupons.name')), whitespace: true }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="agentId" label={t('coupons.owner')}>
            <EntitySelect entity={ACTIVE_AGENTS} extraOptions={[{ value: null, label: t('coupons.platform') }]} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="type" label={t('coupons.type')}>
            <Radio.Group
              optionType="button"
              onChange={() => form.setFieldValue('value', undefined)}
              options={COUPON_TYPES.map((value) => ({ value, label: t(`coupons.types.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="value" label={valueLabel} rules={[required(valueLabel)]}>
            {type === 'PERCENT_OFF' ? (
              <InputNumber<string> stringMode min="1" max="100" precision={0} style={{ width: '100%' }} />
            ) : type === 'FREE_LITRES' ? (
              <InputNumber<string> stringMode min="0.1" max="50" precision={1} style={{ width: '100%' }} />
            ) : (
              <InputNumber<string> {...money} min="0.01" />
            )}
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="minSpend" label={t('coupons.minSpend')} extra={t('coupons.noMinimumHint')}>
            <InputNumber<string> {...money} />
          </Form.Item>
        </Col>
        {type !== 'AMOUNT_OFF' && (
          <Col xs={12} sm={8}>
            <Form.Item
              name="maxDiscount"
              label={t('coupons.maxDiscount')}
              extra={t('coupons.maxDiscountHint')}
              rules={[required(t('coupons.maxDiscount'))]}
            >
              <InputNumber<string> {...money} min="0.01" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item name="scope" label={t('coupons.scope')}>
            <Radio.Group
              onChange={() => form.setFieldValue('scopeIds', [])}
              options={COUPON_SCOPES.map((value) => ({ value, label: t(`coupons.scopes.${value}`) }))}
            />
          </Form.Item>
        </Col>
        {scope !== 'ALL' && (
          <Col xs={24}>
            <Form.Item name="scopeIds" label={t('coupons.targets')} rules={[required(t('coupons.targets'))]}>
              <EntitySelect key={scope} entity={TARGETS[scope]} mode="multiple" maxCount={100} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item name="issueType" label={t('coupons.issueType')}>
            <Radio.Group options={ISSUE_TYPES.map((value) => ({ value, label: t(`coupons.issueTypes.${value}`) }))} />
          </Form.Item>
        </Col>
        {issueType === 'CODE' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="claimCode"
              label={t('coupons.claimCode')}
              extra={t('coupons.claimCodeHint')}
              rules={[
                required(t('coupons.claimCode')),
                { pattern: /^[A-Za-z0-9]{4,32}$/, message: t('coupons.claimCodeHint') },
              ]}
            >
              <Input maxLength={32} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
        )}
        <Col xs={12} sm={6}>
          <Form.Item
            name="total"
            label={t('coupons.total')}
            extra={t('coupons.totalHint')}
            rules={[required(t('coupons.total'))]}
          >
            <InputNumber min={0} max={10_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="perMember" label={t('coupons.perMember')} rules={[required(t('coupons.perMember'))]}>
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="validType" label={t('coupons.validity')}>
            <Radio.Group
              optionType="button"
              options={VALIDITY_TYPES.map((value) => ({ value, label: t(`coupons.validTypes.${value}`) }))}
            />
          </Form.Item>
        </Col>
        {validType === 'FIXED' ? (
          <Col xs={24} sm={16}>
            <Form.Item name="validRange" label={t('coupons.validRange')} rules={[required(t('coupons.validRange'))]}>
              <DateRangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ) : (
          <Col xs={12} sm={8}>
            <Form.Item name="validDays" label={t('coupons.validDays')} rules={[required(t('coupons.validDays'))]}>
              <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item name="fundedBy" label={t('coupons.fundedBy')} extra={t('coupons.fundedHint')}>
            <Radio.Group
              optionType="button"
              options={FUNDERS.map((value) => ({ value, label: t(`coupons.funders.${value}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
