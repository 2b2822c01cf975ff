import type { GatewayDispenseInput } from '@water/contract/gateway';
import { asFen } from '@water/contract/money';
import { ORDER_STATE_MACHINE } from '@water/contract/orders';
import type { Database } from '../../db/client.ts';
import { shareOf } from '../../domain/money.ts';
import type { Deps } from '../../lib/deps.ts';
import { stateConflict } from '../../lib/http-errors.ts';
import { moveBy } from '../../lib/state.ts';
import type { Refunding } from './order-refunding.ts';
import { type OrderRecord, ordersRepository as repo } from './orders.repository.ts';
import type { SaleEvents } from './sale-events.ts';

/** The order event each dispense result of the machine is. */
const DISPENSE_EVENTS = { STARTED: 'START_DISPENSE', COMPLETED: 'COMPLETE', FAILED: 'FAIL_DISPENSE' } as const;

/**
 * What the machine reported of an order's dispense, applied in the caller's transaction to the
 * order it locked: started, completed (a short fill refunds what was not delivered) or failed
 * (the payment goes back). A result repeated changes nothing; a contrary one is refused.
 */
export function orderDispensing({
  clock,
  sale,
  automaticRefund,
}: Pick<Deps, 'clock'> & { sale: SaleEvents; automaticRefund: Refunding['automaticRefund'] }) {
  return async (tx: Database, order: OrderRecord, input: GatewayDispenseInput, endedAt: Date): Promise<OrderRecord> => {
    const key = { id: order.id, time: order.createTime };
    const state = order.state;
    const event = DISPENSE_EVENTS[input.result];
    if (state === 'CREATED' || state === 'CLOSED') {
      throw stateConflict(`Order ${order.orderNo} is ${state}: it was not paid`, state, event);
    }
    if (event === 'START_DISPENSE') {
      // A start reported again, or after the end, changes nothing.
      if (state !== 'PAID') return order;
      const dispensing = moveBy(ORDER_STATE_MACHINE, state, event);
      await repo.updateOrder(tx, key, { state: dispensing, updateTime: clock.now() });
      return { ...order, state: dispensing };
    }
    if (state !== 'PAID' && state !== 'DISPENSING') {
      // The end reported again answers the order as it is; a contrary report is refused.
      const failedAlready = ['DISPENSE_FAILED', 'REFUNDING'].includes(state);
      const same = (event === 'FAIL_DISPENSE') === failedAlready || state === 'REFUNDED';
      if (!same) throw stateConflict(`Order ${order.orderNo} was already reported ${state}`, state, event);
      return order;
    }
    // A failure refunds what was paid; a completion refunds what a short fill did not deliver.
    const failed = event === 'FAIL_DISPENSE';
    const dispensedMl = failed
      ? (input.dispensedMl ?? 0)
      : Math.min(input.dispensedMl ?? order.requestedMl, order.requestedMl);
    const ended = moveBy(ORDER_STATE_MACHINE, state, event, {
      to: failed ? (order.paid > 0 ? 'REFUNDING' : 'REFUNDED') : 'COMPLETED',
    });
    await repo.updateOrder(tx, key, {
      state: ended,
      dispensedMl,
      dispenseEndTime: endedAt,
      updateTime: clock.now(),
    });
    const after = { ...order, state: ended, dispensedMl, dispenseEndTime: endedAt };
    await sale.emit(tx, { type: 'DISPENSED', order: after, dispensedMl, failed, at: endedAt });
    return failed
      ? automaticRefund(tx, after, order.paid, 'DISPENSE_FAILED')
      : automaticRefund(
          tx,
          after,
          asFen(order.paid - shareOf(order.paid, dispensedMl, order.requestedMl)),
          'SHORT_FILL',
        );
  };
}
