import {
  COMMAND_PARAMS,
  type CommandBatch,
  type CommandParams,
  DESTRUCTIVE_COMMANDS,
  FILTER_STAGES,
  STAFF_COMMAND_TYPES,
  type StaffCommandType,
} from '@water/contract/commands';
import { Alert, App, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { useSendBatch, useSendCommand } from '../api/commands.ts';

interface CommandFormProps {
  open: boolean;
  /** The machines it goes to: one is sent on its own, several as a batch. */
  machines: readonly { id: number; serialNo: string }[];
  /** Bumped on every opening, as the dialog's key. */
  session: number;
  onClose: () => void;
  /** Sends as a batch whose progress is followed (the machines list's selection), else to the one machine. */
  onBatch?: (batch: CommandBatch) => void;
}

interface CommandValues extends CommandParams {
  type: StaffCommandType;
  ttlMinutes: number;
}

/** Declined at the confirmation: the dialog stays open, nothing is reported. */
const DECLINED = new Error('declined');

/** The bounds of each parameter's field, as the contract takes them. */
const BOUNDS: Record<Exclude<keyof CommandParams, 'stage'>, { min: number; max: number; initial: number }> = {
  pulsesPerLitre: { min: 1, max: 1_000_000, initial: 450 },
  seconds: { min: 10, max: 1800, initial: 120 },
  ml: { min: 50, max: 1000, initial: 200 },
  tap: { min: 1, max: 2, initial: 1 },
};

/** Sends a command with its parameters to one machine or many, asking first before one that interrupts sales. */
export function CommandForm({ open, machines, session, onClose, onBatch }: CommandFormProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<CommandValues>();
  const type = Form.useWatch('type', form) ?? 'REQUEST_STATUS';
  const single = useSendCommand();
  const batch = useSendBatch();
  const many = onBatch !== undefined;
  const confirm = (content: string) =>
    new Promise<boolean>((resolve) =>
      modal.confirm({
        title: t(`commands.types.${type}`),
        content,
        okButtonProps: { danger: true },
        okText: t('commands.send'),
        cancelText: t('list.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
  const submit = async ({ type: chosen, ttlMinutes, ...values }: CommandValues) => {
    const question = many
      ? t('commands.confirm.many', { count: machines.length, command: t(`commands.types.${chosen}`) })
      : DESTRUCTIVE_COMMANDS.includes(chosen)
        ? t(`commands.confirm.${chosen as 'LOCK' | 'REBOOT'}`)
        : undefined;
    if (question && !(await confirm(question))) throw DECLINED;
    const params = Object.fromEntries(COMMAND_PARAMS[chosen].map((name) => [name, values[name]]));
    const input = { type: chosen, params, ttlSeconds: Math.round(ttlMinutes * 60) };
    if (many) onBatch?.(await batch.mutateAsync({ machineIds: machines.map((machine) => machine.id), ...input }));
    else if (machines[0]) await single.mutateAsync({ id: machines[0].id, input });
  };
  return (
    <FormModal<CommandValues>
      key={session}
      open={open}
      editing
      width={480}
      title={many ? t('commands.sendTo', { count: machines.length }) : t('commands.send')}
      okText={t('commands.send')}
      doneText={t('commands.sent')}
      danger={DESTRUCTIVE_COMMANDS.includes(type)}
      form={form}
      initialValues={{
        type: 'REQUEST_STATUS',
        ttlMinutes: 60,
        stage: 'SEDIMENT',
        ...Object.fromEntries(Object.entries(BOUNDS).map(([name, bound]) => [name, bound.initial])),
      }}
      onSubmit={submit}
      onError={(error) => error === DECLINED}
      onClose={onClose}
    >
      <Form.Item name="type" label={t('commands.type')} rules={[{ required: true }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={STAFF_COMMAND_TYPES.map((value) => ({ value, label: t(`commands.types.${value}`) }))}
        />
      </Form.Item>
      <Alert
        type={DESTRUCTIVE_COMMANDS.includes(type) ? 'warning' : 'info'}
        showIcon
        title={t(`commands.hints.${type}`)}
        style={{ marginBottom: 16 }}
      />
      {COMMAND_PARAMS[type].map((name) =>
        name === 'stage' ? (
          <Form.Item key={name} name={name} label={t('commands.params.stage')} rules={[{ required: true }]}>
            <Select options={FILTER_STAGES.map((value) => ({ value, label: t(`commands.stages.${value}`) }))} />
          </Form.Item>
        ) : (
          <Form.Item key={name} name={name} label={t(`commands.params.${name}`)} rules={[{ required: true }]}>
            <InputNumber min={BOUNDS[name].min} max={BOUNDS[name].max} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ),
      )}
      <Form.Item name="ttlMinutes" label={t('commands.ttlMinutes')} rules={[{ required: true }]}>
        <InputNumber min={1} max={7 * 24 * 60} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
