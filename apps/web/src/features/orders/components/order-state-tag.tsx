import { ORDER_STATE_MACHINE, type OrderState } from '@water/contract/orders';
import { allows } from '@water/contract/state-machine';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderState, string> = {
  CREATED: 'default',
  PAID: 'processing',
  DISPENSING: 'processing',
  COMPLETED: 'success',
  CLOSED: 'default',
  DISPENSE_FAILED: 'error',
  REFUNDING: 'warning',
  REFUNDED: 'purple',
  PARTIALLY_REFUNDED: 'gold',
};

/** An order's state as a coloured tag in the console's language. */
export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(`orders.states.${state}`)}</Tag>;
}

/** Whether staff may ask for a refund of an order in this state (the order's state table decides). */
export const refundable = (state: OrderState) => allows(ORDER_STATE_MACHINE, state, 'REQUEST_REFUND');
