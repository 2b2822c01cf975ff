import type { FigurePeriod, PeriodFigures } from '@water/contract/sales-figures';
import dayjs from 'dayjs';
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fenOf } from '../../db/columns.ts';
import { salesDaily } from './sales.schema.ts';

const DAY = 'YYYY-MM-DD';

/** The first days of today's week (Monday) and month, and today (`yyyy-MM-dd`, the server's time zone). */
export interface PeriodDays {
  today: string;
  weekStart: string;
  monthStart: string;
}

export function periodDays(now: Date): PeriodDays {
  const today = dayjs(now);
  return {
    today: today.format(DAY),
    weekStart: today.subtract((today.day() + 6) % 7, 'day').format(DAY),
    monthStart: today.startOf('month').format(DAY),
  };
}

/** The days of a period, both included. */
export function daysOf(period: FigurePeriod, days: PeriodDays): { from: string; to: string } {
  const from = period === 'TODAY' ? days.today : period === 'WEEK' ? days.weekStart : days.monthStart;
  return { from, to: days.today };
}

/** What the figures are per: the roll-ups' agent, site or machine. */
export type FiguresBy = 'agent' | 'site' | 'machine';

const keyOf = (by: FiguresBy) =>
  by === 'agent' ? salesDaily.agentId : by === 'site' ? salesDaily.siteId : salesDaily.machineId;

/** Rows of the roll-ups of these agents (null: every agent); none for an empty list. */
export function ofAgents(agentIds: readonly number[] | null) {
  return agentIds === null ? undefined : inArray(salesDaily.agentId, agentIds.length > 0 ? [...agentIds] : [0]);
}

const sumSince = (column: typeof salesDaily.orders | typeof salesDaily.dispensedMl, since: string) =>
  sql`coalesce(sum(${column}) FILTER (WHERE ${salesDaily.day} >= ${since}), 0)::bigint`.mapWith(Number);
const netSince = (since: string) =>
  sql`coalesce(sum(${salesDaily.paid} - ${salesDaily.refunded}) FILTER (WHERE ${salesDaily.day} >= ${since}), 0)::bigint`.mapWith(
    fenOf,
  );

const NO_FIGURES = {
  todayNet: fenOf(0),
  todayOrders: 0,
  todayMl: 0,
  weekNet: fenOf(0),
  weekOrders: 0,
  weekMl: 0,
  monthNet: fenOf(0),
  monthOrders: 0,
  monthMl: 0,
};

/**
 * The sales of today, this week and this month of each agent, site or machine named, from the
 * daily roll-ups, counting only the sales of `agentIds` (the caller's reach; null: every agent).
 * Those without a sale get zeros.
 */
export async function periodFiguresOf(
  db: Database,
  by: FiguresBy,
  ids: readonly number[],
  agentIds: readonly number[] | null,
  days: PeriodDays,
): Promise<Map<number, Required<PeriodFigures>>> {
  const figures = new Map<number, Required<PeriodFigures>>();
  if (ids.length === 0) return figures;
  const key = keyOf(by);
  const since = days.weekStart < days.monthStart ? days.weekStart : days.monthStart;
  const rows = await db
    .select({
      id: sql<number>`${key}`.mapWith(Number),
      todayNet: netSince(days.today),
      todayOrders: sumSince(salesDaily.orders, days.today),
      todayMl: sumSince(salesDaily.dispensedMl, days.today),
      weekNet: netSince(days.weekStart),
      weekOrders: sumSince(salesDaily.orders, days.weekStart),
      weekMl: sumSince(salesDaily.dispensedMl, days.weekStart),
      monthNet: netSince(days.monthStart),
      monthOrders: sumSince(salesDaily.orders, days.monthStart),
      monthMl: sumSince(salesDaily.dispensedMl, days.monthStart),
    })
    .from(salesDaily)
    .where(and(inArray(key, [...ids]), gte(salesDaily.day, since), lte(salesDaily.day, days.today), ofAgents(agentIds)))
    .groupBy(key);
  const byId = new Map(rows.map(({ id, ...row }) => [id, row]));
  for (const id of ids) figures.set(id, byId.get(id) ?? NO_FIGURES);
  return figures;
}

/** Records with their figures beside them, in their order. */
export async function withPeriodFigures<Row extends { id: number }>(
  db: Database,
  by: FiguresBy,
  rows: readonly Row[],
  agentIds: readonly number[] | null,
  now: Date,
): Promise<(Row & Required<PeriodFigures>)[]> {
  const figures = await periodFiguresOf(
    db,
    by,
    rows.map((row) => row.id),
    agentIds,
    periodDays(now),
  );
  return rows.map((row) => ({ ...row, ...(figures.get(row.id) ?? NO_FIGURES) }));
}
