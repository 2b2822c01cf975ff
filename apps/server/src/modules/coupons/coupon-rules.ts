import { randomInt } from 'node:crypto';
import { asFen, type Fen, minFen } from '@water/contract/money';
import { amountOf, percentOf } from '../../domain/money.ts';
import type { TemplateRecord } from './coupons.repository.ts';

/** A machine as a coupon's scope needs it: itself, its site, its model and its holder's path. */
export interface CouponMachine {
  id: number;
  siteId: number | null;
  modelId: number;
  /** The holder and its ancestors, top first. */
  path: readonly number[];
}

/**
 * What an order is worth to a coupon: the amount after the price policy, the litre price a
 * coupon is valued at (the platform's own, never one an agent sets) and the water asked for.
 */
export interface CouponBase {
  base: Fen;
  unitPrice: Fen;
  requestedMl: number;
}

type Template = Pick<TemplateRecord, 'type' | 'value' | 'minSpend' | 'maxDiscount' | 'scope' | 'scopeIds' | 'agentId'>;

/** Whether a template's coupons are good at a machine: its owner holds it, and its scope lists it. */
export function goodAt(template: Template, machine: CouponMachine): boolean {
  if (template.agentId !== null && !machine.path.includes(template.agentId)) return false;
  const ids = template.scopeIds;
  switch (template.scope) {
    case 'ALL':
      return true;
    case 'AGENT':
      return machine.path.some((agentId) => ids.includes(agentId));
    case 'SITE':
      return machine.siteId !== null && ids.includes(machine.siteId);
    case 'MACHINE':
      return ids.includes(machine.id);
    case 'MODEL':
      return ids.includes(machine.modelId);
  }
}

/**
 * The fen a coupon takes off an order, never more than the order; a string says why it does not
 * apply (the order is below its minimum spend).
 */
export function couponDiscount(template: Template, order: CouponBase): Fen | string {
  if (order.base < template.minSpend) return `the order must reach ${template.minSpend} fen to use it`;
  let off: Fen;
  switch (template.type) {
    case 'AMOUNT_OFF':
      off = asFen(template.value);
      break;
    case 'PERCENT_OFF':
      off = percentOf(minFen(order.base, amountOf(order.unitPrice, order.requestedMl)), String(template.value));
      break;
    case 'FREE_LITRES':
      off = amountOf(order.unitPrice, Math.min(template.value, order.requestedMl));
      break;
  }
  if (template.type !== 'AMOUNT_OFF' && template.maxDiscount !== null) off = minFen(off, template.maxDiscount);
  return asFen(Math.max(0, minFen(off, order.base)));
}

/** Letters and digits that are not mistaken for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const newCode = () => Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
