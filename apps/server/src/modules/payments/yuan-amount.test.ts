import { asFen } from '@water/contract/money';
import { describe, expect, it } from 'vitest';
import { fenOfYuanText, yuanTextOfFen } from './yuan-amount.ts';

describe('yuan text ↔ fen', () => {
  it.each([
    ['0.01', 1],
    ['0.10', 10],
    ['0.1', 10],
    ['1.50', 150],
    ['88', 8800],
    ['88.88', 8888],
    ['0', 0],
    ['0.29', 29],
    ['1.15', 115],
    ['9999999999999.99', 999_999_999_999_999],
  ])('reads %s yuan as %i fen, exactly', (text, fen) => {
    expect(fenOfYuanText(text)).toBe(fen);
  });

  it.each([
    '',
    '1.',
    '.5',
    '1.505',
    '1.500',
    '-1.00',
    '+1.00',
    '01.00',
    '1e2',
    ' 1.00',
    '1.00 ',
    '1,00',
    'NaN',
    '١.٠٠',
  ])('refuses %j', (text) => {
    expect(fenOfYuanText(text)).toBeUndefined();
  });

  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [115, '1.15'],
    [8888, '88.88'],
    [100_000_000, '1000000.00'],
  ])('writes %i fen as %s', (fen, text) => {
    expect(yuanTextOfFen(asFen(fen))).toBe(text);
    expect(fenOfYuanText(text)).toBe(fen);
  });

  it('refuses to write what is not whole fen', () => {
    for (const fen of [1.5, -1, Number.NaN, 2 ** 53]) expect(() => yuanTextOfFen(asFen(fen))).toThrow(RangeError);
  });
});
