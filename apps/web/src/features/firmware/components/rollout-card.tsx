import {
  FAILED_UPDATE_STATES,
  FIRMWARE_PERMISSIONS,
  ROLLOUT_ACTION_EVENTS,
  ROLLOUT_ACTIONS,
  ROLLOUT_STATE_MACHINE,
  type Rollout,
  type RolloutAction,
  type RolloutState,
} from '@water/contract/firmware';
import { allows } from '@water/contract/state-machine';
import { Alert, App, Button, Card, Flex, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/components/permission.tsx';
import { useConfirm } from '@/components/use-confirm.ts';
import { useRolloutAction } from '../api/firmware.ts';

const STATE_COLORS: Record<RolloutState, string> = {
  RUNNING: 'processing',
  PAUSED: 'warning',
  HALTED: 'error',
  COMPLETED: 'success',
  CANCELLED: 'default',
  ROLLED_BACK: 'default',
};
/** Actions that take something away: asked before. */
const CONFIRMED: readonly RolloutAction[] = ['cancel', 'rollback'];

const sum = (counts: Record<string, number>, states: readonly string[]) =>
  states.reduce((total, state) => total + (counts[state] ?? 0), 0);

/** A stage's bar: succeeded in green, failed in red, of all its machines. */
function StageBar({ rollout, stage }: { rollout: Rollout; stage: Rollout['stages'][number] }) {
  const { t } = useTranslation();
  const succeeded = stage.counts.SUCCEEDED ?? 0;
  const failed = sum(stage.counts, FAILED_UPDATE_STATES);
  const percent = (n: number) => (stage.size === 0 ? 0 : Math.round((n / stage.size) * 100));
  const label = `${t('firmware.stageOf', { stage: stage.stage, count: rollout.stages.length })} · ${t('firmware.stageSize', { count: stage.size })}`;
  return (
    <div>
      <Typography.Text type={stage.started ? undefined : 'secondary'}>{label}</Typography.Text>
      <Progress
        percent={percent(succeeded + failed)}
        success={{ percent: percent(succeeded) }}
        // What finished is green where it succeeded and red where it failed.
        strokeColor={failed > 0 ? 'var(--ant-color-error, #ff4d4f)' : undefined}
        status={stage.started ? 'active' : 'normal'}
        format={() => `${succeeded + failed}/${stage.size}`}
        aria-label={label}
      />
    </div>
  );
}

/** A rollout: its state, each stage's progress, what it counts, and what staff may do to it now. */
export function RolloutCard({ rollout, onMachines }: { rollout: Rollout; onMachines: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const can = usePermission();
  const act = useRolloutAction();
  const run = async (action: RolloutAction) => {
    await act.mutateAsync({ id: rollout.id, action });
    message.success(t(`firmware.done.${action}`));
  };
  const offered = can([FIRMWARE_PERMISSIONS.firmware])
    ? ROLLOUT_ACTIONS.filter((action) => allows(ROLLOUT_STATE_MACHINE, rollout.state, ROLLOUT_ACTION_EVENTS[action]))
    : [];
  const onAction = (action: RolloutAction) =>
    CONFIRMED.includes(action)
      ? confirm({
          title: t(`firmware.confirm.${action as 'cancel' | 'rollback'}`),
          okText: t(`firmware.actions.${action}`),
          onConfirm: () => run(action),
        })
      : void run(action).catch(() => undefined);
  const pending = rollout.total - sum(rollout.counts, ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'CANCELLED']);
  return (
    <Card
      size="small"
      role="region"
      aria-label={`${rollout.modelName} ${rollout.version}`}
      title={
        <Flex wrap gap={8} align="center">
          {/* The model's name is a record's name, not the console's words: never translated. */}
          <Typography.Text strong translate="no">
            {rollout.modelName} · <code>{rollout.version}</code>
          </Typography.Text>
          <Tag color={STATE_COLORS[rollout.state]}>{t(`firmware.rolloutStates.${rollout.state}`)}</Tag>
        </Flex>
      }
    >
      {rollout.haltReason && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={rollout.haltReason} />}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        #{rollout.id} · {rollout.createBy} · {rollout.createTime}
        {rollout.rollbackOf !== null && ` · ${t('firmware.rollbackOf', { id: rollout.rollbackOf })}`}
        {rollout.rolledBackBy !== null && ` · ${t('firmware.rolledBackBy', { id: rollout.rolledBackBy })}`}
      </Typography.Paragraph>
      {rollout.stages.map((stage) => (
        <StageBar key={stage.stage} rollout={rollout} stage={stage} />
      ))}
      <Typography.Paragraph style={{ margin: '8px 0' }}>
        {t('firmware.counts', {
          succeeded: rollout.counts.SUCCEEDED ?? 0,
          failed: sum(rollout.counts, FAILED_UPDATE_STATES),
          pending,
        })}
      </Typography.Paragraph>
      <Space wrap>
        <Button onClick={onMachines}>{t('firmware.machines')}</Button>
        {offered.map((action) => (
          <Button
            key={action}
            danger={CONFIRMED.includes(action)}
            loading={act.isPending && act.variables?.action === action}
            onClick={() => onAction(action)}
          >
            {t(`firmware.actions.${action}`)}
          </Button>
        ))}
      </Space>
    </Card>
  );
}
