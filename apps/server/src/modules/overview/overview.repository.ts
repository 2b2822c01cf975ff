import { asFen } from '@water/contract/money';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fenOf } from '../../db/columns.ts';
import { agents } from '../agents/agents.read-model.ts';
import { alarms } from '../alarms/alarms.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { machines } from '../machines/machines.read-model.ts';
import { salesDaily } from '../sales/sales.read-model.ts';
import { type FiguresBy, ofAgents } from '../sales/sales-figures.ts';
import { sites } from '../sites/sites.read-model.ts';

const inAgents = (column: Parameters<typeof inArray>[0], agentIds: readonly number[] | null): SQL | undefined =>
  agentIds === null ? undefined : inArray(column, agentIds.length > 0 ? [...agentIds] : [0]);

/** The sums of the roll-ups, shaped by the query (PostgreSQL answers bigints as text). */
const figures = {
  paid: sql`coalesce(sum(${salesDaily.paid}), 0)::bigint`.mapWith(fenOf),
  refunded: sql`coalesce(sum(${salesDaily.refunded}), 0)::bigint`.mapWith(fenOf),
  orders: sql`coalesce(sum(${salesDaily.orders}), 0)::bigint`.mapWith(Number),
  dispensedMl: sql`coalesce(sum(${salesDaily.dispensedMl}), 0)::bigint`.mapWith(Number),
  coupon: sql`coalesce(sum(${salesDaily.coupon}), 0)::bigint`.mapWith(fenOf),
};

export const overviewRepository = {
  /** Sales of the days from `from` to `to` (both included, `yyyy-MM-dd`). */
  async sales(db: Database, agentIds: readonly number[] | null, from: string, to: string) {
    const [row] = await db
      .select(figures)
      .from(salesDaily)
      .where(and(inAgents(salesDaily.agentId, agentIds), gte(salesDaily.day, from), lte(salesDaily.day, to)));
    return row ?? { paid: asFen(0), refunded: asFen(0), orders: 0, dispensedMl: 0, coupon: asFen(0) };
  },

  async daily(db: Database, agentIds: readonly number[] | null, from: string, to: string) {
    const rows = await db
      .select({ day: salesDaily.day, ...figures })
      .from(salesDaily)
      .where(and(inAgents(salesDaily.agentId, agentIds), gte(salesDaily.day, from), lte(salesDaily.day, to)))
      .groupBy(salesDaily.day);
    return rows;
  },

  async paymentMix(db: Database, agentIds: readonly number[] | null, from: string, to: string) {
    const rows = await db
      .select({ channel: salesDaily.channel, paid: figures.paid, orders: figures.orders })
      .from(salesDaily)
      .where(and(inAgents(salesDaily.agentId, agentIds), gte(salesDaily.day, from), lte(salesDaily.day, to)))
      .groupBy(salesDaily.channel);
    return rows;
  },

  /**
   * The `limit` best (or worst) operating machines or open sites by net sales of the period;
   * machines and sites without a sale count 0. One pass over the period's roll-ups.
   */
  async ranked(
    db: Database,
    agentIds: readonly number[] | null,
    kind: 'machines' | 'sites',
    from: string,
    to: string,
    order: 'best' | 'worst',
    limit: number,
  ) {
    const key = kind === 'machines' ? salesDaily.machineId : salesDaily.siteId;
    const totals = db
      .select({
        id: sql<number>`${key}`.as('ranked_id'),
        net: sql<number>`sum(${salesDaily.paid} - ${salesDaily.refunded})`.as('net'),
      })
      .from(salesDaily)
      .where(and(inAgents(salesDaily.agentId, agentIds), gte(salesDaily.day, from), lte(salesDaily.day, to)))
      .groupBy(key)
      .as('totals');
    const net = sql`coalesce(${totals.net}, 0)::bigint`.mapWith(fenOf);
    const direction = order === 'best' ? desc(net) : asc(net);
    return kind === 'machines'
      ? await db
          .select({ id: machines.id, name: machines.serialNo, net })
          .from(machines)
          .leftJoin(totals, eq(totals.id, machines.id))
          .where(and(inAgents(machines.agentId, agentIds), eq(machines.lifecycle, 'OPERATING')))
          .orderBy(direction, asc(machines.id))
          .limit(limit)
      : await db
          .select({ id: sites.id, name: sites.name, net })
          .from(sites)
          .leftJoin(totals, eq(totals.id, sites.id))
          .where(and(inAgents(sites.agentId, agentIds), eq(sites.status, 'ACTIVE')))
          .orderBy(direction, asc(sites.id))
          .limit(limit);
  },

  /**
   * The `limit` agents, sites or machines with the most net sales from `from` to `to` (both
   * included), among those that sold or refunded anything then: one pass over the roll-ups.
   */
  async top(
    db: Database,
    agentIds: readonly number[] | null,
    by: FiguresBy,
    days: { from: string; to: string },
    limit: number,
  ) {
    const key = by === 'agent' ? salesDaily.agentId : by === 'site' ? salesDaily.siteId : salesDaily.machineId;
    const totals = db
      .select({
        id: sql<number>`${key}`.as('top_id'),
        net: sql<number>`sum(${salesDaily.paid} - ${salesDaily.refunded})`.as('top_net'),
        orders: sql<number>`sum(${salesDaily.orders})`.as('top_orders'),
        dispensedMl: sql<number>`sum(${salesDaily.dispensedMl})`.as('top_ml'),
      })
      .from(salesDaily)
      .where(
        and(ofAgents(agentIds), sql`${key} IS NOT NULL`, gte(salesDaily.day, days.from), lte(salesDaily.day, days.to)),
      )
      .groupBy(key)
      .having(sql`sum(${salesDaily.orders}) > 0 OR sum(${salesDaily.paid}) > 0 OR sum(${salesDaily.refunded}) > 0`)
      .orderBy(sql`top_net DESC`, sql`top_id`)
      .limit(limit)
      .as('totals');
    const name =
      by === 'agent'
        ? sql<string>`(SELECT d.name FROM ${agents} a JOIN ${depts} d ON d.id = a.dept_id WHERE a.id = ${totals.id})`
        : by === 'site'
          ? sql<string>`(SELECT s.name FROM ${sites} s WHERE s.id = ${totals.id})`
          : sql<string>`(SELECT m.serial_no FROM ${machines} m WHERE m.id = ${totals.id})`;
    const net = sql`${totals.net}::bigint`.mapWith(fenOf);
    return db
      .select({
        id: totals.id,
        name,
        net,
        orders: sql`${totals.orders}::bigint`.mapWith(Number),
        dispensedMl: sql`${totals.dispensedMl}::bigint`.mapWith(Number),
      })
      .from(totals)
      .orderBy(desc(net), asc(totals.id));
  },

  async machineHealth(db: Database, agentIds: readonly number[] | null) {
    const [row] = await db
      .select({
        operating: count(),
        online: sql`count(*) FILTER (WHERE ${machines.online})`.mapWith(Number),
        faulty: sql`count(*) FILTER (WHERE ${machines.faultBits} <> 0)`.mapWith(Number),
      })
      .from(machines)
      .where(and(inAgents(machines.agentId, agentIds), eq(machines.lifecycle, 'OPERATING')));
    return row ?? { operating: 0, online: 0, faulty: 0 };
  },

  async openAlarms(db: Database, agentIds: readonly number[] | null) {
    const [row] = await db
      .select({ n: count() })
      .from(alarms)
      .where(and(inAgents(alarms.agentId, agentIds), ne(alarms.state, 'RESOLVED')));
    return row?.n ?? 0;
  },
};
