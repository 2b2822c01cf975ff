import type { PageOf } from '@water/contract/common';
import { EXPORT_MAX_ROWS, EXPORT_SYNC_MAX, type ExportJob } from '@water/contract/exports';
import { asFen, sumFen } from '@water/contract/money';
import {
  ORDER_COLUMNS,
  ORDER_STATE_MACHINE,
  type Order,
  type OrderDetail,
  type OrderFilterOptions,
  type OrderQuery,
  type OrderTotals,
} from '@water/contract/orders';
import { allows } from '@water/contract/state-machine';
import { percentOf } from '../../domain/money.ts';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, invalidField } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import type { ListSheet } from '../../lib/list-sheet.ts';
import type { Language } from '../../lib/texts.ts';
import { type AgentPaths, agentIdsInScope } from '../agents/agent-directory.ts';
import type { CardPayments } from '../cards/card-payments.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { ExportsService } from '../exports/exports.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { PricePoliciesService } from '../price-policies/price-policies.service.ts';
import { checkedRange, commissionBase, daysOfOrderNo, orderDto, refundDto } from './order-answers.ts';
import { createOrderChannelRefunds } from './order-channel-refunds.ts';
import { commissionLevelsOfIn, createCommissionOrders, createOrderCommission } from './order-commission.ts';
import { createOrderGatewayService } from './order-gateway.service.ts';
import { type ChannelRefundPort, createRefunding } from './order-refunding.ts';
import {
  type OrderKey,
  type OrderRow,
  orderOrder,
  orderSortable,
  ordersRepository as repo,
} from './orders.repository.ts';
import { createRefundsService } from './refunds.service.ts';

export { commissionBase } from './order-answers.ts';
export type { SellingMachine } from './order-gateway.service.ts';

import type { SaleEvents } from './sale-events.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * Orders and refunds: sales reported by machines through the gateway (created, paid, dispensed,
 * refunded when the water did not come), closed when left unpaid, refunded by staff after review;
 * every paid fen and refunded fen added to the roll-ups in the same transaction.
 */
export function createOrdersService(
  { db, clock, audit }: Pick<Deps, 'db' | 'clock' | 'audit'>,
  {
    policies,
    coupons,
    exports,
    paths,
    payTimeoutMs,
    refundReviewAbove,
    members,
    sale,
    cards,
    channelRefunds,
  }: {
    policies: PricePoliciesService;
    coupons: CouponsService;
    exports: ExportsService;
    paths: AgentPaths;
    payTimeoutMs: number;
    /** Fen: a staff refund above this needs a second person's review (0: every one does). */
    refundReviewAbove: () => Promise<number>;
    /** Where the sale's events go: the roll-ups, members and coupons react to them in the same transaction. */
    sale: SaleEvents;
    members: MembersService;
    /** Checks the card a card sale names before its payment is recorded. */
    cards: Pick<CardPayments, 'verify'>;
    /** Refunds of orders paid through a payment channel's driver go back through it (the payments module). */
    channelRefunds?: ChannelRefundPort;
  },
) {
  const settleCommission = createOrderCommission({ coupons });
  const refunding = createRefunding({ db, clock }, { sale, settleCommission, channelRefunds });
  const { visibleOrder } = refunding;
  const gateway = createOrderGatewayService(
    { db, clock },
    { policies, coupons, paths, payTimeoutMs, members, sale, refunding, settleCommission, cards },
  );
  const refunds = createRefundsService({ db, clock, audit }, { refunding, refundReviewAbove });
  // A background export of orders reads them again from the filter and reach it stored, oldest first.
  exports.source(
    'orders',
    ({ agentIds, filter }: { agentIds: number[] | null; filter: Omit<OrderQuery, 'page' | 'size'> }) => {
      const range = checkedRange(filter.createTime);
      return {
        sheet: { name: 'orders', columns: ORDER_COLUMNS },
        batches: async function* () {
          let after: OrderKey | null = null;
          let left = EXPORT_MAX_ROWS;
          while (left > 0) {
            const batch = await repo.batchAfter(db, agentIds, range, filter, after, Math.min(5000, left));
            if (batch.length === 0) return;
            yield batch.map(orderDto);
            left -= batch.length;
            const last = batch[batch.length - 1] as OrderRow;
            after = { id: last.id, time: last.createTime };
          }
        },
      };
    },
  );

  return {
    ...gateway,
    ...refunds,
    ...createOrderChannelRefunds({ db, clock }, { refunding }),
    async list(principal: Principal, query: OrderQuery): Promise<PageOf<Order>> {
      const range = checkedRange(query.createTime);
      const agentIds = await agentIdsInScope(db, principal.scope);
      const page = await repo.page(db, agentIds, range, query, toPaging(query, orderSortable, orderOrder));
      return { content: page.content.map(orderDto), totalElements: page.totalElements };
    },

    /** The count and sums of the orders the list's filter matches, within the caller's reach. */
    async totals(principal: Principal, filter: Omit<OrderQuery, 'page' | 'size'>): Promise<OrderTotals> {
      const range = checkedRange(filter.createTime);
      const agentIds = await agentIdsInScope(db, principal.scope);
      const totals = await repo.totals(db, agentIds, range, filter);
      return { ...totals, net: asFen(totals.paid - totals.refunded) };
    },

    /** What the orders' filters offer the caller: the agents, sites and machines it reaches. */
    async filterOptions(principal: Principal): Promise<OrderFilterOptions> {
      return repo.filterOptions(db, await agentIdsInScope(db, principal.scope));
    },

    /** The orders as a workbook at once; beyond EXPORT_SYNC_MAX rows, the caller is sent to the background export. */
    async exportSheet(principal: Principal, filter: Omit<OrderQuery, 'page' | 'size'>): Promise<ListSheet<Order>> {
      const range = checkedRange(filter.createTime);
      const agentIds = await agentIdsInScope(db, principal.scope);
      const total = await repo.count(db, agentIds, range, filter);
      if (total > EXPORT_SYNC_MAX) {
        throw badRequest(
          { key: 'errors.orders.exportInBackground', values: { total, max: EXPORT_SYNC_MAX } },
          'EXPORT_TOO_LARGE',
        );
      }
      const { content } = await repo.page(
        db,
        agentIds,
        range,
        filter,
        toPaging({ sort: filter.sort }, orderSortable, orderOrder),
      );
      return { name: 'orders', columns: ORDER_COLUMNS, rows: content.map(orderDto) };
    },

    /** Starts a background export of up to EXPORT_MAX_ROWS orders, oldest first, read a batch at a time. */
    async exportInBackground(
      principal: Principal,
      filter: Omit<OrderQuery, 'page' | 'size'>,
      language: Language,
    ): Promise<ExportJob> {
      const range = checkedRange(filter.createTime);
      const agentIds = await agentIdsInScope(db, principal.scope);
      const total = await repo.count(db, agentIds, range, filter);
      if (total > EXPORT_MAX_ROWS) {
        throw invalidField(
          'createTime',
          { key: 'errors.orders.narrowRange', values: { total, max: EXPORT_MAX_ROWS } },
          'too_large',
          {
            limit: EXPORT_MAX_ROWS,
          },
        );
      }
      return exports.start(principal, { kind: 'orders', params: { agentIds, filter }, total }, language);
    },

    /**
     * An order by its number, with the reason of its latest refund, for whoever proved they hold
     * it (the public page's token); undefined when there is none.
     */
    async heldOrder(orderNo: string) {
      const { from, to } = daysOfOrderNo(orderNo);
      const order = await repo.byOrderNo(db, orderNo, from, to);
      if (!order) return undefined;
      const refunds = await repo.refundsOf(db, order.id);
      return { order, refundReason: refunds.at(-1)?.reason ?? null };
    },

    /** The orders behind an agent's statement, with what its level earned on each. */
    commissionOrders: createCommissionOrders({ db }),

    async detail(principal: Principal, orderNo: string): Promise<OrderDetail> {
      const order = await visibleOrder(principal, orderNo);
      const [refunds, platformFunded] = await Promise.all([
        repo.refundsOf(db, order.id),
        coupons.platformFunded(order),
      ]);
      const base = commissionBase(order, platformFunded);
      const pending = sumFen(refunds.filter((refund) => refund.status === 'PENDING').map((r) => r.amount));
      return {
        ...orderDto(order),
        refunds: refunds.map(refundDto),
        commission: {
          base,
          amount: percentOf(base, order.commissionRate),
          heldAgentIds: order.heldAgentIds,
          levels: await commissionLevelsOfIn(db, order, base),
        },
        refundable: allows(ORDER_STATE_MACHINE, order.state, 'REQUEST_REFUND')
          ? asFen(Math.max(0, order.paid - order.refunded - pending))
          : asFen(0),
      };
    },
  };
}
