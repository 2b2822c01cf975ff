import type { PeriodKind } from '@water/contract/ledger';
import dayjs from 'dayjs';
import { invalidField } from '../lib/http-errors.ts';

/** A period's kind and days: `2026-11` is the month, `2026-11-05` the day. */
export function periodOf(period: string, field = 'period'): { kind: PeriodKind; firstDay: string; lastDay: string } {
  const isDay = period.length === 10;
  const first = dayjs(isDay ? period : `${period}-01`, 'YYYY-MM-DD', true);
  if (!first.isValid() || first.format(isDay ? 'YYYY-MM-DD' : 'YYYY-MM') !== period) {
    throw invalidField(field, `${period} is not a day (yyyy-MM-dd) or a month (yyyy-MM)`, 'format');
  }
  return isDay
    ? { kind: 'DAY', firstDay: period, lastDay: period }
    : { kind: 'MONTH', firstDay: first.format('YYYY-MM-DD'), lastDay: first.endOf('month').format('YYYY-MM-DD') };
}

/** The moments a period spans in the server's time zone: its first day's start, and the next day's. */
export function periodSpan(period: string): { from: Date; to: Date } {
  const { firstDay, lastDay } = periodOf(period);
  return { from: dayjs(firstDay).toDate(), to: dayjs(lastDay).add(1, 'day').toDate() };
}
