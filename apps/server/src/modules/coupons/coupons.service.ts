import {
  COUPON_STATE_MACHINE,
  type Coupon,
  type CouponQuery,
  type CouponStats,
  type CouponStatsQuery,
} from '@water/contract/coupons';
import { COUPON_COLUMNS } from '@water/contract/coupons-columns';
import type { ClaimInput, GatewayCoupon, MemberCoupons, MemberKeyQuery } from '@water/contract/gateway';
import type { Fen } from '@water/contract/money';
import { asFen } from '@water/contract/money';
import { allows } from '@water/contract/state-machine';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { moveBy } from '../../lib/state.ts';
import { type AgentPaths, agentIdsInScope } from '../agents/agent-directory.ts';
import type { MembersService } from '../members/members.service.ts';
import type { SaleEvent } from '../orders/sale-events.ts';
import { createCouponTemplatesService } from './coupon-templates.service.ts';
import { type CouponRow, couponOrder, couponSortable, couponsRepository as repo } from './coupons.repository.ts';

export { couponDiscount, goodAt } from './coupon-rules.ts';

import { addCounts, couponDto, emptyCounts, gatewayCoupon, memberKeyOf } from './coupon-dto.ts';
import { IssueRefused, issueTo } from './coupon-issue.ts';
import { type CouponBase, goodAt } from './coupon-rules.ts';
import { usableCoupon } from './coupon-use.ts';
import { createPageCoupons } from './page-coupons.ts';
export type CouponsService = ReturnType<typeof createCouponsService>;

/**
 * Coupons: templates (what a coupon takes off, where, for whom, for how long), coupons issued to
 * members (claimed at a machine, by code, with a first order, or pushed by staff), locked by the
 * order that uses them, used when it is paid, given back when it closes unpaid or is refunded in
 * full, expired by the hour; and their redemption figures.
 */
export function createCouponsService(
  { db, clock, audit }: Pick<Deps, 'db' | 'clock' | 'audit'>,
  { paths, members }: { paths: AgentPaths; members: MembersService },
) {
  type Tx = typeof db;
  const templates = createCouponTemplatesService({ db, clock, audit }, { paths, members });

  /** The machine of an order, as a coupon's scope needs it. */
  async function couponMachine(machine: { id: number; siteId: number | null; modelId: number; agentId: number }) {
    return { ...machine, path: await paths.of(machine.agentId) };
  }

  /** The order holding a coupon was paid: the coupon it locked is used. */
  async function used(
    tx: Tx,
    order: { id: number; orderNo: string; createTime: Date; couponId: number | null; couponAmount: Fen },
  ): Promise<void> {
    if (order.couponId === null) return;
    const coupon = await repo.coupon(tx, order.couponId, true);
    if (!coupon) return;
    if (coupon.orderId !== order.id || !allows(COUPON_STATE_MACHINE, coupon.status, 'USE')) return;
    await repo.updateCoupon(tx, coupon.id, {
      status: moveBy(COUPON_STATE_MACHINE, coupon.status, 'USE'),
      orderId: order.id,
      orderTime: order.createTime,
      orderNo: order.orderNo,
      discountAmount: order.couponAmount,
      usedTime: clock.now(),
    });
  }

  /** Orders closed unpaid or refunded in full give their coupons back (expired if their window closed). */
  async function giveBack(tx: Tx, orderIds: readonly number[]): Promise<void> {
    await repo.giveBack(tx, orderIds, clock.now());
  }

  /**
   * A member's first paid order: the active first-order coupons good at that machine are given
   * (those with none left or already held are skipped).
   */
  async function giftFirstOrder(tx: Tx, memberId: number, machineId: number): Promise<void> {
    const gifts = await repo.activeTemplates(tx, 'FIRST_ORDER');
    if (gifts.length === 0) return;
    const machine = await repo.machine(tx, machineId);
    if (!machine || machine.agentId === null) return;
    const at = await couponMachine({ ...machine, agentId: machine.agentId });
    for (const template of gifts.filter((gift) => goodAt(gift, at))) {
      try {
        await tx.transaction((savepoint) => issueTo(savepoint, clock.now(), template, memberId, 'FIRST_ORDER', null));
      } catch (error) {
        if (!(error instanceof IssueRefused)) throw error;
      }
    }
  }

  const couponList = declaredList<Principal, CouponQuery, CouponRow, Coupon>({
    name: 'coupons',
    columns: COUPON_COLUMNS,
    sortable: couponSortable,
    order: couponOrder,
    read: async (principal, query, paging) =>
      repo.couponPage(db, await agentIdsInScope(db, principal.scope), query, paging),
    toWire: couponDto,
  });

  return {
    ...templates,
    ...createPageCoupons({ db, clock }, { members, couponMachine }),

    /**
     * A sale's events, as its coupon follows them: paying the order uses the coupon it locked (and
     * a member's first paid order brings the first-order gifts); closing it unpaid, or refunding it
     * in full, gives the coupon back.
     */
    async onSale(tx: Tx, event: SaleEvent): Promise<void> {
      switch (event.type) {
        case 'PAID':
          if (event.late) return;
          await used(tx, event.order);
          if (event.order.memberId !== null && (await members.paidOrders(tx, event.order.memberId)) === 1) {
            await giftFirstOrder(tx, event.order.memberId, event.order.machineId);
          }
          return;
        case 'DISPENSED':
          // Nothing was paid, so no refund will follow: the coupon comes back now.
          if (event.failed && event.order.paid === 0) await giveBack(tx, [event.order.id]);
          return;
        case 'REFUNDED':
          if (event.full) await giveBack(tx, [event.order.id]);
          return;
        case 'CLOSED':
          await giveBack(
            tx,
            event.orders.filter((order) => order.couponId !== null).map((order) => order.id),
          );
          return;
        case 'CREATED':
          return;
      }
    },
    /** The coupons issued within the caller's scope, a page at a time and as a file. */
    coupons: couponList.list,
    exportCoupons: couponList.exportSheet,

    /** Takes back unused coupons (a mistaken push); used, locked and expired ones stay as they are. */
    async revoke(principal: Principal, ids: number[]): Promise<void> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      await db.transaction(async (tx) => {
        for (const id of new Set(ids)) {
          const coupon = await repo.coupon(tx, id, true);
          const visible =
            coupon && (agentIds === null || (coupon.agentId !== null && agentIds.includes(coupon.agentId)));
          if (!coupon || !visible) throw notFound(noSuch('coupon', id));
          const status = moveBy(COUPON_STATE_MACHINE, coupon.status, 'REVOKE', {
            message: `Coupon ${coupon.code} is ${coupon.status}: only an unused one is revoked`,
          });
          await repo.updateCoupon(tx, id, { status });
        }
      });
    },

    async stats(principal: Principal, query: CouponStatsQuery): Promise<CouponStats> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      const rows = await repo.countsByFunder(db, agentIds, query.createTime);
      const stats: CouponStats = { total: emptyCounts(), platform: emptyCounts(), agent: emptyCounts() };
      for (const row of rows) {
        addCounts(stats.total, row);
        addCounts(row.fundedBy === 'PLATFORM' ? stats.platform : stats.agent, row);
      }
      return stats;
    },

    /** What a member holds and may claim at a machine. */
    async memberCoupons(
      machine: { id: number; siteId: number | null; modelId: number; agentId: number | null },
      key: MemberKeyQuery,
    ): Promise<MemberCoupons> {
      const memberKey = memberKeyOf(key);
      if (!memberKey) throw invalidField('memberPhone', 'name the member by phone or openid', 'required');
      if (machine.agentId === null) return { coupons: [], claimable: [] };
      const at = await couponMachine({ ...machine, agentId: machine.agentId });
      const member = await members.find(memberKey);
      const held = member ? await repo.usableOf(db, member.id, clock.now()) : [];
      const claimable = (await repo.activeTemplates(db, 'CLAIM')).filter((template) => goodAt(template, at));
      return {
        coupons: held.filter((row) => goodAt(row.template, at)).map((row) => gatewayCoupon(row.coupon, row.template)),
        claimable: claimable.map((template) => ({
          templateId: template.id,
          name: template.name,
          type: template.type,
          value: template.value,
          minSpend: template.minSpend,
        })),
      };
    },

    /** A member claims a coupon at a machine: a `CLAIM` template's by id, a `CODE` template's by its code. */
    async claim(
      machine: { id: number; siteId: number | null; modelId: number; agentId: number | null },
      input: ClaimInput,
    ): Promise<GatewayCoupon> {
      const memberKey = memberKeyOf(input);
      if (!memberKey) throw invalidField('memberPhone', 'name the member by phone or openid', 'required');
      if (!input.templateId === !input.claimCode) {
        throw invalidField('templateId', 'give either the coupon’s template id or its code', 'required');
      }
      const template = input.claimCode
        ? await repo.templateByCode(db, input.claimCode.toUpperCase())
        : await repo.template(db, input.templateId as number);
      const expected = input.claimCode ? 'CODE' : 'CLAIM';
      const at = machine.agentId === null ? undefined : await couponMachine({ ...machine, agentId: machine.agentId });
      if (!template || template.issueType !== expected || !at || !goodAt(template, at)) {
        throw notFound(
          input.claimCode ? `No coupon with code ${input.claimCode} here` : 'No such coupon to claim here',
        );
      }
      const agentId = machine.agentId as number;
      const coupon = await db.transaction(async (tx) => {
        const memberId = await members.memberOf(tx, memberKey, agentId, clock.now());
        return issueTo(tx, clock.now(), template, memberId, expected, null);
      });
      return gatewayCoupon(coupon, template);
    },

    /**
     * Locks a member's coupon for an order being made and answers what it takes off; a coupon
     * that cannot be used is refused with the reason (`COUPON_UNUSABLE`).
     */
    async lockForOrder(
      tx: Tx,
      code: string,
      memberId: number,
      machine: { id: number; siteId: number | null; modelId: number; agentId: number },
      order: CouponBase & { id: number; orderNo: string; createTime: Date },
    ): Promise<{ couponId: number; amount: Fen }> {
      const { coupon, amount } = await usableCoupon(
        tx,
        clock.now(),
        code,
        memberId,
        await couponMachine(machine),
        order,
        true,
      );
      await repo.updateCoupon(tx, coupon.id, {
        status: moveBy(COUPON_STATE_MACHINE, coupon.status, 'LOCK'),
        orderId: order.id,
        orderTime: order.createTime,
        orderNo: order.orderNo,
        discountAmount: amount,
      });
      return { couponId: coupon.id, amount };
    },

    /**
     * What of an order's coupon discount the platform bears: counted in the agent's commission
     * base as if the member had paid it. Nothing while the coupon is not used (given back with
     * its order, or still locked) or when the agent funds it.
     */
    async platformFunded(order: { id: number; couponId: number | null; couponAmount: Fen }): Promise<Fen> {
      if (order.couponId === null || order.couponAmount === 0) return asFen(0);
      const funding = await repo.funding(db, order.couponId);
      // A coupon given back and used again counts on the order that used it, not on this one.
      const usedHere = funding?.status === 'USED' && funding.orderId === order.id;
      return usedHere && funding.fundedBy === 'PLATFORM' ? order.couponAmount : asFen(0);
    },

    /**
     * What of an order's coupon discount the platform bears, as its payment or refund is booked
     * (in that transaction): the coupon locked for this order counts too, as paying uses it.
     */
    async platformFundedAtPayment(
      tx: Tx,
      order: { id: number; couponId: number | null; couponAmount: Fen },
    ): Promise<Fen> {
      if (order.couponId === null || order.couponAmount === 0) return asFen(0);
      const funding = await repo.funding(tx, order.couponId);
      const onThisOrder = funding?.orderId === order.id && (funding.status === 'USED' || funding.status === 'LOCKED');
      return onThisOrder && funding.fundedBy === 'PLATFORM' ? order.couponAmount : asFen(0);
    },

    /** The hourly job: unused coupons past their window expire; templates whose dates passed end. */
    async expire(): Promise<number> {
      const now = clock.now();
      await repo.endPassed(db, now);
      return repo.expire(db, now);
    },
  };
}
