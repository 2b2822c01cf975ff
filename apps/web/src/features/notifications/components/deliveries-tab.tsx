import type { NotifyDelivery } from '@water/contract/notifications';
import { NOTIFY_DELIVERY_COLUMNS } from '@water/contract/notifications-columns';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { useDeliveries } from '../api/notifications.ts';

type DeliveryFilters = ListFilters<'GET /api/notifications/deliveries'>;

const STATE_COLORS = { SENT: 'green', PENDING: 'gold', FAILED: 'red' } as const;

/** The delivery log: every message, newest first, with its attempts and why the last one failed. */
export function DeliveriesTab() {
  const { t, i18n } = useTranslation();
  const list = useListState<DeliveryFilters>({ initialFilters: {} });
  const query = useDeliveries(list.params);
  const columns: DataColumn<NotifyDelivery>[] = declaredColumns<NotifyDelivery, typeof NOTIFY_DELIVERY_COLUMNS>(
    NOTIFY_DELIVERY_COLUMNS,
    t,
    i18n.language,
    {
      events: {
        render: (_, delivery) =>
          delivery.events
            .split(',')
            .map((event) => t(`notifications.eventNames.${event}`, { defaultValue: event }))
            .join(', '),
      },
      state: {
        render: (_, delivery) => (
          <Tag color={STATE_COLORS[delivery.state]}>{t(`notifications.deliveryStates.${delivery.state}`)}</Tag>
        ),
      },
      error: { render: (_, delivery) => delivery.error ?? '' },
    },
  );
  return (
    <DataTable<NotifyDelivery, DeliveryFilters>
      tableId="notify-deliveries"
      label={t('notifications.deliveries')}
      columns={columns}
      list={list}
      query={query}
      rowKey={(delivery) => delivery.id}
      cardTitle="subject"
    />
  );
}
