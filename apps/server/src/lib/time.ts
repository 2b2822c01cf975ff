import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

/** The time format on the wire, in the server's time zone (TZ). */
export const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';
const WIRE_DAY = 'YYYY-MM-DD';

/** Formats a time as `yyyy-MM-dd HH:mm:ss` in the server's time zone, as on the wire. */
export function formatDateTime(date: Date | null | undefined): string | null {
  return date ? dayjs(date).format(WIRE_TIME) : null;
}

/** `yyyy-MM-dd` of a time in the server's time zone. */
export function formatDay(date: Date): string {
  return dayjs(date).format(WIRE_DAY);
}

/** The first moment of the day `days` days before (negative) or after the day of `date`. */
export function startOfDay(date: Date, days = 0): Date {
  return dayjs(date).startOf('day').add(days, 'day').toDate();
}

/**
 * A `yyyy-MM-dd[ HH:mm:ss]` time from the wire, or undefined when it is not a real one. As the
 * end of a range it means the first moment after it: a bare date includes its whole day.
 */
export function parseWireTime(value: string, endOfRange: boolean): Date | undefined {
  const text = value.trim();
  const dateOnly = text.length === WIRE_DAY.length;
  const parsed = dayjs(text, dateOnly ? WIRE_DAY : WIRE_TIME, true);
  if (!parsed.isValid()) return undefined;
  if (!endOfRange) return parsed.toDate();
  return parsed.add(1, dateOnly ? 'day' : 'second').toDate();
}

/** Whether a `yyyy-MM-dd` names a day of the calendar (2026-02-30 does not). */
export function isRealDay(value: string): boolean {
  return dayjs(value, WIRE_DAY, true).isValid();
}

/** The app's clock; tests replace it to move time forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
