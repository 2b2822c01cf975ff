/**
 * Whole numbers of a small unit as the decimal text of a larger one, and back: fen and yuan
 * (2 places), ml and litres (3), hundredths of a percent and percent (2). The two differ by a
 * power of ten, so the decimal point moves in the digits themselves: exact for every safe
 * integer, with no floating point and no decimal library (decimal.js weighs 12.6 KB gzip on
 * every page that loads it).
 */

/** 1230 with 2 places → "12.30"; with `trimZeros`, 1500 with 3 places → "1.5" and 2000 → "2". */
export function formatUnits(units: number, places: number, { trimZeros = false } = {}): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`Not a whole number: ${units}`);
  const digits = String(Math.abs(units)).padStart(places + 1, '0');
  const cut = digits.length - places;
  const fraction = trimZeros ? digits.slice(cut).replace(/0+$/, '') : digits.slice(cut);
  return `${units < 0 ? '-' : ''}${digits.slice(0, cut)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * What was typed as a whole number of units: "12.3" with 2 places → 1230, "1.5" with 3 → 1500.
 *
 * Nothing typed (`''`, blanks, `null`, `undefined`) is `null`: the field was left out, and the
 * caller decides what that means.
 *
 * Anything else that is not a whole number of units from 0 up throws a `RangeError`: not a
 * number ("1e3" and "1,000" included), a negative, more decimals than `places` ("1.005" for
 * fen), more than a number holds exactly. The console's inputs (antd's `InputNumber` with a
 * `min` of 0 and a `precision`, which rounds half up as the field is left) never hand such a text
 * over, so one reaching here is a fault to show, not a value to guess at.
 */
export function parseUnits(text: string | null | undefined, places: number): number | null {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  const [match, sign, whole = '', fraction = ''] = /^(-?)(\d*)(?:\.(\d*))?$/.exec(trimmed) ?? [];
  if (!match || whole + fraction === '') throw new RangeError(`Not a number: "${text}"`);
  const decimals = fraction.replace(/0+$/, '');
  if (decimals.length > places) throw new RangeError(`More than ${places} decimals: "${text}"`);
  const units = Number(whole || '0') * 10 ** places + Number(decimals.padEnd(places, '0'));
  if (sign && units > 0) throw new RangeError(`A negative number: "${text}"`);
  if (!Number.isSafeInteger(units)) throw new RangeError(`Too large a number: "${text}"`);
  return units;
}
