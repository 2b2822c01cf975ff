import type { PageOf } from '@water/contract/common';
import type { CommissionOrder, CommissionOrderQuery } from '@water/contract/ledger';
import { asFen, type Fen } from '@water/contract/money';
import type { Database } from '../../db/client.ts';
import { type CommissionShare, commissionChanges, commissionShares, levelRates } from '../../domain/commission.ts';
import { periodSpan } from '../../domain/periods.ts';
import type { Principal } from '../../domain/principal.ts';
import { notFound } from '../../lib/http-errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import { commissionBase } from './order-answers.ts';
import { type NewOrder, type OrderRecord, ordersRepository as repo } from './orders.repository.ts';

/** An earned share, with how far below the earner the seller stands (0: the earner sold). */
export type LevelShare = CommissionShare & { depth: number };

/** The agents of an order's path, top first, with each one's rate at the sale and whether it was frozen. */
export function commissionLevels(
  order: Pick<OrderRecord, 'agentPath' | 'pathRates' | 'commissionRate' | 'heldAgentIds'>,
) {
  const ids = order.agentPath.split('/').filter(Boolean).map(Number);
  return ids.map((agentId, index) => {
    const seller = index === ids.length - 1;
    // Orders made before the path's rates were copied: only the seller's rate is known, and the
    // agents above it earn nothing on them (as the console showed then).
    const rate = order.pathRates?.[index] ?? (seller ? order.commissionRate : '0');
    return { agentId, rate, held: order.heldAgentIds.includes(agentId) };
  });
}

/**
 * Brings what each level of an order's path has earned up to date with the order's money (after
 * a payment or a refund, in its transaction): writes the levels' amounts on the order, in one
 * update with the order's other changes `alsoSet` (already in `order`), and answers what changed,
 * for the ledger.
 */
export function createOrderCommission({ coupons }: { coupons: Pick<CouponsService, 'platformFundedAtPayment'> }) {
  return async function settleCommission(
    tx: Database,
    order: OrderRecord,
    alsoSet: Partial<NewOrder> = {},
  ): Promise<LevelShare[]> {
    const base = commissionBase(order, await coupons.platformFundedAtPayment(tx, order));
    const levels = commissionLevels(order);
    const shares = commissionShares(levels, base);
    const changes = commissionChanges(order.commissionFen ?? [], shares);
    const unchanged = changes.length === 0 && order.commissionFen;
    const values = unchanged ? alsoSet : { ...alsoSet, commissionFen: shares.map((share) => asFen(share.amount)) };
    if (Object.keys(values).length > 0) await repo.updateOrder(tx, { id: order.id, time: order.createTime }, values);
    if (unchanged) return [];
    return changes.map((change) => ({
      ...change,
      depth: levels.length - 1 - levels.findIndex((level) => level.agentId === change.agentId),
    }));
  };
}

export type SettleCommission = ReturnType<typeof createOrderCommission>;

/** What each level of an order's path earns on a base, with the agents' names. */
export async function commissionLevelsOfIn(db: Database, order: OrderRecord, base: Fen) {
  const levels = commissionLevels(order);
  const shares = commissionShares(levels, base);
  const rates = levelRates(levels.map((level) => level.rate));
  const names = await repo.agentNames(
    db,
    levels.map((level) => level.agentId),
  );
  return levels.map((level, index) => ({
    agentId: level.agentId,
    agentName: names.get(level.agentId) ?? `#${level.agentId}`,
    rate: rates[index] ?? '0.00',
    amount: shares[index]?.amount ?? asFen(0),
    held: level.held,
  }));
}

/**
 * The orders behind an agent's statement: those paid in the period whose path holds the agent,
 * with the depth of the agent below the seller, its level's rate and what it has earned on each.
 */
export function createCommissionOrders({ db }: { db: Database }) {
  return async function commissionOrders(
    principal: Principal,
    query: CommissionOrderQuery,
  ): Promise<PageOf<CommissionOrder>> {
    const visible = await agentIdsInScope(db, principal.scope);
    if (visible !== null && !visible.includes(query.agentId)) {
      throw notFound({ key: 'errors.ledger.noAgent', values: { id: query.agentId } });
    }
    const { from, to } = periodSpan(query.period);
    const size = query.size ?? 20;
    const { rows, total } = await repo.commissionOrders(db, query.agentId, from, to, {
      limit: size,
      offset: (query.page ?? 0) * size,
    });
    return {
      content: rows.map((row) => {
        const levels = commissionLevels(row);
        const index = levels.findIndex((level) => level.agentId === query.agentId);
        return {
          orderNo: row.orderNo,
          paidTime: formatDateTime(row.paidTime),
          channel: row.channel,
          state: row.state,
          paid: row.paid,
          refunded: row.refunded,
          depth: levels.length - 1 - index,
          rate: levelRates(levels.map((level) => level.rate))[index] ?? '0.00',
          amount: asFen(row.commissionFen?.[index] ?? 0),
        };
      }),
      totalElements: total,
    };
  };
}
