import type { Database } from '../../db/client.ts';
import type { MembersService } from '../members/members.service.ts';
import { type OrderRecord, ordersRepository as repo } from './orders.repository.ts';

/** Who paid, by the payment channel's id of them (WeChat openid, Alipay buyer id). */
export type Payer = { openid: string };

/** The order with its payer as its member (acquired by the order's agent), for an order that has none. */
export async function withPayer(
  tx: Database,
  members: Pick<MembersService, 'memberOf'>,
  order: OrderRecord,
  payer: Payer,
): Promise<OrderRecord> {
  const memberId = await members.memberOf(tx, payer, order.agentId, order.createTime);
  await repo.updateOrder(tx, { id: order.id, time: order.createTime }, { memberId });
  return { ...order, memberId };
}
