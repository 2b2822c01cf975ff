import type { CommandState } from '@water/contract/commands';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CommandState, string> = {
  QUEUED: 'default',
  SENT: 'processing',
  DELIVERED: 'processing',
  SUCCEEDED: 'success',
  FAILED: 'error',
  TIMED_OUT: 'warning',
  EXPIRED: 'warning',
  CANCELLED: 'default',
};

/** A command's state in words and colour. */
export function CommandStateTag({ state }: { state: CommandState }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(`commands.states.${state}`)}</Tag>;
}
