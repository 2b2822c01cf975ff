import { slaLocales } from '@water/contract/texts/sla';
import { workOrdersLocales } from '@water/contract/texts/work-orders';
import type { WorkOrder } from '@water/contract/work-orders';
import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailAddress } from '@/components/list/use-detail-address.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { MachineFinder } from '../components/machine-finder.tsx';
import { MyStock } from '../components/my-stock.tsx';
import { TodayOrders } from '../components/today-orders.tsx';
import { WorkOrderBoard } from '../components/work-order-board.tsx';
import { WorkOrderDrawer } from '../components/work-order-drawer.tsx';
import { type WorkOrderFilters, WorkOrderSearch, WorkOrderTable } from '../components/work-order-list.tsx';

addPageTexts('workOrders', workOrdersLocales);
addPageTexts('sla', slaLocales);

const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);

/**
 * `field/my-work-order/index`: a technician's own orders. Today's open ones as cards, most urgent
 * and nearest first, with the way there; a machine found by its sticker; the list, the board, and
 * the parts they hold to use on them.
 */
export function MyWorkOrdersPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const list = useListState<WorkOrderFilters>({ initialFilters: { open: true } });
  const detail = useDetailAddress('order', isId);
  const [tab, setTab] = useState('today');
  const openOrder = (order: WorkOrder) => detail.open(String(order.id));
  const { page: _page, size: _size, sort: _sort, ...filters } = list.params;
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('My work orders')} />
      <MachineFinder onOpen={openOrder} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'today', label: t('workOrders.today'), children: <TodayOrders onOpen={openOrder} /> },
          {
            key: 'list',
            label: t('workOrders.list'),
            children: (
              <>
                <WorkOrderSearch list={list} staff={false} />
                <WorkOrderTable list={list} onOpen={openOrder} />
              </>
            ),
          },
          {
            key: 'board',
            label: t('workOrders.board'),
            children: <WorkOrderBoard filters={filters} onOpen={openOrder} />,
          },
          { key: 'stock', label: t('workOrders.myStock'), children: <MyStock /> },
        ]}
      />
      <WorkOrderDrawer id={detail.shown === undefined ? undefined : Number(detail.shown)} onClose={detail.close} />
    </Card>
  );
}
