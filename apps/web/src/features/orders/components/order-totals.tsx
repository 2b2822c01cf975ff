import type { OrderTotals as Totals } from '@water/contract/orders';
import { Flex, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen } from '@/lib/format/money.ts';

/** The count and sums of every order the list's filters match (not only the page shown), under the list. */
export function OrderTotals({ totals }: { totals: Totals | undefined }) {
  const { t, i18n } = useTranslation();
  const money = (key: 'payable' | 'paid' | 'refunded' | 'net') => (totals ? formatFen(totals[key], i18n.language) : '');
  const figures = [
    { key: 'orders', title: t('orders.totalOrders'), value: totals ? totals.orders.toLocaleString(i18n.language) : '' },
    { key: 'payable', title: t('orders.payable'), value: money('payable') },
    { key: 'paid', title: t('orders.paid'), value: money('paid') },
    { key: 'refunded', title: t('orders.refunded'), value: money('refunded') },
    { key: 'net', title: t('orders.net'), value: money('net') },
  ];
  return (
    <section aria-label={t('orders.totals')} style={{ marginTop: 12 }}>
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
