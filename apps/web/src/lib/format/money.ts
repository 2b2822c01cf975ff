import { asFen, type Fen } from '@water/contract/money';
import { formatUnits, parseUnits } from './fixed-point.ts';

/**
 * Money travels on the wire as `Fen`, a whole number of fen (a hundredth of a yuan) marked as
 * such in its type. Every conversion between fen and yuan on the web is one of the three
 * functions below, exact for every safe integer (see fixed-point.ts).
 */
export type { Fen };

/** Fen as an amount input shows it: 1230 → "12.30", 7 → "0.07", -5 → "-0.05". */
export function fenToYuan(fen: Fen): string {
  return formatUnits(fen, 2);
}

/**
 * What staff typed into an amount input, as fen: "12.3" → 1230, "0.29" → 29 (not the 28.999…
 * of `0.29 * 100`). Nothing typed is `null` (the amount was left out: no member price, no
 * minimum spend); anything else that is not a whole number of fen from 0 up ("abc", "-1",
 * "1.005") throws a `RangeError` rather than being rounded or guessed at: the amount inputs,
 * with `min="0"` and `precision={2}`, never hand one over.
 */
export function yuanToFen(text: string | null | undefined): Fen | null {
  const fen = parseUnits(text, 2);
  return fen === null ? null : asFen(fen);
}

/**
 * An amount of integer fen as money in the console’s language: "CN¥1,234.50" (English),
 * "¥1,234.50" with Chinese grouping rules (中文). The formatter is given the yuan as exact
 * decimal text (a browser without Intl.NumberFormat v3 reads it as the nearest number, exact
 * to the fen below 70 trillion yuan).
 */
export function formatFen(fen: Fen, language: string): string {
  return formatterFor(language.startsWith('zh') ? 'zh-CN' : 'en-US').format(fenToYuan(fen) as `${number}`);
}

/** One formatter per locale: making one costs far more than formatting with it, and lists format many amounts. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' });
    formatters.set(locale, formatter);
  }
  return formatter;
}
