import { describe, expect, it } from 'vitest';
import { assertDictNames, dictLabels, toDictItems, toDictValue } from './dict-items.ts';

describe('dictionary values', () => {
  it('turn numeric-looking values into numbers', () => {
    expect(toDictValue('1')).toBe(1);
    expect(toDictValue('0')).toBe(0);
    expect(toDictValue('-2.5')).toBe(-2.5);
    expect(toDictValue('42')).toBe(42);
  });

  it('leave everything else as it was sent', () => {
    for (const value of ['true', 'false', '', ' 1', '007', '1.50', '1e3', '0x10', 'abc', '12345678901234567890']) {
      expect(toDictValue(value)).toBe(value);
    }
  });

  it('turn an answer into items and labels by value', () => {
    const items = toDictItems([
      { id: 1, dict: { id: 1 }, label: 'Active', value: 'true', dictSort: 1 },
      { id: 2, dict: { id: 1 }, label: 'Level one', value: '1', dictSort: 2 },
    ]);
    expect(items).toEqual([
      { id: 1, label: 'Active', value: 'true', dictSort: 1 },
      { id: 2, label: 'Level one', value: 1, dictSort: 2 },
    ]);
    expect(dictLabels(items)).toEqual({ true: 'Active', 1: 'Level one' });
  });

  it('need at least one dictionary name', () => {
    expect(() => assertDictNames([])).toThrow('need Dict names');
    expect(() => assertDictNames([''])).toThrow('need Dict names');
    expect(() => assertDictNames(['user_status'])).not.toThrow();
  });
});
