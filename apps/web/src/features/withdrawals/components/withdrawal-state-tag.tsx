import type { WithdrawalState } from '@water/contract/withdrawals';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const STATE_COLORS: Record<WithdrawalState, string> = {
  REQUESTED: 'warning',
  APPROVED: 'processing',
  PAID: 'success',
  REJECTED: 'default',
  FAILED: 'error',
};

/** A withdrawal's state as a coloured tag in the console's language. */
export function WithdrawalStateTag({ state }: { state: WithdrawalState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`withdrawals.states.${state}`)}</Tag>;
}
