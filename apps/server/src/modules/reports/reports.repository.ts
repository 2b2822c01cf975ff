import type { ReportGrouping, ReportPeriod } from '@water/contract/reports';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fenOf } from '../../db/columns.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { machines } from '../machines/machines.read-model.ts';
import { salesDaily } from '../sales/sales.read-model.ts';
import { sites } from '../sites/sites.read-model.ts';
import { reportFiles, reportSchedules } from './reports.schema.ts';

/** The sums of the roll-ups (PostgreSQL answers bigints as text). */
const sums = {
  revenue: sql`coalesce(sum(${salesDaily.paid}), 0)::bigint`.mapWith(fenOf),
  refunded: sql`coalesce(sum(${salesDaily.refunded}), 0)::bigint`.mapWith(fenOf),
  orders: sql`coalesce(sum(${salesDaily.orders}), 0)::bigint`.mapWith(Number),
  dispensedMl: sql`coalesce(sum(${salesDaily.dispensedMl}), 0)::bigint`.mapWith(Number),
  coupon: sql`coalesce(sum(${salesDaily.coupon}), 0)::bigint`.mapWith(fenOf),
};

const keyOf = (by: ReportGrouping) =>
  by === 'agent'
    ? sql<string | null>`${salesDaily.agentId}::text`
    : by === 'site'
      ? sql<string | null>`${salesDaily.siteId}::text`
      : by === 'machine'
        ? sql<string | null>`${salesDaily.machineId}::text`
        : sql<string | null>`${salesDaily.channel}`;

const bucketOf = (period: ReportPeriod) =>
  period === 'DAY'
    ? sql<string>`to_char(${salesDaily.day}, 'YYYY-MM-DD')`
    : sql<string>`to_char(${salesDaily.day}, 'YYYY-MM')`;

function salesWhere(from: string, to: string, agentIds: readonly number[] | null): SQL | undefined {
  return and(
    gte(salesDaily.day, from),
    lte(salesDaily.day, to),
    agentIds === null ? undefined : inArray(salesDaily.agentId, agentIds.length > 0 ? [...agentIds] : [0]),
  );
}

export const reportsRepository = {
  /** The roll-ups of `from`..`to` summed per group (agent, site, machine or channel). */
  async salesByGroup(db: Database, by: ReportGrouping, from: string, to: string, agentIds: readonly number[] | null) {
    const key = keyOf(by);
    return db
      .select({ key, ...sums })
      .from(salesDaily)
      .where(salesWhere(from, to, agentIds))
      .groupBy(key);
  },

  /** The roll-ups of `from`..`to` summed per day or month. */
  async salesByPeriod(
    db: Database,
    period: ReportPeriod,
    from: string,
    to: string,
    agentIds: readonly number[] | null,
  ) {
    const bucket = bucketOf(period);
    return db
      .select({ period: bucket, ...sums })
      .from(salesDaily)
      .where(salesWhere(from, to, agentIds))
      .groupBy(bucket)
      .orderBy(bucket);
  },

  /** The names of the agents, sites or machines named by id (machines by serial number). */
  async names(db: Database, by: 'agent' | 'site' | 'machine', ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows =
      by === 'agent'
        ? await db
            .select({ id: agents.id, name: depts.name })
            .from(agents)
            .innerJoin(depts, eq(depts.id, agents.deptId))
            .where(inArray(agents.id, [...ids]))
        : by === 'site'
          ? await db
              .select({ id: sites.id, name: sites.name })
              .from(sites)
              .where(inArray(sites.id, [...ids]))
          : await db
              .select({ id: machines.id, name: machines.serialNo })
              .from(machines)
              .where(inArray(machines.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  async insertFile(db: Database, values: typeof reportFiles.$inferInsert) {
    const [row] = await db.insert(reportFiles).values(values).returning();
    if (!row) throw new Error('The report file could not be recorded');
    return row;
  },

  async updateFile(db: Database, id: number, values: Partial<typeof reportFiles.$inferInsert>) {
    await db.update(reportFiles).set(values).where(eq(reportFiles.id, id));
  },

  async fileById(db: Database, id: number) {
    const [row] = await db.select().from(reportFiles).where(eq(reportFiles.id, id));
    return row;
  },

  async schedules(db: Database, userId: number | null) {
    return db
      .select()
      .from(reportSchedules)
      .where(userId === null ? undefined : eq(reportSchedules.userId, userId))
      .orderBy(asc(reportSchedules.id));
  },

  async scheduleById(db: Database, id: number) {
    const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
    return row;
  },

  async enabledSchedules(db: Database) {
    return db.select().from(reportSchedules).where(eq(reportSchedules.enabled, true)).orderBy(desc(reportSchedules.id));
  },

  async insertSchedule(db: Database, values: typeof reportSchedules.$inferInsert) {
    const [row] = await db.insert(reportSchedules).values(values).returning();
    if (!row) throw new Error('The schedule could not be recorded');
    return row;
  },

  async updateSchedule(db: Database, id: number, values: Partial<typeof reportSchedules.$inferInsert>) {
    await db.update(reportSchedules).set(values).where(eq(reportSchedules.id, id));
  },

  async deleteSchedules(db: Database, ids: readonly number[]) {
    await db.delete(reportSchedules).where(inArray(reportSchedules.id, [...ids]));
  },
};
