import type { Dayjs } from 'dayjs';

/** The value of an antd RangePicker: two days, either possibly cleared. */
export type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;

/**
 * A picked range of days as the server's `createTime` filter: from the start of the first day to
 * the end of the last, `yyyy-MM-dd HH:mm:ss`; nothing when the range is incomplete.
 */
export function createTimeFilter(range: DayRange): [string, string] | undefined {
  const [from, to] = range ?? [];
  if (!from || !to) return undefined;
  return [from.format('YYYY-MM-DD 00:00:00'), to.format('YYYY-MM-DD 23:59:59')];
}

/**
 * A picked range of moments (a picker with times) as a server's time filter: from the first
 * minute's start to the last minute's end, `yyyy-MM-dd HH:mm:ss`; nothing when incomplete.
 */
export function timeRangeFilter(range: DayRange): [string, string] | undefined {
  const [from, to] = range ?? [];
  if (!from || !to) return undefined;
  return [from.format('YYYY-MM-DD HH:mm:00'), to.format('YYYY-MM-DD HH:mm:59')];
}
