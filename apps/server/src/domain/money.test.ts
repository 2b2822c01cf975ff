import { asFen } from '@water/contract/money';
import { describe, expect, it } from 'vitest';
import { amountOf, fenOfYuan, percentOf, shareOf, yuanOf, yuanText } from './money.ts';

describe('money in fen', () => {
  it('prices water, takes percentages and shares, rounding half up to whole fen once', () => {
    expect(amountOf(asFen(45), 1500)).toBe(68); // 67.5 fen
    expect(percentOf(asFen(1001), '12.5')).toBe(125); // 125.125 fen
    expect(shareOf(asFen(100), 1, 3)).toBe(33);
    expect(shareOf(asFen(100), 1, 0)).toBe(0);
  });

  it('shows fen as yuan exactly, for sheets and messages', () => {
    expect(yuanOf(asFen(1234))).toBe(12.34);
    expect(yuanOf(asFen(7))).toBe(0.07);
    expect(yuanOf(asFen(-250))).toBe(-2.5);
    expect(yuanText(asFen(20))).toBe('0.20');
    expect(yuanText(asFen(123456789))).toBe('1234567.89');
  });
});

describe('fenOfYuan', () => {
  it('reads a channel’s amounts in yuan as whole fen, half up away from zero', () => {
    expect(fenOfYuan('12.34')).toBe(1234);
    expect(fenOfYuan('0.01')).toBe(1);
    expect(fenOfYuan('-0.01')).toBe(-1);
    expect(fenOfYuan('5')).toBe(500);
    expect(fenOfYuan('2.5')).toBe(250);
    expect(fenOfYuan('0.01000')).toBe(1);
    expect(fenOfYuan('0.00600')).toBe(1);
    expect(fenOfYuan('0.00499')).toBe(0);
    expect(fenOfYuan('-0.005')).toBe(-1);
    expect(fenOfYuan('0.00')).toBe(0);
  });

  it('refuses what is not a number', () => {
    for (const text of ['', '1,000.00', 'abc', '1.2.3', '¥1.00', ' 1.00']) expect(fenOfYuan(text)).toBeUndefined();
  });
});
