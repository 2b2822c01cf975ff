import type { FilterState } from '@water/contract/filters';
import { filtersLocales } from '@water/contract/texts/filters';
import { Alert, List, Progress, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMachineFilters } from '../api/machine-filters.ts';

addPageTexts('filters', filtersLocales);

const COLORS: Record<FilterState, string> = { OK: 'success', DUE_SOON: 'warning', DUE: 'error', OVERDUE: 'magenta' };
const BAR = { OK: 'success', DUE_SOON: 'normal', DUE: 'exception', OVERDUE: 'exception' } as const;

/** Each filter stage of a machine: its remaining life, days and litres left, and the filter fitted. */
export function MachineFilters({ machineId }: { machineId: number }) {
  const { t } = useTranslation();
  const query = useMachineFilters(machineId);
  if (!query.data)
    return query.error ? <Alert type="error" showIcon title={query.error.message} /> : <Skeleton active />;
  if (query.data.length === 0)
    return <Typography.Text type="secondary">{t('filters.noMachineFilters')}</Typography.Text>;
  return (
    <List
      dataSource={query.data}
      renderItem={(stage) => {
        const name = t(`filters.stages.${stage.stage}`);
        return (
          <List.Item>
            <div style={{ width: '100%', minWidth: 0 }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
                <Typography.Text strong>{name}</Typography.Text>
                <Tag color={COLORS[stage.state]}>{t(`filters.states.${stage.state}`)}</Tag>
              </div>
              <Progress percent={stage.remainingPct} status={BAR[stage.state]} aria-label={name} />
              <Typography.Text type="secondary">
                {t('filters.daysAndLitres', { days: stage.daysLeft, litres: stage.litresLeft })} ·{' '}
                {t('filters.dueDate')} {stage.dueDate}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {stage.filterSerialNo || stage.filterBatchNo
                  ? t('filters.fitted', { serial: stage.filterSerialNo ?? '–', batch: stage.filterBatchNo ?? '–' })
                  : t('filters.fittedNone')}
              </Typography.Text>
            </div>
          </List.Item>
        );
      }}
    />
  );
}
