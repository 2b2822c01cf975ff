import Decimal from 'decimal.js';

type Operand = number | string;

/** Exact decimal arithmetic (spec §9): 0.1 + 0.2 is 0.3 here. */
export function add(a: Operand, b: Operand): number {
  return new Decimal(a).plus(b).toNumber();
}

export function subtract(a: Operand, b: Operand): number {
  return new Decimal(a).minus(b).toNumber();
}

export function multiply(a: Operand, b: Operand): number {
  return new Decimal(a).times(b).toNumber();
}

/** Throws on division by zero rather than returning Infinity into a price. */
export function divide(a: Operand, b: Operand): number {
  const divisor = new Decimal(b);
  if (divisor.isZero()) throw new RangeError('Division by zero');
  return new Decimal(a).dividedBy(divisor).toNumber();
}
