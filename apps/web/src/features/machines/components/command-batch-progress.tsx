import { COMMAND_STATES, type CommandBatch } from '@water/contract/commands';
import { Modal, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCommandBatch } from '../api/commands.ts';
import { CommandStateTag } from './command-state-tag.tsx';

/** A batch of commands' progress: finished of all, and how many are in each state, refreshed until none waits. */
export function CommandBatchProgress({ batch, onClose }: { batch: CommandBatch | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const fresh = useCommandBatch(batch?.id);
  const shown = fresh.data ?? batch;
  const done = shown ? shown.total - shown.pending : 0;
  return (
    <Modal
      open={batch !== undefined}
      title={shown ? `${t('commands.progress')}: ${t(`commands.types.${shown.type}`)}` : ''}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {shown && (
        <>
          <Progress
            percent={shown.total === 0 ? 100 : Math.floor((done / shown.total) * 100)}
            aria-label={t('commands.progress')}
          />
          <Typography.Paragraph>{t('commands.progressOf', { done, total: shown.total })}</Typography.Paragraph>
          <Space wrap size={[4, 8]} aria-label={t('commands.state')}>
            {COMMAND_STATES.filter((state) => (shown.counts[state] ?? 0) > 0).map((state) => (
              <span key={state}>
                <CommandStateTag state={state} />
                {shown.counts[state]}
              </span>
            ))}
          </Space>
        </>
      )}
    </Modal>
  );
}
