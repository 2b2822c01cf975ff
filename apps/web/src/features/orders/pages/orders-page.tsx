import { EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { EXPORT_SYNC_MAX } from '@water/contract/exports';
import type { Fen } from '@water/contract/money';
import { CHANNELS, ORDER_COLUMNS, ORDER_PERMISSIONS, ORDER_STATES, type Order } from '@water/contract/orders';
import { ordersLocales } from '@water/contract/texts/orders';
import { Button, Card, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { BackgroundExport } from '@/components/list/background-export.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { createTimeFilter, type DayRange } from '@/components/list/date-range.ts';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EntityFilter } from '@/components/list/entity-filter.tsx';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { type UrlFilterReaders, urlFilter, useUrlFilters } from '@/components/list/url-filters.ts';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useDetailAddress } from '@/components/list/use-detail-address.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { ORDER_AGENTS, ORDER_MACHINES, ORDER_SITES } from '../api/order-filter-options.ts';
import { useOrderTotals } from '../api/order-totals.ts';
import { useOrders } from '../api/orders.ts';
import { OrderDetail } from '../components/order-detail.tsx';
import { OrderStateTag, refundable } from '../components/order-state-tag.tsx';
import { OrderTotals } from '../components/order-totals.tsx';
import { RefundForm } from '../components/refund-form.tsx';

addPageTexts('orders', ordersLocales);

/** The filters of `GET /api/orders`, as the contract declares them. */
type OrderFilters = ListFilters<'GET /api/orders'>;

/** The last seven days, today included: what the list shows first. */
const lastWeek = (): [dayjs.Dayjs, dayjs.Dayjs] => [dayjs().subtract(6, 'day'), dayjs()];

/** The filters an address may give the list (`/business/orders?siteId=3&createTime=2026-11-25&createTime=2026-11-25`). */
const URL_FILTERS: UrlFilterReaders<OrderFilters> = {
  createTime: urlFilter.days,
  blurry: urlFilter.text,
  agentId: urlFilter.id,
  siteId: urlFilter.id,
  machineId: urlFilter.id,
  channel: urlFilter.oneOf(CHANNELS),
  state: urlFilter.oneOf(ORDER_STATES),
};

/** An order's number, as its detail's address names it. */
const isOrderNo = (value: string) => /^\d{18}$/.test(value);

/** `business/order/index`: the sales of a period within the user's reach, each with its timeline and refunds. */
export function OrdersPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const { createTime: days, ...fromAddress } = useUrlFilters(URL_FILTERS);
  const [initialRange] = useState(() =>
    days ? ([dayjs(days[0]), dayjs(days[1])] as [dayjs.Dayjs, dayjs.Dayjs]) : lastWeek(),
  );
  const list = useListState<OrderFilters>({
    initialFilters: { ...fromAddress, createTime: createTimeFilter(initialRange) as [string, string] },
  });
  const query = useOrders(list.params);
  const { page: _page, size: _size, sort: _sort, ...filters } = list.params;
  const totals = useOrderTotals(filters);
  const total = query.data?.totalElements ?? 0;
  // Beyond EXPORT_SYNC_MAX rows the server exports in the background only.
  const tooLong = total > EXPORT_SYNC_MAX;
  const detail = useDetailAddress('order', isOrderNo);
  const [refunding, setRefunding] = useState<{ order?: Order; session: number }>({ session: 0 });
  const refund = (order: Order) => setRefunding((previous) => ({ order, session: previous.session + 1 }));
  const money = (fen: Fen) => formatFen(fen, i18n.language);
  const actions = useActionsColumn<Order>({
    nameOf: (order) => order.orderNo,
    extra: {
      allow: [ORDER_PERMISSIONS.list],
      actions: (order) => [
        {
          key: 'detail',
          label: t('orders.details'),
          icon: <EyeOutlined aria-hidden />,
          allow: ORDER_PERMISSIONS.list,
          onClick: () => detail.open(order.orderNo),
        },
        {
          key: 'refund',
          label: t('orders.refund'),
          icon: <RollbackOutlined aria-hidden />,
          allow: ORDER_PERMISSIONS.refundAdd,
          disabled: !refundable(order.state),
          onClick: () => refund(order),
        },
      ],
    },
  });
  const columns: DataColumn<Order>[] = [
    ...declaredColumns<Order, typeof ORDER_COLUMNS>(ORDER_COLUMNS, t, i18n.language, {
      orderNo: {
        ellipsis: false,
        render: (_, order) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => detail.open(order.orderNo)}>
            {order.orderNo}
          </Button>
        ),
      },
      volume: {
        render: (_, order) =>
          t('orders.litres', { value: ((order.dispensedMl ?? order.requestedMl) / 1000).toFixed(2) }),
      },
      refunded: { render: (_, order) => (order.refunded > 0 ? money(order.refunded) : '—') },
      state: { render: (_, order) => <OrderStateTag state={order.state} /> },
    }),
    ...actions,
  ];
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Orders')} />
      <SearchBar<OrderFilters>
        initialValues={{ ...fromAddress, createTime: initialRange }}
        onSearch={list.search}
        onReset={list.reset}
      >
        <Form.Item
          name="createTime"
          label={t('orders.period')}
          rules={[
            { required: true, message: t('orders.periodRequired') },
            {
              validator: async (_, range: DayRange) => {
                const [from, to] = range ?? [];
                if (from && to && to.diff(from, 'day') >= 92) throw new Error(t('orders.periodRequired'));
              },
            },
          ]}
        >
          <DateRangePicker allowClear={false} placeholder={[t('list.dateFrom'), t('list.dateTo')]} />
        </Form.Item>
        <Form.Item name="blurry" label={t('orders.search')}>
          <Input placeholder={t('orders.searchPlaceholder')} allowClear style={{ width: 200 }} />
        </Form.Item>
        {/* Offered what the user's orders can come from, whether or not they see those pages (finance). */}
        <EntityFilter name="agentId" label={t('orders.agent')} entity={ORDER_AGENTS} all={t('orders.all')} />
        <EntityFilter name="siteId" label={t('orders.site')} entity={ORDER_SITES} all={t('orders.all')} />
        <EntityFilter name="machineId" label={t('orders.machine')} entity={ORDER_MACHINES} all={t('orders.all')} />
        <Form.Item name="channel" label={t('orders.channel')}>
          <EnumSelect values={CHANNELS} labelOf={(value) => t(`orders.channels.${value}`)} width={120} />
        </Form.Item>
        <Form.Item name="state" label={t('orders.state')}>
          <EnumSelect values={ORDER_STATES} labelOf={(value) => t(`orders.states.${value}`)} width={130} />
        </Form.Item>
      </SearchBar>
      <DataTable<Order, OrderFilters>
        tableId="orders"
        label={t('orders.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(order) => order.id}
        exportTo={tooLong ? undefined : { route: 'GET /api/orders/download', name: 'orders' }}
        actions={<BackgroundExport route="POST /api/orders/exports" params={list.params} total={total} />}
      />
      <OrderTotals totals={totals.data} />
      <OrderDetail orderNo={detail.shown} onClose={detail.close} onRefund={refund} />
      <RefundForm
        order={refunding.order}
        session={refunding.session}
        onClose={() => setRefunding((previous) => ({ ...previous, order: undefined }))}
      />
    </Card>
  );
}
