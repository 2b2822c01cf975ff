import { describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from './fixed-point.ts';

describe('formatUnits', () => {
  it('moves the decimal point into the digits', () => {
    expect(formatUnits(1230, 2)).toBe('12.30');
    expect(formatUnits(7, 2)).toBe('0.07');
    expect(formatUnits(1500, 3)).toBe('1.500');
    expect(formatUnits(42, 0)).toBe('42');
    expect(formatUnits(-5, 2)).toBe('-0.05');
  });

  it('drops trailing zeros when asked', () => {
    expect(formatUnits(1500, 3, { trimZeros: true })).toBe('1.5');
    expect(formatUnits(2000, 3, { trimZeros: true })).toBe('2');
    expect(formatUnits(10000, 2, { trimZeros: true })).toBe('100');
    expect(formatUnits(0, 2, { trimZeros: true })).toBe('0');
  });

  it('refuses what is not a whole number of units', () => {
    expect(() => formatUnits(12.5, 2)).toThrow(RangeError);
    expect(() => formatUnits(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
  });
});

describe('parseUnits', () => {
  it('reads typed text as whole units', () => {
    expect(parseUnits('1.5', 3)).toBe(1500);
    expect(parseUnits('0.001', 3)).toBe(1);
    expect(parseUnits('12', 0)).toBe(12);
    expect(parseUnits('12.0', 0)).toBe(12);
  });

  it('refuses more decimals than the unit has, and what is not a number', () => {
    expect(() => parseUnits('0.0015', 3)).toThrow(RangeError);
    expect(() => parseUnits('12.5', 0)).toThrow(RangeError);
    expect(() => parseUnits('1e3', 3)).toThrow(RangeError);
  });
});
