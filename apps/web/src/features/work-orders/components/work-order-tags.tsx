import type { WorkOrder } from '@water/contract/work-orders';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<WorkOrder['state'], string> = {
  CREATED: 'default',
  ASSIGNED: 'blue',
  ACCEPTED: 'cyan',
  IN_PROGRESS: 'processing',
  ON_HOLD: 'warning',
  DONE: 'success',
  CANCELLED: 'default',
};
const PRIORITY_COLORS: Record<WorkOrder['priority'], string> = {
  URGENT: 'red',
  HIGH: 'orange',
  NORMAL: 'blue',
  LOW: 'default',
};

export function WorkOrderStateTag({ state }: { state: WorkOrder['state'] }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`workOrders.states.${state}`)}</Tag>;
}

export function PriorityTag({ priority }: { priority: WorkOrder['priority'] }) {
  const { t } = useTranslation();
  return <Tag color={PRIORITY_COLORS[priority]}>{t(`workOrders.priorities.${priority}`)}</Tag>;
}
