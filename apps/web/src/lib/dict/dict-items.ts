import type { DictDetail } from '@water/contract/dicts';

/** A dictionary entry as pages use it: numeric-looking values are numbers (spec §3). */
export interface DictItem {
  id: number;
  label: string;
  value: string | number;
  dictSort: number;
}

/**
 * `"1"` → 1, `"-2.5"` → -2.5; anything that would not read back the same as a number stays a
 * string (`"true"`, `"007"`, `"1e3"`, `""`, digits beyond the safe range), so no value is altered.
 */
export function toDictValue(value: string): string | number {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const number = Number(value);
  return String(number) === value ? number : value;
}

export function toDictItems(details: readonly DictDetail[]): DictItem[] {
  return details.map((detail) => ({
    id: detail.id,
    label: detail.label,
    value: toDictValue(detail.value),
    dictSort: detail.dictSort,
  }));
}

/** Label by value, for showing a stored value; keyed by the value's text so 1 and "1" agree. */
export function dictLabels(items: readonly DictItem[]): Record<string, string> {
  return Object.fromEntries(items.map((item) => [String(item.value), item.label]));
}

/** Spec §8: asking for no dictionary is a programming error. */
export function assertDictNames(names: readonly string[]): void {
  if (names.length === 0 || names.some((name) => typeof name !== 'string' || name.trim() === '')) {
    throw new Error('need Dict names');
  }
}
