import type { FilterState } from '@water/contract/filters';
import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<FilterState, string> = { OK: 'success', DUE_SOON: 'warning', DUE: 'error', OVERDUE: 'magenta' };
const BAR: Record<FilterState, 'success' | 'normal' | 'exception'> = {
  OK: 'success',
  DUE_SOON: 'normal',
  DUE: 'exception',
  OVERDUE: 'exception',
};

export function FilterStateTag({ state }: { state: FilterState }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(`filters.states.${state}`)}</Tag>;
}

/** A stage's remaining life as a bar, coloured by its state. */
export function RemainingBar({ pct, state, label }: { pct: number; state: FilterState; label: string }) {
  return <Progress percent={pct} status={BAR[state]} size="small" aria-label={label} />;
}
