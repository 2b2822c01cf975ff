import { type Agent, type AgentAction, type AgentStatus, actionsFrom } from '@water/contract/agents';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useReviewAgent } from '../api/agents.ts';

interface ReviewValues {
  action?: AgentAction;
  note: string;
}

/** Actions that end an agent for good. */
const FINAL: readonly AgentAction[] = ['REJECT', 'TERMINATE'];

/** Approves, rejects, freezes, unfreezes or terminates an agent, with a note kept on it. */
export function ReviewAgentForm({ dialog }: { dialog: FormDialog<Agent> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReviewValues>();
  const review = useReviewAgent();
  const agent = dialog.record;
  const actions = agent ? actionsFrom(agent.status as AgentStatus) : [];
  const chosen = Form.useWatch('action', form);
  return (
    <FormModal<ReviewValues>
      key={dialog.session}
      open={dialog.open && !!agent}
      editing
      width={520}
      title={t('agents.reviewTitle', { name: agent?.name ?? '' })}
      okText={t('agents.reviewOk')}
      doneText={t('agents.reviewed')}
      form={form}
      initialValues={{ action: actions[0], note: '' }}
      onSubmit={async (values) => {
        if (agent && values.action)
          await review.mutateAsync({ id: agent.id, action: values.action, note: values.note.trim() });
      }}
      onClose={dialog.close}
    >
      <Form.Item
        name="action"
        label={t('agents.action')}
        rules={[{ required: true, message: t('list.required', { field: t('agents.action') }) }]}
      >
        <Radio.Group
          optionType="button"
          options={actions.map((action) => ({ value: action, label: t(`agents.actions.${action}`) }))}
        />
      </Form.Item>
      {chosen && FINAL.includes(chosen) && (
        <Alert type="warning" showIcon title={t('agents.finalWarning')} style={{ marginBottom: 16 }} />
      )}
      <Form.Item name="note" label={t('agents.note')}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('agents.notePlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
