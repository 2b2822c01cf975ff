import type { WithdrawalTotals as Totals } from '@water/contract/withdrawals';
import { Flex, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen } from '@/lib/format/money.ts';

/** The count and sums of every withdrawal the list's filters match (not only the page shown), under the list. */
export function WithdrawalTotals({ totals }: { totals: Totals | undefined }) {
  const { t, i18n } = useTranslation();
  const money = (key: 'amount' | 'fee' | 'net') => (totals ? formatFen(totals[key], i18n.language) : '');
  const figures = [
    { key: 'count', title: t('withdrawals.count'), value: totals ? totals.count.toLocaleString(i18n.language) : '' },
    { key: 'amount', title: t('withdrawals.amount'), value: money('amount') },
    { key: 'fee', title: t('withdrawals.fee'), value: money('fee') },
    { key: 'net', title: t('withdrawals.net'), value: money('net') },
  ];
  return (
    <section aria-label={t('withdrawals.totals')} style={{ marginTop: 12 }}>
      {totals ? (
        <Flex wrap gap="8px 32px">
          {figures.map((figure) => (
            <Statistic
              key={figure.key}
              title={figure.title}
              value={figure.value}
              styles={{ content: { fontSize: 18 } }}
            />
          ))}
        </Flex>
      ) : (
        <Skeleton active paragraph={false} />
      )}
    </section>
  );
}
