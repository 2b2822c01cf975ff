import type { Machine } from '@water/contract/machines';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_AGENTS_WITH_CODE } from '@/components/agents/agent-entities.ts';
import { EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import { useMoveMachines } from '../api/machines.ts';

export type MoveKind = 'allocate' | 'transfer' | 'recall';

interface MoveValues {
  agentId?: number;
  note: string;
}

interface MoveMachinesFormProps {
  kind: MoveKind | undefined;
  machines: Machine[];
  session: number;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Moves the chosen machines in one batch: from stock to an agent (allocate), to another agent
 * (transfer) or back to stock (recall); the receiving agent's quota is checked by the server.
 */
export function MoveMachinesForm({ kind, machines, session, onClose, onDone }: MoveMachinesFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MoveValues>();
  const move = useMoveMachines();
  const toAgent = kind === 'allocate' || kind === 'transfer';
  return (
    <FormModal<MoveValues>
      key={session}
      open={kind !== undefined}
      editing
      width={520}
      title={kind ? t(`machines.moveTitle.${kind}`, { count: machines.length }) : ''}
      okText={kind ? t(`machines.move.${kind}`) : undefined}
      doneText={t('machines.moved')}
      form={form}
      initialValues={{ note: '' }}
      onSubmit={async (values) => {
        const machineIds = machines.map((machine) => machine.id);
        const note = values.note.trim() || undefined;
        if (kind === 'recall') await move.mutateAsync({ kind, input: { machineIds, note } });
        else if (kind) await move.mutateAsync({ kind, input: { machineIds, agentId: values.agentId as number, note } });
        onDone();
      }}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: true, symbol: t('machines.more') }}>
        {machines.map((machine) => machine.serialNo).join(', ')}
      </Typography.Paragraph>
      {toAgent && (
        <Form.Item
          name="agentId"
          label={t('machines.toAgent')}
          rules={[{ required: true, message: t('list.required', { field: t('machines.toAgent') }) }]}
        >
          <EntitySelect
            entity={{
              ...ACTIVE_AGENTS_WITH_CODE,
              labelOf: (agent) =>
                `${ACTIVE_AGENTS_WITH_CODE.labelOf(agent)} · ${t('machines.room', { count: Math.max(0, agent.machineQuota - agent.quotaUsed) })}`,
            }}
          />
        </Form.Item>
      )}
      <Form.Item name="note" label={t('machines.note')}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
