import type { WorkOrder } from '@water/contract/work-orders';
import { Badge, Card, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListFilters } from '@/lib/call-api.ts';
import { useWorkOrderBoard } from '../api/work-orders.ts';
import { boardColumns } from './work-order-actions.ts';
import { PriorityTag } from './work-order-tags.tsx';

/** The orders of the filter as columns by state; a card opens its order. On a phone the columns stack. */
export function WorkOrderBoard({
  filters,
  onOpen,
}: {
  filters: ListFilters<'GET /api/workOrders'>;
  onOpen: (order: WorkOrder) => void;
}) {
  const { t } = useTranslation();
  const query = useWorkOrderBoard(filters);
  if (!query.data) return <Skeleton active />;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 12 }}>
      {boardColumns(query.data.content).map((column) => (
        <section key={column.state} aria-label={t(`workOrders.states.${column.state}`)}>
          <Typography.Text strong>
            {t(`workOrders.states.${column.state}`)} <Badge count={column.orders.length} showZero color="#8c8c8c" />
          </Typography.Text>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}>
            {column.orders.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workOrders.empty')} />
            )}
            {column.orders.map((order) => (
              <Card
                key={order.id}
                size="small"
                hoverable
                onClick={() => onOpen(order)}
                title={`#${order.id} ${t(`workOrders.types.${order.type}`)}`}
                extra={<PriorityTag priority={order.priority} />}
              >
                <div>{order.serialNo}</div>
                <Typography.Text type="secondary">{order.technicianName ?? t('workOrders.noRegion')}</Typography.Text>
              </Card>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
