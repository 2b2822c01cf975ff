import { asFen, type Fen } from '@water/contract/money';
import Decimal from 'decimal.js';
import { percentOf } from './money.ts';

/** One level of an order's agent path: the agent, its rate at the sale, and whether it was frozen then. */
export interface CommissionLevel {
  agentId: number;
  /** Percent, two decimals as text: `"20.00"`. */
  rate: string;
  held: boolean;
}

/** What one level earns on an order, in whole fen. */
export interface CommissionShare {
  agentId: number;
  amount: Fen;
  held: boolean;
}

/**
 * The percent each level of a path earns, top first: the seller (last) its own rate; each agent
 * above it its rate less the rate of the level below (never below zero). Together they make the
 * top agent's rate.
 */
export function levelRates(rates: readonly string[]): string[] {
  return rates.map((rate, index) => {
    const below = rates[index + 1];
    if (below === undefined) return new Decimal(rate).toFixed(2);
    return Decimal.max(0, new Decimal(rate).minus(below)).toFixed(2);
  });
}

/**
 * Each level's commission on a base: its level rate of the base, rounded half up to whole fen,
 * level by level (the rounding happens once per level and order).
 */
export function commissionShares(levels: readonly CommissionLevel[], base: Fen): CommissionShare[] {
  const rates = levelRates(levels.map((level) => level.rate));
  return levels.map((level, index) => ({
    agentId: level.agentId,
    amount: base <= 0 ? asFen(0) : percentOf(base, rates[index] ?? '0'),
    held: level.held,
  }));
}

/** What changes between what the levels had earned and what they earn now (zero changes left out). */
export function commissionChanges(before: readonly Fen[], after: readonly CommissionShare[]): CommissionShare[] {
  return after
    .map((share, index) => ({ ...share, amount: asFen(share.amount - (before[index] ?? 0)) }))
    .filter((share) => share.amount !== 0);
}
