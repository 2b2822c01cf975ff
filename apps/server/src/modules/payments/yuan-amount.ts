import { asFen, type Fen } from '@water/contract/money';

/**
 * Alipay's amounts are yuan in text with at most two decimals ("1.50", "88", "0.01"). They are
 * converted to and from whole fen on the digits themselves, never through a float, and a text
 * that is not such an amount (negative, three decimals, exponent, spaces) is refused, not rounded.
 */
const YUAN_TEXT = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;

/** Fen of a yuan text, or undefined when the text is not an exact amount in yuan. */
export function fenOfYuanText(text: string): Fen | undefined {
  const match = YUAN_TEXT.exec(text);
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return asFen(Number(whole) * 100 + Number(fraction.padEnd(2, '0')));
}

/** A whole, non-negative number of fen as yuan text with two decimals: 150 → "1.50", 5 → "0.05". */
export function yuanTextOfFen(fen: Fen): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not a whole number of fen: ${fen}`);
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
