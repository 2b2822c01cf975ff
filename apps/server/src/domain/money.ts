import { asFen, type Fen } from '@water/contract/money';
import Decimal from 'decimal.js';

/**
 * Money is kept in whole fen; rates are decimals. Each helper computes with decimal.js and
 * rounds half up to whole fen once, at its end.
 */
const Calc = Decimal.clone({ rounding: Decimal.ROUND_HALF_UP });

const toFen = (value: Decimal): Fen => asFen(value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber());

/** The price of `ml` millilitres at `fenPerLitre`. */
export function amountOf(fenPerLitre: Fen, ml: number): Fen {
  return toFen(new Calc(fenPerLitre).times(ml).dividedBy(1000));
}

/** `percent` % of an amount (`percent` as text, two decimals: `"12.50"`). */
export function percentOf(amount: Fen, percent: string): Fen {
  return toFen(new Calc(amount).times(percent).dividedBy(100));
}

/** The share `part / whole` of an amount (what a short fill delivered). */
export function shareOf(amount: Fen, part: number, whole: number): Fen {
  if (whole <= 0) return asFen(0);
  return toFen(new Calc(amount).times(part).dividedBy(whole));
}

/** Fen as yuan, for a sheet's cells (a number: 1234 → 12.34), exactly. */
export function yuanOf(fen: Fen): number {
  return new Decimal(fen).dividedBy(100).toNumber();
}

/** Fen as yuan in words of a message: 1234 → "12.34". */
export function yuanText(fen: Fen): string {
  return new Decimal(fen).dividedBy(100).toFixed(2);
}

const YUAN = /^-?\d+(\.\d+)?$/;

/**
 * An amount in yuan as a text of a channel's file (`"12.34"`, `"-0.01"`, `"0.01000"`) in fen,
 * rounded half up (away from zero) to whole fen; undefined when the text is not a number.
 */
export function fenOfYuan(text: string): Fen | undefined {
  if (!YUAN.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= 2 || /^\d\d0+$/.test(fraction)) {
    const fen = Number(whole.replace('-', '')) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
    return asFen(text.startsWith('-') && fen !== 0 ? -fen : fen);
  }
  return toFen(new Calc(text).times(100));
}
