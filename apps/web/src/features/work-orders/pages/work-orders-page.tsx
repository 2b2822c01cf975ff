import { PlusOutlined } from '@ant-design/icons';
import { slaLocales } from '@water/contract/texts/sla';
import { workOrdersLocales } from '@water/contract/texts/work-orders';
import { WORK_ORDER_PERMISSIONS as P, type WorkOrder } from '@water/contract/work-orders';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailAddress } from '@/components/list/use-detail-address.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { Permission } from '@/components/permission.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { CreateWorkOrderForm } from '../components/create-work-order-form.tsx';
import { TechniciansTab } from '../components/technicians-tab.tsx';
import { WorkOrderBoard } from '../components/work-order-board.tsx';
import { WorkOrderDrawer } from '../components/work-order-drawer.tsx';
import { type WorkOrderFilters, WorkOrderSearch, WorkOrderTable } from '../components/work-order-list.tsx';

addPageTexts('workOrders', workOrdersLocales);
addPageTexts('sla', slaLocales);

const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);

/** `field/work-order/index`: the orders of the user's reach as a list and a board, and the technicians' regions. */
export function WorkOrdersPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const list = useListState<WorkOrderFilters>({ initialFilters: {} });
  const detail = useDetailAddress('order', isId);
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState('list');
  const openOrder = (order: WorkOrder) => detail.open(String(order.id));
  const { page: _page, size: _size, sort: _sort, ...filters } = list.params;
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Work orders')} />
      <WorkOrderSearch list={list} staff />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'list',
            label: t('workOrders.list'),
            children: (
              <WorkOrderTable
                list={list}
                onOpen={openOrder}
                actions={
                  <Permission allow={[P.add]}>
                    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
                      {t('workOrders.create')}
                    </Button>
                  </Permission>
                }
              />
            ),
          },
          {
            key: 'board',
            label: t('workOrders.board'),
            children: <WorkOrderBoard filters={filters} onOpen={openOrder} />,
          },
          { key: 'technicians', label: t('workOrders.regions'), children: <TechniciansTab /> },
        ]}
      />
      <CreateWorkOrderForm open={creating} onClose={() => setCreating(false)} />
      <WorkOrderDrawer id={detail.shown === undefined ? undefined : Number(detail.shown)} onClose={detail.close} />
    </Card>
  );
}
