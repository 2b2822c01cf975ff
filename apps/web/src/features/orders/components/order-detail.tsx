import type { Fen } from '@water/contract/money';
import { ORDER_PERMISSIONS, type Order, type OrderDetail as OrderDetailData } from '@water/contract/orders';
import { Button, Descriptions, Drawer, Result, Skeleton, Timeline, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ChangeHistory } from '@/components/change-history/change-history.tsx';
import { Permission } from '@/components/permission.tsx';
import { formatFen } from '@/lib/format/money.ts';
import { useOrder } from '../api/orders.ts';
import { OrderReports } from './order-reports.tsx';
import { OrderStateTag, refundable } from './order-state-tag.tsx';

const litres = (ml: number) => (ml / 1000).toLocaleString(undefined, { maximumFractionDigits: 3 });

/** The events of an order in time: created, paid, dispensed or closed, and each refund. */
function events(order: OrderDetailData, t: TFunction, money: (fen: Fen) => string) {
  const items: { key: string; time: string; label: string; color?: string; detail?: string }[] = [
    { key: 'created', time: order.createTime, label: t('orders.events.created') },
  ];
  if (order.paidTime)
    items.push({
      key: 'paid',
      time: order.paidTime,
      label: t('orders.events.paid', { amount: money(order.paid) }),
      color: 'blue',
    });
  if (order.dispenseEndTime) {
    const failed = order.refunds.some((refund) => refund.reason === 'DISPENSE_FAILED');
    items.push({
      key: 'dispensed',
      time: order.dispenseEndTime,
      label: t(failed ? 'orders.events.dispenseFailed' : 'orders.events.dispensed'),
      color: failed ? 'red' : 'green',
      detail: t('orders.volumeOf', { dispensed: litres(order.dispensedMl ?? 0), requested: litres(order.requestedMl) }),
    });
  }
  if (order.closeTime && order.state === 'CLOSED')
    items.push({ key: 'closed', time: order.closeTime, label: t('orders.events.closed'), color: 'gray' });
  for (const refund of order.refunds) {
    items.push({
      key: `refund-${refund.id}`,
      time: refund.doneTime ?? refund.createTime,
      label: t('orders.events.refund', { amount: money(refund.amount), reason: t(`orders.reasons.${refund.reason}`) }),
      color: refund.status === 'SUCCESS' ? 'purple' : refund.status === 'FAILED' ? 'gray' : 'orange',
      detail: [
        t(`orders.statuses.${refund.status}`),
        refund.createBy ?? t('orders.automatic'),
        refund.note,
        refund.channelRef,
      ]
        .filter(Boolean)
        .join(' · '),
    });
  }
  return items.sort((a, b) => a.time.localeCompare(b.time));
}

/** One order in a drawer: what was sold at what price, its timeline of payment, dispense and refunds. */
export function OrderDetail({
  orderNo,
  onClose,
  onRefund,
}: {
  orderNo: string | undefined;
  onClose: () => void;
  /** Offers the refund of a refundable order; absent, the drawer only shows. */
  onRefund?: (order: Order) => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useOrder(orderNo);
  const order = query.data;
  const money = (fen: Fen) => formatFen(fen, i18n.language);
  return (
    <Drawer
      open={orderNo !== undefined}
      onClose={onClose}
      title={t('orders.detailTitle', { orderNo: orderNo ?? '' })}
      size="min(560px, 100vw)"
      destroyOnHidden
      extra={
        order &&
        onRefund &&
        refundable(order.state) && (
          <Permission allow={[ORDER_PERMISSIONS.refundAdd]}>
            <Button onClick={() => onRefund(order)}>{t('orders.refund')}</Button>
          </Permission>
        )
      }
    >
      {query.isError ? (
        <Result status="warning" title={t('orders.notFound', { orderNo })} />
      ) : !order ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            size="small"
            items={[
              { key: 'state', label: t('orders.state'), children: <OrderStateTag state={order.state} /> },
              { key: 'channel', label: t('orders.channel'), children: t(`orders.channels.${order.channel}`) },
              { key: 'machine', label: t('orders.machine'), children: order.serialNo },
              { key: 'machineOrderNo', label: t('orders.machineOrderNo'), children: order.machineOrderNo },
              { key: 'site', label: t('orders.site'), children: order.siteName ?? '—' },
              { key: 'agent', label: t('orders.agent'), children: order.agentName },
              { key: 'member', label: t('orders.member'), children: order.memberPhone ?? '—' },
              {
                key: 'tap',
                label: t('orders.tap'),
                children: t('orders.tapOf', { tap: order.tap, water: t(`orders.water.${order.waterType}`) }),
              },
              {
                key: 'volume',
                label: t('orders.volume'),
                children: t('orders.volumeOf', {
                  dispensed: order.dispensedMl === null ? '—' : litres(order.dispensedMl),
                  requested: litres(order.requestedMl),
                }),
              },
              {
                key: 'unit',
                label: t('orders.unitPrice'),
                children: t('orders.perLitre', { amount: money(order.unitPrice) }),
              },
              { key: 'list', label: t('orders.listAmount'), children: money(order.listAmount) },
              { key: 'discount', label: t('orders.discount'), children: money(order.discountAmount) },
              { key: 'coupon', label: t('orders.coupon'), children: money(order.couponAmount) },
              {
                key: 'payable',
                label: t('orders.payable'),
                children: <Typography.Text strong>{money(order.payable)}</Typography.Text>,
              },
              { key: 'paid', label: t('orders.paid'), children: money(order.paid) },
              { key: 'refunded', label: t('orders.refunded'), children: money(order.refunded) },
              {
                key: 'commission',
                label: t('orders.commission'),
                span: 2,
                children: (
                  <span>
                    <Typography.Text strong>{money(order.commission.amount)}</Typography.Text>{' '}
                    <Typography.Text type="secondary">
                      {t('orders.commissionOf', { rate: order.commissionRate, base: money(order.commission.base) })}
                    </Typography.Text>
                    {order.commission.levels.length > 1 && (
                      <ul
                        aria-label={t('orders.commissionLevels')}
                        style={{ margin: '4px 0 0', paddingInlineStart: 18 }}
                      >
                        {order.commission.levels.map((level) => (
                          <li key={level.agentId}>
                            {t('orders.commissionLevel', {
                              agent: level.agentName,
                              amount: money(level.amount),
                              rate: level.rate,
                            })}
                            {level.held && (
                              <Typography.Text type="warning"> · {t('orders.commissionHeld')}</Typography.Text>
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                  </span>
                ),
              },
            ]}
          />
          <OrderReports orderNo={order.orderNo} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('orders.timeline')}
          </Typography.Title>
          <Timeline
            items={events(order, t, money).map((event) => ({
              key: event.key,
              color: event.color,
              content: (
                <>
                  <Typography.Text strong>{event.label}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{event.time}</Typography.Text>
                  {event.detail && <div>{event.detail}</div>}
                </>
              ),
            }))}
          />
          <Permission allow={['audit:list']}>
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              {t('audit.history')}
            </Typography.Title>
            <ChangeHistory recordType="order" recordId={order.orderNo} />
          </Permission>
        </>
      )}
    </Drawer>
  );
}
