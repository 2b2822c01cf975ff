import { describe, expect, it } from 'vitest';
import { add, divide, multiply, subtract } from './decimal.ts';

describe('exact decimal arithmetic', () => {
  it('adds and subtracts without floating-point error', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(add(0.1, 0.2)).toBe(0.3);
    expect(subtract(0.3, 0.1)).toBe(0.2);
    expect(add('19.99', '0.01')).toBe(20);
  });

  it('multiplies and divides without floating-point error', () => {
    expect(multiply(1.1, 3)).toBe(3.3);
    expect(multiply(19.9, 100)).toBe(1990);
    expect(divide(0.3, 0.1)).toBe(3);
    expect(divide(1, 4)).toBe(0.25);
  });

  it('refuses to divide by zero', () => {
    expect(() => divide(1, 0)).toThrow('Division by zero');
  });
});
