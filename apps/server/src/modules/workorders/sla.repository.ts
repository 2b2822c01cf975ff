import type { BusinessHours, SlaTarget } from '@water/contract/sla';
import { OPEN_WORK_ORDER_STATES } from '@water/contract/work-orders';
import { and, asc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { machines } from '../machines/machines.read-model.ts';
import { sites } from '../sites/sites.read-model.ts';
import { users } from '../users/users.read-model.ts';
import { slaBusinessHours, slaTargets, workOrderSteps, workOrders } from './workorders.schema.ts';

const clockColumns = {
  id: workOrders.id,
  machineId: workOrders.machineId,
  serialNo: machines.serialNo,
  agentId: workOrders.agentId,
  type: workOrders.type,
  priority: workOrders.priority,
  state: workOrders.state,
  createTime: workOrders.createTime,
  doneTime: workOrders.doneTime,
  technicianId: workOrders.technicianId,
  technicianName: users.nickName,
  slaResponseBreachTime: workOrders.slaResponseBreachTime,
  slaResolutionBreachTime: workOrders.slaResolutionBreachTime,
};

function clocked(db: Database) {
  return db
    .select(clockColumns)
    .from(workOrders)
    .innerJoin(machines, eq(machines.id, workOrders.machineId))
    .leftJoin(users, eq(users.id, workOrders.technicianId))
    .$dynamic();
}

/** SLA targets, business hours, and the orders their clocks are read for. */
export const slaRepository = {
  async targets(db: Database): Promise<SlaTarget[]> {
    return db
      .select({
        type: slaTargets.type,
        priority: slaTargets.priority,
        responseMinutes: slaTargets.responseMinutes,
        resolutionMinutes: slaTargets.resolutionMinutes,
        businessHours: slaTargets.businessHours,
      })
      .from(slaTargets);
  },

  async businessHours(db: Database): Promise<BusinessHours | undefined> {
    const [row] = await db.select().from(slaBusinessHours).where(eq(slaBusinessHours.id, 1));
    return row && { days: row.days, from: row.fromTime, to: row.toTime };
  },

  async saveTargets(db: Database, targets: readonly SlaTarget[], by: string, at: Date): Promise<void> {
    if (targets.length === 0) return;
    await db
      .insert(slaTargets)
      .values(targets.map((target) => ({ ...target, updateBy: by, updateTime: at })))
      .onConflictDoUpdate({
        target: [slaTargets.type, slaTargets.priority],
        set: {
          responseMinutes: sql`excluded.response_minutes`,
          resolutionMinutes: sql`excluded.resolution_minutes`,
          businessHours: sql`excluded.business_hours`,
          updateBy: by,
          updateTime: at,
        },
      });
  },

  async saveBusinessHours(db: Database, hours: BusinessHours, by: string, at: Date): Promise<void> {
    const values = { days: hours.days, fromTime: hours.from, toTime: hours.to, updateBy: by, updateTime: at };
    await db
      .insert(slaBusinessHours)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: slaBusinessHours.id, set: values });
  },

  async order(db: Database, id: number) {
    const [row] = await clocked(db).where(eq(workOrders.id, id));
    return row;
  },

  /** Open orders with a stage still to fire: response while not accepted yet, resolution. */
  async sweepable(db: Database) {
    return clocked(db).where(
      and(
        inArray(workOrders.state, [...OPEN_WORK_ORDER_STATES]),
        or(
          and(isNull(workOrders.slaResponseBreachTime), inArray(workOrders.state, ['CREATED', 'ASSIGNED'])),
          isNull(workOrders.slaResolutionBreachTime),
        ),
      ),
    );
  },

  /** The steps of orders, in order, for their clocks. */
  async steps(db: Database, orderIds: readonly number[]) {
    if (orderIds.length === 0) return [];
    return db
      .select({ orderId: workOrderSteps.orderId, time: workOrderSteps.time, toState: workOrderSteps.toState })
      .from(workOrderSteps)
      .where(inArray(workOrderSteps.orderId, [...orderIds]))
      .orderBy(asc(workOrderSteps.orderId), asc(workOrderSteps.id));
  },

  /** Records a stage once (1: response, 2: resolution): false when it was recorded already. */
  async markBreach(db: Database, id: number, stage: 1 | 2, at: Date): Promise<boolean> {
    const column = stage === 1 ? workOrders.slaResponseBreachTime : workOrders.slaResolutionBreachTime;
    const rows = await db
      .update(workOrders)
      .set(stage === 1 ? { slaResponseBreachTime: at } : { slaResolutionBreachTime: at })
      .where(and(eq(workOrders.id, id), isNull(column)))
      .returning({ id: workOrders.id });
    return rows.length > 0;
  },

  async setBreachAlarm(db: Database, id: number, alarmId: number): Promise<void> {
    await db.update(workOrders).set({ slaAlarmId: alarmId }).where(eq(workOrders.id, id));
  },

  /** The orders created in [from, to) of the agents (null: all), cancelled ones left out, with where they are. */
  async reported(db: Database, agentIds: readonly number[] | null, from: Date, to: Date) {
    return db
      .select({
        ...clockColumns,
        agentName: depts.name,
        siteId: machines.siteId,
        siteName: sites.name,
      })
      .from(workOrders)
      .innerJoin(machines, eq(machines.id, workOrders.machineId))
      .leftJoin(users, eq(users.id, workOrders.technicianId))
      .leftJoin(agents, eq(agents.id, workOrders.agentId))
      .leftJoin(depts, eq(depts.id, agents.deptId))
      .leftJoin(sites, eq(sites.id, machines.siteId))
      .where(
        and(
          ne(workOrders.state, 'CANCELLED'),
          gte(workOrders.createTime, from),
          lt(workOrders.createTime, to),
          agentIds === null ? undefined : inArray(workOrders.agentId, agentIds.length > 0 ? [...agentIds] : [0]),
        ),
      );
  },
};

/** An order as its SLA clocks read it. */
export type ClockedOrder = Awaited<ReturnType<typeof slaRepository.sweepable>>[number];
