import { CARD_BATCH_MAX, type CardBatch } from '@water/contract/cards';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_AGENTS } from '@/components/agents/agent-entities.ts';
import { EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import { useIssueCards } from '../api/cards.ts';
import { type BatchValues, notAPhone, parsePhones, toBatchInput } from './card-form-values.ts';
import { LimitFields } from './limit-fields.tsx';

const LIMIT_FIELDS = ['perUseLimit', 'perDayLimit'];

/** Issues a batch of cards for an agent: anonymous ones by count, or a named card for each phone. */
export function IssueForm({
  open,
  session,
  onClose,
  onIssued,
}: {
  open: boolean;
  session: number;
  onClose: () => void;
  onIssued: (batch: CardBatch) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BatchValues>();
  const issue = useIssueCards();
  const kind = Form.useWatch('kind', form) ?? 'ANONYMOUS';
  const required = (field: string) => ({ required: true, message: t('list.required', { field }) });
  return (
    <FormModal<BatchValues>
      key={session}
      open={open}
      editing={false}
      title={t('cards.issueTitle')}
      okText={t('cards.issue')}
      form={form}
      initialValues={{ kind: 'ANONYMOUS', count: 10 }}
      fieldNames={{ phones: 'phones', count: 'count' }}
      fenFields={LIMIT_FIELDS}
      onSubmit={async (values) => onIssued(await issue.mutateAsync(toBatchInput(values)))}
      onClose={onClose}
    >
      <Form.Item name="agentId" label={t('cards.agent')} rules={[required(t('cards.agent'))]}>
        <EntitySelect entity={ACTIVE_AGENTS} />
      </Form.Item>
      <Form.Item name="kind" label={t('cards.issueKind')}>
        <Radio.Group
          options={[
            { value: 'ANONYMOUS', label: t('cards.anonymousCards') },
            { value: 'NAMED', label: t('cards.namedCards') },
          ]}
        />
      </Form.Item>
      {kind === 'ANONYMOUS' ? (
        <Form.Item name="count" label={t('cards.count')} rules={[required(t('cards.count'))]}>
          <InputNumber min={1} max={CARD_BATCH_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      ) : (
        <Form.Item
          name="phones"
          label={t('cards.phones')}
          extra={t('cards.phonesHint')}
          rules={[
            required(t('cards.phones')),
            {
              validator: async (_, text: string | undefined) => {
                const wrong = notAPhone(parsePhones(text));
                if (wrong) throw new Error(t('cards.phonesInvalid', { phone: wrong }));
              },
            },
          ]}
        >
          <Input.TextArea rows={5} placeholder="13800138000" />
        </Form.Item>
      )}
      <LimitFields />
    </FormModal>
  );
}
