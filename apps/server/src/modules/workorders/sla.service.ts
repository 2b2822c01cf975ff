import {
  type BusinessHours,
  DEFAULT_BUSINESS_HOURS,
  defaultSlaTarget,
  SLA_REPORT_COLUMNS,
  type SlaClock,
  type SlaReportQuery,
  type SlaReportRow,
  type SlaSettings,
  type SlaTarget,
  type WorkOrderSla,
} from '@water/contract/sla';
import { WORK_ORDER_PRIORITIES, WORK_ORDER_TYPES, type WorkOrderType } from '@water/contract/work-orders';
import type { Database } from '../../db/client.ts';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { DomainEvents } from '../../lib/domain-events.ts';
import { invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import type { ListSheet } from '../../lib/list-sheet.ts';
import type { TextRef } from '../../lib/texts.ts';
import { formatDateTime, parseWireTime } from '../../lib/time.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import { type ClockedOrder, slaRepository as repo } from './sla.repository.ts';
import { acceptedAt, type ClockReading, type ClockStep, readClock } from './sla-clock.ts';
import type { WorkOrdersCore } from './work-orders-core.ts';

/** An order's SLA target passed: stage 1 its response, stage 2 its resolution (with the alarm raised). */
export interface SlaBreach {
  stage: 1 | 2;
  orderId: number;
  agentId: number | null;
  alarmId: number | null;
  says: TextRef;
}

/** Raises an alarm of the machine in the unit of work: its id, or null when one is open already. */
export type BreachAlarm = (
  tx: Database,
  machine: { id: number; serialNo: string; agentId: number | null },
  says: TextRef,
) => Promise<number | null>;

/** What the attainment counts are grouped by: the report's groupings, and machines (for reports by machine). */
export type AttainmentQuery = Omit<SlaReportQuery, 'by'> & { by: SlaReportQuery['by'] | 'machine' };

/** The longest range of days the report reads. */
const MAX_REPORT_DAYS = 366;
const MINUTE = 60_000;

interface Clocks {
  paused: boolean;
  businessHours: boolean;
  response: ClockReading;
  resolution: ClockReading;
}

const clockWire = (reading: ClockReading): SlaClock => ({
  targetMinutes: Math.round(reading.targetMs / MINUTE),
  elapsedMinutes: Math.floor(reading.elapsedMs / MINUTE),
  due: formatDateTime(reading.due),
  stopped: formatDateTime(reading.stopped),
  breached: reading.breached,
});

const percent = (part: number, whole: number) => (whole === 0 ? null : ((part * 100) / whole).toFixed(2));
const average = (values: number[]) =>
  values.length === 0 ? null : Math.round(values.reduce((sum, v) => sum + v, 0) / values.length / MINUTE);

/**
 * SLA clocks of work orders: targets per type and priority (response: created → accepted,
 * resolution: created → done), paused while on hold, optionally counting business hours only; a
 * sweep fires each breach stage once; the attainment report per technician, region and agent.
 */
export function createSla(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { core, alarm }: { core: WorkOrdersCore; alarm: BreachAlarm },
) {
  /** What reacts to a breach (notifications), in the unit of work that recorded it. */
  const breached = new DomainEvents<SlaBreach>();

  async function settings(tx: Database = db): Promise<SlaSettings> {
    const [saved, hours] = await Promise.all([repo.targets(tx), repo.businessHours(tx)]);
    const targets = WORK_ORDER_TYPES.flatMap((type) =>
      WORK_ORDER_PRIORITIES.map(
        (priority) =>
          saved.find((target) => target.type === type && target.priority === priority) ??
          defaultSlaTarget(type, priority),
      ),
    );
    return { targets, businessHours: hours ?? DEFAULT_BUSINESS_HOURS };
  }

  const targetOf = (all: SlaSettings, order: Pick<ClockedOrder, 'type' | 'priority'>): SlaTarget =>
    all.targets.find((target) => target.type === order.type && target.priority === order.priority) ??
    defaultSlaTarget(order.type, order.priority);

  function clocksOf(order: ClockedOrder, steps: readonly ClockStep[], all: SlaSettings, now: Date): Clocks {
    const target = targetOf(all, order);
    const hours: BusinessHours | null = target.businessHours ? all.businessHours : null;
    const timed = { created: order.createTime, steps, paused: order.state === 'ON_HOLD' };
    const done = order.state === 'DONE' ? (order.doneTime ?? now) : null;
    return {
      paused: timed.paused,
      businessHours: target.businessHours,
      response: readClock(timed, acceptedAt(steps), target.responseMinutes, hours, now),
      resolution: readClock(timed, done, target.resolutionMinutes, hours, now),
    };
  }

  async function stepsByOrder(tx: Database, ids: readonly number[]): Promise<Map<number, ClockStep[]>> {
    const byOrder = new Map<number, ClockStep[]>();
    for (const step of await repo.steps(tx, ids)) {
      const steps = byOrder.get(step.orderId) ?? [];
      steps.push(step);
      byOrder.set(step.orderId, steps);
    }
    return byOrder;
  }

  const typeName = (type: WorkOrderType): TextRef => ({ key: `workOrders.types.${type}` });
  const breachText = (stage: 1 | 2, order: ClockedOrder): TextRef => ({
    key: stage === 1 ? 'notifications.message.slaResponse' : 'notifications.message.slaResolution',
    values: {
      id: order.id,
      machine: order.serialNo,
      type: typeName(order.type),
      technician: order.technicianName ?? '—',
    },
  });

  /** Fires the stages whose target has passed, each once per order. */
  async function sweep(): Promise<number> {
    const now = clock.now();
    const orders = await repo.sweepable(db);
    if (orders.length === 0) return 0;
    const all = await settings();
    const steps = await stepsByOrder(
      db,
      orders.map((order) => order.id),
    );
    let fired = 0;
    for (const order of orders) {
      const clocks = clocksOf(order, steps.get(order.id) ?? [], all, now);
      const response = !order.slaResponseBreachTime && !clocks.response.stopped && clocks.response.breached;
      const resolution = !order.slaResolutionBreachTime && clocks.resolution.breached;
      if (!response && !resolution) continue;
      await db.transaction(async (tx) => {
        if (response && (await repo.markBreach(tx, order.id, 1, now))) {
          fired++;
          const says = breachText(1, order);
          await breached.emit(tx, { stage: 1, orderId: order.id, agentId: order.agentId, alarmId: null, says });
        }
        if (resolution && (await repo.markBreach(tx, order.id, 2, now))) {
          fired++;
          const says = breachText(2, order);
          const machine = { id: order.machineId, serialNo: order.serialNo, agentId: order.agentId };
          const alarmId = await alarm(tx, machine, says);
          if (alarmId !== null) await repo.setBreachAlarm(tx, order.id, alarmId);
          await breached.emit(tx, { stage: 2, orderId: order.id, agentId: order.agentId, alarmId, says });
        }
      });
    }
    return fired;
  }

  function range(query: AttainmentQuery): { from: Date; to: Date } {
    const from = parseWireTime(query.from, false);
    const to = parseWireTime(query.to, true);
    if (!from) throw invalidField('from', { key: 'errors.sla.day' }, 'invalid');
    if (!to) throw invalidField('to', { key: 'errors.sla.day' }, 'invalid');
    const days = (to.getTime() - from.getTime()) / 86_400_000;
    if (days < 1 || days > MAX_REPORT_DAYS + 1) {
      throw invalidField('to', { key: 'errors.sla.range', values: { days: MAX_REPORT_DAYS } }, 'invalid');
    }
    return { from, to };
  }

  /** The orders created in the range, per technician, region, agent or machine, with their clocks. */
  async function clockedGroups(principal: Principal, query: AttainmentQuery) {
    const { from, to } = range(query);
    const now = clock.now();
    const orders = await repo.reported(db, await agentIdsInScope(db, principal.scope), from, to);
    const [all, steps] = await Promise.all([
      settings(),
      stepsByOrder(
        db,
        orders.map((order) => order.id),
      ),
    ]);
    const groups = new Map<string, { id: number | null; name: string | null; clocks: Clocks[]; recorded: number }>();
    for (const order of orders) {
      const grouped: Record<AttainmentQuery['by'], [number | null, string | null]> = {
        technician: [order.technicianId, order.technicianName],
        region: [order.siteId, order.siteName],
        agent: [order.agentId, order.agentName],
        machine: [order.machineId, order.serialNo],
      };
      const [id, name] = grouped[query.by];
      const group = groups.get(String(id)) ?? { id, name, clocks: [], recorded: 0 };
      const clocks = clocksOf(order, steps.get(order.id) ?? [], all, now);
      group.clocks.push(clocks);
      if (
        order.slaResponseBreachTime ||
        order.slaResolutionBreachTime ||
        clocks.response.breached ||
        clocks.resolution.breached
      ) {
        group.recorded++;
      }
      groups.set(String(id), group);
    }
    return [...groups.values()].map((group) => {
      const responded = group.clocks.filter((c) => c.response.stopped || c.response.breached);
      const resolved = group.clocks.filter((c) => c.resolution.stopped || c.resolution.breached);
      return {
        ...group,
        responded: responded.length,
        respondedInTime: responded.filter((c) => !c.response.breached).length,
        resolved: resolved.length,
        resolvedInTime: resolved.filter((c) => !c.resolution.breached).length,
      };
    });
  }

  async function report(principal: Principal, query: SlaReportQuery): Promise<SlaReportRow[]> {
    return (await clockedGroups(principal, query))
      .map((group) => ({
        id: group.id,
        name: group.name,
        orders: group.clocks.length,
        responseMet: percent(group.respondedInTime, group.responded),
        resolutionMet: percent(group.resolvedInTime, group.resolved),
        avgResponseMinutes: average(group.clocks.filter((c) => c.response.stopped).map((c) => c.response.elapsedMs)),
        avgResolutionMinutes: average(
          group.clocks.filter((c) => c.resolution.stopped).map((c) => c.resolution.elapsedMs),
        ),
        breaches: group.recorded,
      }))
      .sort((a, b) => b.orders - a.orders || (a.name ?? '').localeCompare(b.name ?? ''));
  }

  /**
   * The counts behind the report's percentages, per group (other reports sum them): orders whose
   * response (resolution) is known, and those of them in time.
   */
  async function attainment(principal: Principal, query: AttainmentQuery) {
    return (await clockedGroups(principal, query)).map(
      ({ id, responded, respondedInTime, resolved, resolvedInTime }) => ({
        id,
        responded,
        respondedInTime,
        resolved,
        resolvedInTime,
      }),
    );
  }

  return {
    breached,
    settings: () => settings(),

    async saveSettings(principal: Principal, input: SlaSettings): Promise<void> {
      const { from, to, days } = input.businessHours;
      if (to === from) throw invalidField('businessHours.to', { key: 'errors.sla.hours' }, 'invalid');
      if (days.length === 0) throw invalidField('businessHours.days', { key: 'errors.sla.days' }, 'invalid');
      const at = clock.now();
      await db.transaction(async (tx) => {
        await repo.saveTargets(tx, input.targets, principal.username, at);
        await repo.saveBusinessHours(tx, input.businessHours, principal.username, at);
      });
    },

    /** An order's clocks, for those who see the order. */
    async order(principal: Principal, id: number): Promise<WorkOrderSla> {
      await core.visible(principal, id);
      const order = await repo.order(db, id);
      if (!order) throw notFound(noSuch('workOrder', id));
      const [all, steps] = await Promise.all([settings(), stepsByOrder(db, [id])]);
      const clocks = clocksOf(order, steps.get(id) ?? [], all, clock.now());
      return {
        paused: clocks.paused,
        businessHours: clocks.businessHours,
        response: clockWire(clocks.response),
        resolution: clockWire(clocks.resolution),
      };
    },

    report,
    attainment,

    async exportSheet(principal: Principal, query: SlaReportQuery): Promise<ListSheet<SlaReportRow>> {
      return { name: 'sla', columns: SLA_REPORT_COLUMNS, rows: await report(principal, query) };
    },

    sweep,
  };
}

export type SlaService = ReturnType<typeof createSla>;
