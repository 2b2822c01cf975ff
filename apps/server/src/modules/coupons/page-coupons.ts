import type { ConsumerClaimable, ConsumerCoupon } from '@water/contract/consumers';
import type { Fen } from '@water/contract/money';
import type { Static } from 'typebox';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { MembersService } from '../members/members.service.ts';
import { issueTo } from './coupon-issue.ts';
import { type CouponBase, type CouponMachine, goodAt } from './coupon-rules.ts';
import { usableCoupon } from './coupon-use.ts';
import { couponsRepository as repo } from './coupons.repository.ts';

type Machine = { id: number; siteId: number | null; modelId: number; agentId: number };

/**
 * Coupons as a consumer signed in on a machine's public page sees them: their own usable there
 * (by id, never another member's), those they may claim there, what one would take off an order
 * (the same checks as when it is locked), and claiming one.
 */
export function createPageCoupons(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { members, couponMachine }: { members: MembersService; couponMachine: (machine: Machine) => Promise<CouponMachine> },
) {
  return {
    /** The member's coupons good at the machine, soonest to expire first, and the templates to claim there. */
    async forConsumer(
      machine: Machine,
      memberId: number | null,
    ): Promise<{ usable: Static<typeof ConsumerCoupon>[]; claimable: Static<typeof ConsumerClaimable>[] }> {
      const at = await couponMachine(machine);
      const held = memberId === null ? [] : await repo.usableOf(db, memberId, clock.now());
      const claimable = (await repo.activeTemplates(db, 'CLAIM')).filter((template) => goodAt(template, at));
      return {
        usable: held
          .filter((row) => goodAt(row.template, at))
          .map(({ coupon, template }) => ({
            id: coupon.id,
            name: template.name,
            type: template.type,
            value: template.value,
            minSpend: template.minSpend,
            maxDiscount: template.maxDiscount,
            validTo: formatDateTime(coupon.validTo) as string,
          })),
        claimable: claimable.map((template) => ({
          templateId: template.id,
          name: template.name,
          type: template.type,
          value: template.value,
          minSpend: template.minSpend,
        })),
      };
    },

    /** The code of a coupon the member holds, by its id; undefined for another member's or none. */
    async codeHeldBy(couponId: number, memberId: number): Promise<string | undefined> {
      const coupon = await repo.coupon(db, couponId);
      return coupon?.memberId === memberId ? coupon.code : undefined;
    },

    /** What the member's coupon would take off an order at the machine; refused as locking it would be. */
    async previewForOrder(code: string, memberId: number, machine: Machine, order: CouponBase): Promise<Fen> {
      const { amount } = await usableCoupon(
        db,
        clock.now(),
        code,
        memberId,
        await couponMachine(machine),
        order,
        false,
      );
      return amount;
    },

    /**
     * The member of a phone claims a CLAIM template's coupon, at the machine when named (its
     * scope checked there), within the template's total and the member's limit.
     */
    async claimFor(phone: string, templateId: number, machine: Machine | undefined): Promise<void> {
      const template = await repo.template(db, templateId);
      const good = template?.issueType === 'CLAIM' && (!machine || goodAt(template, await couponMachine(machine)));
      if (!template || !good) throw notFound({ key: 'errors.consumers.noSuchCoupon' });
      const agentId = machine?.agentId ?? template.agentId;
      await db.transaction(async (tx) => {
        const memberId = await members.memberOf(tx, { phone }, agentId, clock.now());
        await issueTo(tx, clock.now(), template, memberId, 'CLAIM', null);
      });
    },
  };
}
