import type { UpdateState } from '@water/contract/firmware';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<UpdateState, string> = {
  PENDING: 'default',
  SENT: 'processing',
  DOWNLOADING: 'processing',
  INSTALLING: 'processing',
  SUCCEEDED: 'success',
  FAILED: 'error',
  TIMED_OUT: 'warning',
  CANCELLED: 'default',
};

/** A machine's firmware update state in words and colour (the page adds the `firmware` texts). */
export function UpdateStateTag({ state, percent }: { state: UpdateState; percent?: number | null }) {
  const { t } = useTranslation();
  const under = (state === 'DOWNLOADING' || state === 'INSTALLING') && percent !== null && percent !== undefined;
  return (
    <Tag color={COLORS[state]}>
      {t(`firmware.updateStates.${state}`)}
      {under ? ` ${percent}%` : ''}
    </Tag>
  );
}
