import type { Prices } from '@water/contract/gateway';
import { asFen, minFen } from '@water/contract/money';
import type { Channel } from '@water/contract/orders';
import { amountOf, percentOf } from '../../domain/money.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { PricePoliciesService } from '../price-policies/price-policies.service.ts';
import type { SellingMachine } from './order-gateway.service.ts';

/** How a sale is priced, the same for a machine's own order and one made on its public page. */
export function createOrderPricing({ policies, coupons }: { policies: PricePoliciesService; coupons: CouponsService }) {
  /** The machine's prices for a sale: the member price for a member, else the channel's; refused without a policy. */
  async function priced(machine: SellingMachine, channel: Channel, requestedMl: number, member: boolean) {
    const prices = await policies.pricesFor(machine);
    if (!prices) {
      throw new HttpError(409, `No price policy covers machine ${machine.serialNo}: it cannot sell`, 'RULE_VIOLATED');
    }
    const priceOf = (p: Prices) => (member && p.memberPrice !== null ? p.memberPrice : p[channel]);
    const unitPrice = priceOf(prices);
    const listAmount = amountOf(unitPrice, requestedMl);
    const discountAmount = minFen(listAmount, percentOf(listAmount, prices.discountPct));
    return { prices, priceOf, unitPrice, listAmount, discountAmount };
  }

  return {
    priced,

    /**
     * What a sale would cost, priced as a machine's order is (policy, member price, discount, and
     * the member's coupon valued at the platform's price), without making it.
     */
    async quote(
      machine: SellingMachine & { agentId: number },
      input: {
        channel: Channel;
        requestedMl: number;
        /** A member's sale is priced at the member price. */
        memberPhone: string | undefined;
        /** The member, when known, whose coupon is named. */
        memberId: number | null;
        couponCode?: string;
      },
    ) {
      const member = input.memberPhone !== undefined;
      const { priceOf, unitPrice, listAmount, discountAmount } = await priced(
        machine,
        input.channel,
        input.requestedMl,
        member,
      );
      const base = asFen(listAmount - discountAmount);
      let couponAmount = asFen(0);
      if (input.couponCode && input.memberId !== null) {
        const platformPrices = await policies.platformPricesFor(machine);
        couponAmount = await coupons.previewForOrder(input.couponCode, input.memberId, machine, {
          base,
          unitPrice: platformPrices ? priceOf(platformPrices) : unitPrice,
          requestedMl: input.requestedMl,
        });
      }
      return {
        unitPrice,
        requestedMl: input.requestedMl,
        listAmount,
        discountAmount,
        couponAmount,
        payable: asFen(Math.max(0, base - couponAmount)),
      };
    },
  };
}
