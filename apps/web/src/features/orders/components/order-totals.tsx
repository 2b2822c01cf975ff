import type { OrderTotals as Totals } from '@water/contract/orders';
import { useTranslation } from 'react-i18next';
import { ListTotals } from '@/components/list/list-totals.tsx';
import { formatFen } from '@/lib/format/money.ts';

/** The count and sums of every order the list's filters match (not only the page shown), under the list. */
export function OrderTotals({ totals }: { totals: Totals | undefined }) {
  const { t, i18n } = useTranslation();
  const money = (key: 'payable' | 'paid' | 'refunded' | 'net') => (totals ? formatFen(totals[key], i18n.language) : '');
  return (
    <ListTotals
      label={t('orders.totals')}
      figures={
        totals && [
          { key: 'orders', title: t('orders.totalOrders'), value: totals.orders.toLocaleString(i18n.language) },
          { key: 'payable', title: t('orders.payable'), value: money('payable') },
          { key: 'paid', title: t('orders.paid'), value: money('paid') },
          { key: 'refunded', title: t('orders.refunded'), value: money('refunded') },
          { key: 'net', title: t('orders.net'), value: money('net') },
        ]
      }
    />
  );
}
