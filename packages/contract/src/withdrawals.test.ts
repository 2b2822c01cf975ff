import { describe, expect, it } from 'vitest';
import { asFen } from './money.ts';
import { withdrawalFee } from './withdrawals.ts';

describe('a withdrawal’s fee', () => {
  it('is the fixed fee plus the percentage of the amount, rounded half up to whole fen once', () => {
    expect(withdrawalFee(asFen(10_000), { feeFixed: asFen(0), feePercent: '0' })).toBe(0);
    expect(withdrawalFee(asFen(10_000), { feeFixed: asFen(200), feePercent: '0' })).toBe(200);
    // 0.6 % of CN¥100.00 is 60 fen exactly.
    expect(withdrawalFee(asFen(10_000), { feeFixed: asFen(0), feePercent: '0.6' })).toBe(60);
    // 0.6 % of 12,345 fen is 74.07 fen: 74; of 12,425 fen it is 74.55: 75; of 12,375 it is 74.25: 74.
    expect(withdrawalFee(asFen(12_345), { feeFixed: asFen(0), feePercent: '0.6' })).toBe(74);
    expect(withdrawalFee(asFen(12_425), { feeFixed: asFen(0), feePercent: '0.60' })).toBe(75);
    expect(withdrawalFee(asFen(12_375), { feeFixed: asFen(0), feePercent: '0.6' })).toBe(74);
    // A half fen rounds up: 1.25 % of 1,000 fen is 12.5 fen.
    expect(withdrawalFee(asFen(1_000), { feeFixed: asFen(100), feePercent: '1.25' })).toBe(113);
    expect(withdrawalFee(asFen(99_999_999), { feeFixed: asFen(0), feePercent: '99.99' })).toBe(99_989_999);
  });
});
