import { asFen } from '@water/contract/money';
import { describe, expect, it } from 'vitest';
import { commissionChanges, commissionShares, levelRates } from './commission.ts';

const path = (...rates: string[]) => rates.map((rate, index) => ({ agentId: index + 1, rate, held: false }));

describe('multi-level commission', () => {
  it('gives the seller its own rate and each level above the difference to the level below', () => {
    expect(levelRates(['20.00', '15.00', '12.50'])).toEqual(['5.00', '2.50', '12.50']);
    const shares = commissionShares(path('20.00', '15.00', '12.50'), asFen(1000));
    expect(shares.map((share) => share.amount)).toEqual([50, 25, 125]);
  });

  it('rounds each level half up to whole fen, on its own', () => {
    // 333 fen: 5 % = 16.65 → 17; 10 % = 33.3 → 33.
    expect(commissionShares(path('15.00', '10.00'), asFen(333)).map((share) => share.amount)).toEqual([17, 33]);
  });

  it('gives a level whose child earns more than it nothing, never a negative share', () => {
    expect(levelRates(['10.00', '12.00'])).toEqual(['0.00', '12.00']);
  });

  it('earns nothing on a base of nothing', () => {
    expect(commissionShares(path('20.00', '15.00'), asFen(0)).map((share) => share.amount)).toEqual([0, 0]);
  });

  it('names what changed since the levels last earned, so a refund reverses exactly what the sale gave', () => {
    const sold = commissionShares(path('20.00', '15.00'), asFen(500));
    const refunded = commissionShares(path('20.00', '15.00'), asFen(200));
    const changes = commissionChanges(
      sold.map((share) => share.amount),
      refunded,
    );
    expect(changes).toEqual([
      { agentId: 1, amount: -15, held: false },
      { agentId: 2, amount: -45, held: false },
    ]);
    expect(commissionChanges([], sold).reduce((sum, share) => sum + share.amount, 0)).toBe(100);
  });
});
