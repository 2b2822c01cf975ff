import type { Agent } from '@water/contract/agents';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActiveAgents } from '@/components/agents/active-agents.ts';
import { ACTIVE_AGENTS_WITH_CODE } from '@/components/agents/agent-entities.ts';
import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useCreateAgent, useUpdateAgent } from '../api/agents.ts';
import { type AgentFormValues, levelsBelow, NEW_AGENT, toAgentFormValues, toAgentInput } from './agent-form-values.ts';

/** The server names the contract's days apart; the form holds them as one range. */
const CONTRACT_FIELDS = { contractStart: 'contract', contractEnd: 'contract' };

/**
 * Creates an agent beneath an active one (its level deeper, its rate no higher than the
 * parent's), or changes an agent's terms; the code and the parent stay once created.
 */
export function AgentForm({ dialog }: { dialog: FormDialog<Agent> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AgentFormValues>();
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const agent = dialog.record;
  const parents = useActiveAgents(dialog.open && !agent);
  const parentId = Form.useWatch('parentId', form) ?? agent?.parentId ?? undefined;
  const parent = parents.data?.find((candidate) => candidate.id === parentId);
  const parentLevel = agent ? undefined : parent?.level;
  const parentRate = parent?.commissionRate;
  const submit = async (values: AgentFormValues) => {
    if (agent) await update.mutateAsync(toAgentInput(values, agent.id));
    else await create.mutateAsync(toAgentInput(values));
  };
  const required = (field: string) => ({ required: true, whitespace: true, message: t('list.required', { field }) });

  return (
    <FormModal<AgentFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!agent}
      width={680}
      title={agent ? t('agents.editTitle', { name: agent.name }) : t('agents.addTitle')}
      form={form}
      fieldNames={CONTRACT_FIELDS}
      initialValues={agent ? toAgentFormValues(agent) : NEW_AGENT}
      onSubmit={submit}
      onClose={dialog.close}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          {agent ? (
            <Form.Item label={t('agents.parent')}>
              <Input value={agent.parentName ?? t('agents.topLevel')} disabled />
            </Form.Item>
          ) : (
            <Form.Item name="parentId" label={t('agents.parent')} extra={t('agents.parentHint')}>
              <EntitySelect
                entity={ACTIVE_AGENTS_WITH_CODE}
                allowClear
                placeholder={t('agents.topLevel')}
                onChange={() => form.setFieldValue('level', undefined)}
              />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('agents.code')} rules={agent ? [] : [required(t('agents.code'))]}>
            <Input maxLength={32} disabled={!!agent} autoFocus={!agent} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('agents.name')} rules={[required(t('agents.name'))]}>
            <Input maxLength={255} autoFocus={!!agent} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="level"
            label={t('agents.level')}
            rules={[{ required: true, message: t('list.required', { field: t('agents.level') }) }]}
          >
            <Select
              options={levelsBelow(parentLevel).map((level) => ({ value: level, label: t(`agents.levels.${level}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="contactName" label={t('agents.contactName')} rules={[required(t('agents.contactName'))]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="contactPhone" label={t('agents.contactPhone')} rules={[required(t('agents.contactPhone'))]}>
            <Input maxLength={32} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="commissionRate"
            label={t('agents.commissionRate')}
            extra={parentRate ? t('agents.rateAtMost', { rate: Number(parentRate) }) : t('agents.rateHint')}
            rules={[{ required: true, message: t('list.required', { field: t('agents.commissionRate') }) }]}
          >
            <InputNumber<string>
              stringMode
              min="0"
              max={parentRate ?? '100'}
              step="0.5"
              precision={2}
              suffix="%"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="machineQuota"
            label={t('agents.machineQuota')}
            extra={agent ? t('agents.quotaHeld', { count: agent.quotaUsed }) : undefined}
            rules={[{ required: true, message: t('list.required', { field: t('agents.machineQuota') }) }]}
          >
            <InputNumber min={agent?.quotaUsed ?? 0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="region" label={t('agents.region')}>
            <Input maxLength={255} placeholder={t('agents.regionPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="settlementAccount" label={t('agents.settlementAccount')}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="contract" label={t('agents.contract')}>
            <DateRangePicker
              allowEmpty={[true, true]}
              placeholder={[t('agents.contractStart'), t('agents.contractEnd')]}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
