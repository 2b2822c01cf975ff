import { and, asc, desc, eq, gte, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents } from '../agents/agents.read-model.ts';
import { alarms } from '../alarms/alarms.read-model.ts';
import { machineSettings } from '../commands/commands.read-model.ts';
import { filterInstalls } from '../filters/filters.read-model.ts';
import { machineModels, machines, stickerIs } from '../machines/machines.read-model.ts';
import { orders } from '../orders/orders.read-model.ts';
import { sites } from '../sites/sites.read-model.ts';
import { workOrders } from '../workorders/workorders.read-model.ts';
import { consumerReports } from './consumer.schema.ts';

/** Lifecycles of a machine installed at a site: its page answers; any other is unknown to consumers. */
const INSTALLED = ['OPERATING', 'SUSPENDED'] as const;

export type PublicMachineRow = NonNullable<Awaited<ReturnType<typeof consumerRepository.machineByCode>>>;
export type ReportRecord = typeof consumerReports.$inferSelect;

export const consumerRepository = {
  /** An installed machine by its sticker code (any case), with its model, site and whether it is locked. */
  async machineByCode(db: Database, code: string) {
    const [row] = await db
      .select({
        id: machines.id,
        serialNo: machines.serialNo,
        stickerCode: machines.stickerCode,
        modelId: machines.modelId,
        agentId: machines.agentId,
        siteId: machines.siteId,
        lifecycle: machines.lifecycle,
        online: machines.online,
        faultBits: machines.faultBits,
        tdsOut: machines.tdsOut,
        lastHeartbeat: machines.lastHeartbeat,
        modelName: machineModels.name,
        taps: machineModels.taps,
        waterTypes: machineModels.waterTypes,
        billing: machineModels.billing,
        siteName: sites.name,
        province: sites.province,
        city: sites.city,
        district: sites.district,
        address: sites.address,
        maintenance: sql<boolean>`coalesce((${machineSettings.desired}->>'maintenance')::boolean, false)`,
      })
      .from(machines)
      .innerJoin(machineModels, eq(machineModels.id, machines.modelId))
      .innerJoin(sites, eq(sites.id, machines.siteId))
      .leftJoin(machineSettings, eq(machineSettings.machineId, machines.id))
      .where(and(stickerIs(code), inArray(machines.lifecycle, [...INSTALLED])))
      .limit(1);
    return row;
  },

  /** Machines by id with what a sticker shows (any lifecycle: stickers are printed before installation). */
  async stickersOf(db: Database, ids: readonly number[]) {
    return db
      .select({ id: machines.id, stickerCode: machines.stickerCode, agentId: machines.agentId, deptId: agents.deptId })
      .from(machines)
      .leftJoin(agents, eq(agents.id, machines.agentId))
      .where(inArray(machines.id, [...ids]))
      .orderBy(asc(machines.id));
  },

  /** When a filter was last fitted on the machine: recorded by the filters module, or a filter change done. */
  async filtersChangedAt(db: Database, machineId: number): Promise<Date | null> {
    const [[fitted], [changed]] = await Promise.all([
      db
        .select({ at: max(filterInstalls.installedTime) })
        .from(filterInstalls)
        .where(eq(filterInstalls.machineId, machineId)),
      db
        .select({ at: max(workOrders.doneTime) })
        .from(workOrders)
        .where(
          and(
            eq(workOrders.machineId, machineId),
            eq(workOrders.type, 'FILTER_CHANGE'),
            eq(workOrders.state, 'DONE'),
            isNotNull(workOrders.doneTime),
          ),
        ),
    ]);
    const times = [fitted?.at, changed?.at].filter((at): at is Date => at instanceof Date);
    return times.length === 0 ? null : new Date(Math.max(...times.map((at) => at.getTime())));
  },

  /** Whether the order is one of the machine's, made since then. */
  async orderOfMachineSince(db: Database, orderNo: string, machineId: number, since: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.orderNo, orderNo), eq(orders.machineId, machineId), gte(orders.createTime, since)))
      .limit(1);
    return row !== undefined;
  },

  async addReport(db: Database, report: typeof consumerReports.$inferInsert): Promise<void> {
    await db.insert(consumerReports).values(report);
  },

  /** The alarm with the department of its agent (null: the company's), to check the reader's scope. */
  async alarmScope(db: Database, alarmId: number) {
    const [row] = await db
      .select({ id: alarms.id, deptId: agents.deptId })
      .from(alarms)
      .leftJoin(agents, eq(agents.id, alarms.agentId))
      .where(eq(alarms.id, alarmId));
    return row;
  },

  async reportsOfAlarm(db: Database, alarmId: number): Promise<ReportRecord[]> {
    return db
      .select()
      .from(consumerReports)
      .where(eq(consumerReports.alarmId, alarmId))
      .orderBy(desc(consumerReports.createTime), desc(consumerReports.id));
  },

  /** The reports naming an order, with the department of their alarm's agent (null: the company's). */
  async reportsOfOrder(db: Database, orderNo: string) {
    return db
      .select({
        reportNo: consumerReports.reportNo,
        alarmId: consumerReports.alarmId,
        category: consumerReports.category,
        createTime: consumerReports.createTime,
        deptId: agents.deptId,
      })
      .from(consumerReports)
      .innerJoin(alarms, eq(alarms.id, consumerReports.alarmId))
      .leftJoin(agents, eq(agents.id, alarms.agentId))
      .where(eq(consumerReports.orderNo, orderNo))
      .orderBy(asc(consumerReports.createTime), asc(consumerReports.id));
  },

  async reportOfAlarm(db: Database, alarmId: number, reportNo: string): Promise<ReportRecord | undefined> {
    const [row] = await db
      .select()
      .from(consumerReports)
      .where(and(eq(consumerReports.alarmId, alarmId), eq(consumerReports.reportNo, reportNo)));
    return row;
  },
};
