import { SITE_TYPE_DICT, type Site } from '@water/contract/sites';
import { Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_AGENTS_WITH_CODE } from '@/components/agents/agent-entities.ts';
import { DictSelect } from '@/components/dict-select.tsx';
import { EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useCreateSite, useUpdateSite } from '../api/sites.ts';
import { NEW_SITE, type SiteFormValues, toSiteFormValues, toSiteInput } from './site-form-values.ts';

/** The server's fee field is the form's `fee`. */
const FIELD_NAMES = { feeValue: 'fee' };

/** Creates a site for an active agent the user reaches, or edits one (its agent stays). */
export function SiteForm({ dialog }: { dialog: FormDialog<Site> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteFormValues>();
  const create = useCreateSite();
  const update = useUpdateSite();
  const site = dialog.record;
  const feeType = Form.useWatch('feeType', form) ?? site?.feeType ?? 'RENT';
  const required = (field: string) => ({ required: true, whitespace: true, message: t('list.required', { field }) });
  const text = (name: keyof SiteFormValues, label: string, max: number, rules = false) => (
    <Col xs={24} sm={12}>
      <Form.Item name={name} label={label} rules={rules ? [required(label)] : []}>
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );
  const coordinate = (name: 'longitude' | 'latitude', limit: number) => (
    <Col xs={12}>
      <Form.Item name={name} label={t(`sites.${name}`)}>
        <InputNumber<string>
          stringMode
          min={String(-limit)}
          max={String(limit)}
          precision={6}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Col>
  );
  return (
    <FormModal<SiteFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!site}
      width={680}
      title={site ? t('sites.editTitle', { name: site.name }) : t('sites.addTitle')}
      form={form}
      fieldNames={FIELD_NAMES}
      initialValues={site ? toSiteFormValues(site) : NEW_SITE}
      onSubmit={async (values) => {
        if (site) await update.mutateAsync(toSiteInput(values, site.id));
        else await create.mutateAsync(toSiteInput(values));
      }}
      onClose={dialog.close}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          {/* A site keeps its agent: editing shows it, and loads no list. */}
          <Form.Item
            name="agentId"
            label={t('sites.agent')}
            rules={site ? [] : [{ required: true, message: t('list.required', { field: t('sites.agent') }) }]}
          >
            <EntitySelect
              entity={ACTIVE_AGENTS_WITH_CODE}
              disabled={!!site}
              extraOptions={site ? [{ value: site.agentId, label: site.agentName }] : []}
            />
          </Form.Item>
        </Col>
        {text('name', t('sites.name'), 255, true)}
        <Col xs={24} sm={12}>
          <Form.Item
            name="type"
            label={t('sites.type')}
            rules={[{ required: true, message: t('list.required', { field: t('sites.type') }) }]}
          >
            <DictSelect dict={SITE_TYPE_DICT} />
          </Form.Item>
        </Col>
        {text('province', t('sites.province'), 64)}
        {text('city', t('sites.city'), 64)}
        {text('district', t('sites.district'), 64)}
        <Col span={24}>
          <Form.Item name="address" label={t('sites.address')} rules={[required(t('sites.address'))]}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Row gutter={8}>
            {coordinate('longitude', 180)}
            {coordinate('latitude', 90)}
          </Row>
        </Col>
        {text('ownerName', t('sites.ownerName'), 64)}
        {text('ownerPhone', t('sites.ownerPhone'), 32)}
        <Col xs={24} sm={12}>
          <Form.Item name="feeType" label={t('sites.feeType')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'RENT', label: t('sites.feeTypes.RENT') },
                { value: 'SHARE', label: t('sites.feeTypes.SHARE') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="fee" label={t('sites.fee')}>
            <InputNumber<string>
              stringMode
              min="0"
              max={feeType === 'SHARE' ? '100' : '1000000'}
              precision={2}
              suffix={feeType === 'SHARE' ? '%' : t('sites.perMonth')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('sites.status')}>
            <Radio.Group
              options={[
                { value: 'ACTIVE', label: t('sites.statuses.ACTIVE') },
                { value: 'CLOSED', label: t('sites.statuses.CLOSED') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
