import { describe, expect, it } from 'vitest';
import { bonusFor, largestTopUp } from './cards.ts';
import { asFen } from './money.ts';

const rules = [
  { minTopUp: asFen(10_000), bonus: asFen(500) },
  { minTopUp: asFen(50_000), bonus: asFen(5_000) },
];

describe('the card rules', () => {
  it('grants the bonus of the highest rule a top-up reaches, and none below the lowest', () => {
    expect(bonusFor(rules, asFen(9_999))).toBe(0);
    expect(bonusFor(rules, asFen(10_000))).toBe(500);
    expect(bonusFor(rules, asFen(49_999))).toBe(500);
    expect(bonusFor(rules, asFen(80_000))).toBe(5_000);
    expect(bonusFor([], asFen(80_000))).toBe(0);
  });

  it('finds the largest top-up that fits with its bonus in what a card may still hold', () => {
    expect(largestTopUp([], asFen(1_234))).toBe(1_234);
    expect(largestTopUp(rules, asFen(9_999))).toBe(9_999);
    // 10 000 would earn 500: the most is the 9 999 just below the rule.
    expect(largestTopUp(rules, asFen(10_200))).toBe(9_999);
    expect(largestTopUp(rules, asFen(20_000))).toBe(19_500);
    // 50 000 earns 5 000 and does not fit in 54 000; 49 999 with its 500 does.
    expect(largestTopUp(rules, asFen(54_000))).toBe(49_999);
    expect(largestTopUp(rules, asFen(100_000))).toBe(95_000);
    for (let room = 0; room <= 60_000; room += 137) {
      const most = largestTopUp(rules, asFen(room));
      if (most > 0) expect(most + bonusFor(rules, most)).toBeLessThanOrEqual(room);
      expect(most + 1 + bonusFor(rules, asFen(most + 1))).toBeGreaterThan(room);
    }
  });
});
