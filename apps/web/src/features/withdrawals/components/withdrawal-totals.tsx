import type { WithdrawalTotals as Totals } from '@water/contract/withdrawals';
import { useTranslation } from 'react-i18next';
import { ListTotals } from '@/components/list/list-totals.tsx';
import { formatFen } from '@/lib/format/money.ts';

/** The count and sums of every withdrawal the list's filters match (not only the page shown), under the list. */
export function WithdrawalTotals({ totals }: { totals: Totals | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <ListTotals
      label={t('withdrawals.totals')}
      figures={
        totals && [
          { key: 'count', title: t('withdrawals.count'), value: totals.count.toLocaleString(i18n.language) },
          { key: 'amount', title: t('withdrawals.amount'), value: formatFen(totals.amount, i18n.language) },
          { key: 'fee', title: t('withdrawals.fee'), value: formatFen(totals.fee, i18n.language) },
          { key: 'net', title: t('withdrawals.net'), value: formatFen(totals.net, i18n.language) },
        ]
      }
    />
  );
}
