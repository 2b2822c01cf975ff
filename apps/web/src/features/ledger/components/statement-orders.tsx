import type { CommissionOrder } from '@water/contract/ledger';
import { COMMISSION_ORDER_COLUMNS } from '@water/contract/ledger-columns';
import { ORDER_PERMISSIONS } from '@water/contract/orders';
import { Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { usePermission } from '@/components/permission.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { usePagePath } from '@/lib/page-paths.ts';
import { useStatementOrders } from '../api/statement-orders.ts';
import { levelName } from './statement-lines.ts';

type OrderFilters = ListFilters<'GET /api/statements/orders'>;

/**
 * The orders behind a statement: those paid in its period, with what the agent's level earned on
 * each. An order's number opens it on the Orders page for users who may list orders.
 */
export function StatementOrders({ agentId, period }: { agentId: number; period: string }) {
  const { t, i18n } = useTranslation();
  const can = usePermission();
  const ordersPath = usePagePath('business/order/index');
  const linked = ordersPath !== undefined && can([ORDER_PERMISSIONS.list]);
  const list = useListState<OrderFilters>({ initialFilters: { agentId, period } });
  const { patchFilters } = list;
  useEffect(() => patchFilters({ agentId, period }), [patchFilters, agentId, period]);
  const query = useStatementOrders(list.params);
  const columns: DataColumn<CommissionOrder>[] = declaredColumns<CommissionOrder, typeof COMMISSION_ORDER_COLUMNS>(
    COMMISSION_ORDER_COLUMNS,
    t,
    i18n.language,
    {
      orderNo: {
        ellipsis: false,
        render: (_, order) =>
          linked ? <Link to={`${ordersPath}#order=${order.orderNo}`}>{order.orderNo}</Link> : order.orderNo,
      },
      level: { render: (_, order) => levelName(t, order.depth) },
    },
  );
  const title = t('ledger.ordersOf', { period });
  return (
    <div>
      <Typography.Title level={5}>{title}</Typography.Title>
      <DataTable<CommissionOrder, OrderFilters>
        tableId="statement-orders"
        label={title}
        columns={columns}
        list={list}
        query={query}
        rowKey={(order) => order.orderNo}
      />
    </div>
  );
}
