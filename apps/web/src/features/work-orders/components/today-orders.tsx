import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { WorkOrder } from '@water/contract/work-orders';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWorkOrderBoard } from '../api/work-orders.ts';
import { dayOrder, distanceText, distanceTo, placeOf, wayTo } from '../lib/field-trip.ts';
import { useHere } from '../lib/use-here.ts';
import { PriorityTag, WorkOrderStateTag } from './work-order-tags.tsx';

/**
 * A technician's open orders as cards to work through with one hand: the most urgent first, then
 * the nearest to where the phone is; each with the way there in the map app.
 */
export function TodayOrders({ onOpen }: { onOpen: (order: WorkOrder) => void }) {
  const { t } = useTranslation();
  const query = useWorkOrderBoard({ open: true });
  const { here, refused } = useHere();
  if (!query.data) return <Skeleton active />;
  const orders = dayOrder(query.data.content, here);
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        <AimOutlined aria-hidden /> {t(refused ? 'workOrders.byPriority' : 'workOrders.byPriorityAndDistance')}
      </Typography.Text>
      {orders.length === 0 && <Empty description={t('workOrders.nothingToDo')} />}
      {orders.map((order) => {
        const place = placeOf(order);
        const metres = distanceTo(order, here);
        return (
          <Card
            key={order.id}
            size="small"
            role="article"
            aria-label={`#${order.id} ${t(`workOrders.types.${order.type}`)}`}
            title={
              <Button type="link" style={{ padding: 0, fontWeight: 600 }} onClick={() => onOpen(order)}>
                #{order.id} {t(`workOrders.types.${order.type}`)}
              </Button>
            }
            extra={<PriorityTag priority={order.priority} />}
          >
            <Flex vertical gap={4}>
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Typography.Text strong>{order.serialNo}</Typography.Text>
                <WorkOrderStateTag state={order.state} />
              </Flex>
              {(order.siteName || order.siteAddress) && (
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {[order.siteName, order.siteAddress].filter(Boolean).join(' · ')}
                </Typography.Text>
              )}
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Typography.Text>{metres === null ? '' : distanceText(metres)}</Typography.Text>
                {place && (
                  <Button
                    href={wayTo(place, order.siteName ?? order.serialNo)}
                    target="_blank"
                    rel="noreferrer"
                    icon={<EnvironmentOutlined aria-hidden />}
                  >
                    {t('workOrders.navigate')}
                  </Button>
                )}
              </Flex>
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}
