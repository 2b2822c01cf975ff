import {
  ALARM_EVENTS,
  NOTIFY_EVENTS,
  type NotifyEvent,
  type NotifyRule,
  type NotifyRuleInput,
} from '@water/contract/notifications';
import { Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActiveAgents } from '@/components/agents/active-agents.ts';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useAllChannels, useSaveRule } from '../api/notifications.ts';

interface RuleValues {
  event: NotifyEvent;
  agentId: number | null;
  channelId: number;
  escalationChannelId: number | null;
  escalateAfterMinutes: number | null;
  enabled: boolean;
}

/** Adds or edits a rule: an event of an agent's machines (or of all) to a channel; an alarm may escalate. */
export function RuleForm({ dialog }: { dialog: FormDialog<NotifyRule> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleValues>();
  const save = useSaveRule();
  const channels = useAllChannels(dialog.open);
  const agents = useActiveAgents(dialog.open);
  const rule = dialog.record;
  const event = Form.useWatch('event', form) ?? rule?.event;
  const escalates = event !== undefined && ALARM_EVENTS.includes(event);
  const channelOptions = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.name }));
  const required = (field: string) => [{ required: true, message: t('list.required', { field }) }];
  return (
    <FormModal<RuleValues>
      key={dialog.session}
      open={dialog.open}
      editing={rule !== undefined}
      title={rule ? t('notifications.editRule') : t('notifications.addRule')}
      form={form}
      initialValues={
        rule ?? {
          event: 'ALARM_OPENED',
          agentId: null,
          escalationChannelId: null,
          escalateAfterMinutes: null,
          enabled: true,
        }
      }
      onSubmit={(values) => {
        const input: NotifyRuleInput = {
          ...values,
          agentId: values.agentId ?? null,
          escalationChannelId: escalates ? (values.escalationChannelId ?? null) : null,
          escalateAfterMinutes: escalates && values.escalationChannelId ? (values.escalateAfterMinutes ?? null) : null,
        };
        return save.mutateAsync({ id: rule?.id, input });
      }}
      onClose={dialog.close}
    >
      <Form.Item name="event" label={t('notifications.event')} rules={required(t('notifications.event'))}>
        <Select options={NOTIFY_EVENTS.map((value) => ({ value, label: t(`notifications.eventNames.${value}`) }))} />
      </Form.Item>
      <Form.Item name="agentId" label={t('notifications.scope')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={agents.isLoading}
          options={[
            { value: null, label: t('notifications.allAgents') },
            ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name })),
          ]}
        />
      </Form.Item>
      <Form.Item name="channelId" label={t('notifications.channel')} rules={required(t('notifications.channel'))}>
        <Select loading={channels.isLoading} options={channelOptions} />
      </Form.Item>
      {escalates && (
        <>
          <Form.Item
            name="escalationChannelId"
            label={t('notifications.escalationChannel')}
            extra={t('notifications.escalationHint')}
          >
            <Select options={[{ value: null, label: t('notifications.noEscalation') }, ...channelOptions]} />
          </Form.Item>
          <Form.Item name="escalateAfterMinutes" label={t('notifications.escalateAfterMinutes')}>
            <InputNumber min={1} max={10080} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
      <Form.Item name="enabled" label={t('notifications.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
