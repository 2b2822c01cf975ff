import { asFen } from '@water/contract/money';
import { describe, expect, it } from 'vitest';
import { fenToYuan, formatFen, yuanToFen } from './money.ts';

describe('formatFen', () => {
  it('shows fen as yuan with the currency, in the console’s language', () => {
    expect(formatFen(asFen(123450), 'en')).toBe('CN¥1,234.50');
    expect(formatFen(asFen(123450), 'zh-CN')).toBe('¥1,234.50');
    expect(formatFen(asFen(7), 'zh-CN')).toBe('¥0.07');
    expect(formatFen(asFen(0), 'en')).toBe('CN¥0.00');
  });

  it('shows a negative amount (a net loss) with its sign', () => {
    expect(formatFen(asFen(-1230), 'en')).toBe('-CN¥12.30');
    expect(formatFen(asFen(-5), 'zh-CN')).toBe('-¥0.05');
  });

  it('shows large amounts to the fen', () => {
    expect(formatFen(asFen(Number.MAX_SAFE_INTEGER), 'en')).toBe('CN¥90,071,992,547,409.91');
  });
});

describe('fenToYuan', () => {
  it('shows fen as the yuan an input holds, always with two decimals', () => {
    expect(fenToYuan(asFen(1230))).toBe('12.30');
    expect(fenToYuan(asFen(0))).toBe('0.00');
    expect(fenToYuan(asFen(7))).toBe('0.07');
    expect(fenToYuan(asFen(30000))).toBe('300.00');
    expect(fenToYuan(asFen(-5))).toBe('-0.05');
    expect(fenToYuan(asFen(-1230))).toBe('-12.30');
  });

  it('refuses what is not a whole number of fen', () => {
    expect(() => fenToYuan(asFen(12.5))).toThrow(RangeError);
    expect(() => fenToYuan(asFen(Number.NaN))).toThrow(RangeError);
  });

  it('is exact where floating point is not', () => {
    // 10 + 20 fen: as yuan, 0.1 + 0.2 is 0.30000000000000004.
    expect(fenToYuan(asFen(10 + 20))).toBe('0.30');
    expect(fenToYuan(asFen(Number.MAX_SAFE_INTEGER))).toBe('90071992547409.91');
  });
});

describe('yuanToFen', () => {
  it('reads typed yuan as whole fen', () => {
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('12.30')).toBe(1230);
    expect(yuanToFen('300')).toBe(30000);
    expect(yuanToFen(' 0.07 ')).toBe(7);
    expect(yuanToFen('.5')).toBe(50);
    expect(yuanToFen('1.050')).toBe(105);
  });

  it('reads zero as zero fen', () => {
    expect(yuanToFen('0')).toBe(0);
    expect(yuanToFen('0.00')).toBe(0);
    expect(Object.is(yuanToFen('-0'), 0)).toBe(true);
  });

  it('is exact where floating point is not', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(yuanToFen('0.29')).toBe(29);
    expect(1.13 * 100).not.toBe(113);
    expect(yuanToFen('1.13')).toBe(113);
    // Whole fen add up where yuan in floating point do not (0.1 + 0.2 is not 0.3).
    expect((yuanToFen('0.1') ?? 0) + (yuanToFen('0.2') ?? 0)).toBe(yuanToFen('0.3'));
  });

  it('reads large amounts exactly, up to what a number holds', () => {
    expect(yuanToFen('100000000')).toBe(10_000_000_000);
    expect(yuanToFen('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => yuanToFen('90071992547409.92')).toThrow(RangeError);
  });

  it('takes nothing typed as no amount', () => {
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen('   ')).toBeNull();
    expect(yuanToFen(null)).toBeNull();
    expect(yuanToFen(undefined)).toBeNull();
  });

  it('refuses digits past the fen rather than rounding them', () => {
    // Floating point would make 100 of it (1.005 * 100 is 100.49999999999999).
    expect(() => yuanToFen('1.005')).toThrow(RangeError);
    expect(() => yuanToFen('0.001')).toThrow(RangeError);
  });

  it('refuses negative amounts and what is not a number', () => {
    expect(() => yuanToFen('-1')).toThrow(RangeError);
    expect(() => yuanToFen('-0.01')).toThrow(RangeError);
    for (const text of ['abc', '1,000', '1e3', '0x10', 'Infinity', 'NaN', '1.2.3', '.', '-', '¥5', '+1']) {
      expect(() => yuanToFen(text), text).toThrow(RangeError);
    }
  });
});
