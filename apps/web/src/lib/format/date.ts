/** Spec §9: year-month-day hour:minute:second, zero-padded. */
export const DEFAULT_DATE_PATTERN = '{y}-{m}-{d} {h}:{i}:{s}';

/** `{a}` gives the weekday in Chinese, Sunday first, as the original console did. */
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

export type TimeInput = Date | number | string | null | undefined;

function toDate(time: Exclude<TimeInput, null | undefined>): Date {
  if (time instanceof Date) return time;
  let value: string | number = time;
  if (typeof value === 'string' && /^\d+$/.test(value)) value = Number(value);
  // A ten-digit timestamp is in seconds (spec §9).
  if (typeof value === 'number' && Number.isInteger(value) && String(Math.abs(value)).length === 10) {
    value *= 1000;
  }
  // The server's `yyyy-MM-dd HH:mm:ss` is local time; the ISO form with a T parses everywhere.
  if (typeof value === 'string') value = value.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})/, '$1T$2');
  return new Date(value);
}

/**
 * Formats a time with `{y} {m} {d} {h} {i} {s} {a}` placeholders. Empty input gives ''; an
 * unreadable one gives '' too rather than "NaN-NaN".
 */
export function formatTime(time: TimeInput, pattern = DEFAULT_DATE_PATTERN): string {
  if (time === null || time === undefined || time === '' || time === 'null') return '';
  const date = toDate(time);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return pattern.replace(/\{([ymdhisa])\}/g, (_match, key: string) => {
    const value = parts[key] as number;
    if (key === 'a') return WEEKDAYS[value] as string;
    return String(value).padStart(2, '0');
  });
}
