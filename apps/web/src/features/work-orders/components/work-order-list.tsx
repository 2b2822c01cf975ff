import {
  WORK_ORDER_COLUMNS,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATES,
  WORK_ORDER_TYPES,
  type WorkOrder,
} from '@water/contract/work-orders';
import { Button, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_AGENTS } from '@/components/agents/agent-entities.ts';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EntityFilter } from '@/components/list/entity-filter.tsx';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import type { ListController } from '@/components/list/use-list-state.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { useTechnicians, useWorkOrders } from '../api/work-orders.ts';
import { PriorityTag, WorkOrderStateTag } from './work-order-tags.tsx';

export type WorkOrderFilters = ListFilters<'GET /api/workOrders'>;

/** The orders' search (state, type, priority, agent, machine) and their table, cards on a phone. */
export function WorkOrderSearch({
  list,
  staff,
  extra,
}: {
  list: ListController<WorkOrderFilters>;
  staff: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const technicians = useTechnicians(staff);
  return (
    <SearchBar<WorkOrderFilters> onSearch={list.search} onReset={list.reset}>
      <Form.Item name="blurry" label={t('workOrders.machine')}>
        <Input placeholder={t('workOrders.search')} allowClear style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="state" label={t('workOrders.state')}>
        <EnumSelect values={WORK_ORDER_STATES} labelOf={(value) => t(`workOrders.states.${value}`)} width={130} />
      </Form.Item>
      <Form.Item name="type" label={t('workOrders.type')}>
        <EnumSelect values={WORK_ORDER_TYPES} labelOf={(value) => t(`workOrders.types.${value}`)} width={130} />
      </Form.Item>
      <Form.Item name="priority" label={t('workOrders.priority')}>
        <EnumSelect
          values={WORK_ORDER_PRIORITIES}
          labelOf={(value) => t(`workOrders.priorities.${value}`)}
          width={110}
        />
      </Form.Item>
      {staff && (
        <Form.Item name="technicianId" label={t('workOrders.technician')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('workOrders.all')}
            style={{ width: 150 }}
            options={(technicians.data ?? []).map((user) => ({ value: user.userId, label: user.nickName }))}
          />
        </Form.Item>
      )}
      {staff && (
        <EntityFilter name="agentId" label={t('workOrders.agent')} entity={ACTIVE_AGENTS} all={t('workOrders.all')} />
      )}
      {extra}
    </SearchBar>
  );
}

export function WorkOrderTable({
  list,
  onOpen,
  actions,
}: {
  list: ListController<WorkOrderFilters>;
  onOpen: (order: WorkOrder) => void;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const query = useWorkOrders(list.params);
  const columns: DataColumn<WorkOrder>[] = declaredColumns<WorkOrder, typeof WORK_ORDER_COLUMNS>(
    WORK_ORDER_COLUMNS,
    t,
    i18n.language,
    {
      id: {
        render: (_, order) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(order)}>
            #{order.id}
          </Button>
        ),
      },
      state: { render: (_, order) => <WorkOrderStateTag state={order.state} /> },
      priority: { render: (_, order) => <PriorityTag priority={order.priority} /> },
    },
  );
  return (
    <DataTable<WorkOrder, WorkOrderFilters>
      tableId="work-orders"
      label={t('workOrders.title')}
      columns={columns}
      list={list}
      query={query}
      rowKey={(order) => order.id}
      exportTo={{ route: 'GET /api/workOrders/download', name: 'work-orders' }}
      actions={actions}
    />
  );
}
