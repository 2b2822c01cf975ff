import {
  ALARM_COLUMNS,
  ALARM_STATE_MACHINE,
  Alarm,
  type AlarmActionInput,
  type AlarmQuery,
  type AlarmState,
  type AlarmType,
  TANK_EMPTY_PERCENT,
  TDS_OUT_MAX,
} from '@water/contract/alarms';
import { FAULT_BITS } from '@water/contract/gateway';
import type { FastifyBaseLogger } from 'fastify';
import { inScope, type Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { DomainEvents } from '../../lib/domain-events.ts';
import { noSuch, notFound } from '../../lib/http-errors.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { moveBy } from '../../lib/state.ts';
import { type Language, render, type TextRef } from '../../lib/texts.ts';
import { formatDateTime } from '../../lib/time.ts';
import { wireMapper } from '../../lib/wire.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import type { MachinesService } from '../machines/machines.service.ts';
import { type AlarmRow, alarmOrder, alarmSortable, alarmsRepository as repo } from './alarms.repository.ts';

/** What the alarm rules read of a machine's runtime. */
export interface Telemetry {
  faultBits: number;
  tdsOut: number | null;
  tankLevel: number | null;
}

/**
 * The machines held online by their connection (MQTT), which the heartbeat rule leaves alone;
 * `settling` while they may still be reconnecting after a restart, when the rule waits.
 */
export interface HeldOnline {
  machineIds(): readonly number[];
  settling(): boolean;
}

/** An alarm just opened, as others react to it (notifications) in the transaction that opened it. */
export interface AlarmOpened {
  alarmId: number;
  type: AlarmType;
  machine: AlarmedMachine;
  says: TextRef;
}

/** The machine an alarm is about. */
export interface AlarmedMachine {
  id: number;
  serialNo: string;
  agentId: number | null;
}

const OTHER_FAULTS = ~(FAULT_BITS.LEAK | FAULT_BITS.PAYMENT_DEVICE) & 0xffff;

const detail = (name: string, values?: TextRef['values']): TextRef => ({
  key: `alarms.details.${name}`,
  ...(values ? { values } : {}),
});

/** Which telemetry alarms hold for a runtime, each with what it says. */
function telemetryAlarms(t: Telemetry): Map<AlarmType, TextRef> {
  const holding = new Map<AlarmType, TextRef>();
  if (t.faultBits & FAULT_BITS.LEAK) holding.set('LEAK', detail('leak'));
  if (t.faultBits & FAULT_BITS.PAYMENT_DEVICE) holding.set('PAYMENT_DEVICE', detail('paymentDevice'));
  if (t.faultBits & OTHER_FAULTS) {
    const names = Object.entries(FAULT_BITS)
      .filter(([name, bit]) => name !== 'LEAK' && name !== 'PAYMENT_DEVICE' && t.faultBits & bit)
      .map(([name]) => detail(`faults.${name}`));
    const bits = t.faultBits;
    holding.set('FAULT', names.length > 0 ? detail('faultNamed', { bits, names }) : detail('fault', { bits }));
  }
  if (t.tdsOut !== null && t.tdsOut > TDS_OUT_MAX) holding.set('TDS_HIGH', detail('tds', { tds: t.tdsOut }));
  if (t.tankLevel !== null && t.tankLevel <= TANK_EMPTY_PERCENT) {
    holding.set('TANK_EMPTY', detail('tank', { level: t.tankLevel }));
  }
  return holding;
}

/** An alarm's detail in a language: its text when it has one, else as it was stored. */
const detailIn = (language: Language, row: AlarmRow): string | null =>
  row.detailText ? render(language, row.detailText) : row.detail;

const TELEMETRY_TYPES: readonly AlarmType[] = ['LEAK', 'PAYMENT_DEVICE', 'FAULT', 'TDS_HIGH', 'TANK_EMPTY'];

const toDto = wireMapper(Alarm);

export type AlarmsService = ReturnType<typeof createAlarmsService>;

/**
 * Alarms raised and resolved only when a machine's state flips (never repeated while it holds):
 * offline by the scheduled check, faults, water quality and tank from heartbeats. Each alarm
 * that opens is pushed to the open consoles of those who see its machine.
 */
export function createAlarmsService(
  { db, clock, events }: Pick<Deps, 'db' | 'clock' | 'events'>,
  {
    offlineAfterMs,
    noSalesAfterMs,
    log,
    machines,
    heldOnline,
  }: {
    offlineAfterMs: number;
    noSalesAfterMs: number;
    log: FastifyBaseLogger;
    machines: MachinesService;
    heldOnline?: HeldOnline;
  },
) {
  /** What reacts to an alarm opening (registered where the app is composed). */
  const opened = new DomainEvents<AlarmOpened>();

  /**
   * Opens an alarm unless one of that machine and type is open; answers it when it opened now. What
   * it says is kept as a text (each reader reads it in their language) and in English.
   */
  const open = async (tx: typeof db, machine: AlarmedMachine, type: AlarmType, says: TextRef) => {
    const alarm = await repo.raise(tx, {
      machineId: machine.id,
      agentId: machine.agentId,
      type,
      detail: render('en', says),
      detailText: says,
      at: clock.now(),
    });
    if (alarm) await opened.emit(tx, { alarmId: alarm.id, type, machine, says });
    return alarm;
  };

  /** Pushes an alarm just opened (and committed) to the consoles of those who see its machine. */
  async function announce(machine: AlarmedMachine, opened: { id: number; type: string }) {
    const deptId = await repo.deptOfAgent(db, machine.agentId);
    const alarm = { id: opened.id, machineId: machine.id, serialNo: machine.serialNo, type: opened.type };
    // Pushing waits for every instance; the heartbeat that raised the alarm does not.
    events.publish('alarms', { alarm, deptId }).catch((error) => log.warn({ err: error }, 'alarm push failed'));
  }

  async function raise(machine: AlarmedMachine, type: AlarmType, says: TextRef) {
    const opened = await open(db, machine, type, says);
    if (opened) await announce(machine, opened);
  }

  return {
    opened,

    /** Opens an alarm in the caller's unit of work: its id, or null when one of the type is open. */
    async openIn(tx: typeof db, machine: AlarmedMachine, type: AlarmType, says: TextRef): Promise<number | null> {
      return (await open(tx, machine, type, says))?.id ?? null;
    },

    /**
     * Raises an alarm in the caller's unit of work, or counts one more on the one of that machine
     * and type already open (its detail becomes the latest): the alarm's id either way. Consumers'
     * reports add to one alarm rather than flood the centre. One that opened now is announced by
     * the caller once its unit of work is committed (`announce`).
     */
    async raiseOrCountIn(
      tx: typeof db,
      machine: AlarmedMachine,
      type: AlarmType,
      says: TextRef,
    ): Promise<{ id: number; opened: boolean }> {
      const values = { machineId: machine.id, type, detail: render('en', says), detailText: says, at: clock.now() };
      const counted = await repo.countAgain(tx, values);
      if (counted !== undefined) return { id: counted, opened: false };
      const opened = await open(tx, machine, type, says);
      if (opened) return { id: opened.id, opened: true };
      // Opened meanwhile by another request (the unique index of open alarms kept one): count on it.
      const raced = await repo.countAgain(tx, values);
      if (raced === undefined) throw new Error(`could not raise the ${type} alarm of machine ${machine.id}`);
      return { id: raced, opened: false };
    },

    /** Pushes an alarm opened in a unit of work now committed to the consoles of those who see its machine. */
    async announce(machine: AlarmedMachine, alarm: { id: number; type: AlarmType }): Promise<void> {
      await announce(machine, alarm);
    },

    /** Raises and resolves the telemetry alarms whose condition changed between two heartbeats. */
    async telemetryChanged(machine: AlarmedMachine, before: Telemetry, after: Telemetry): Promise<void> {
      const was = telemetryAlarms(before);
      const is = telemetryAlarms(after);
      for (const type of TELEMETRY_TYPES) {
        const says = is.get(type);
        if (says && !was.has(type)) await raise(machine, type, says);
        if (!is.has(type) && was.has(type)) await repo.resolve(db, machine.id, type, clock.now());
      }
    },

    /** A machine marked offline heartbeats again. */
    async backOnline(machine: AlarmedMachine): Promise<void> {
      await repo.resolve(db, machine.id, 'OFFLINE', clock.now());
    },

    /** Machines marked offline connected again. */
    async allBackOnline(machineIds: readonly number[]): Promise<void> {
      await repo.resolveMany(db, machineIds, 'OFFLINE', clock.now());
    },

    /**
     * A machine's connection was lost (and not made again within the grace): it goes offline
     * with one alarm. False when it was offline already.
     */
    async connectionLost(machine: AlarmedMachine): Promise<boolean> {
      const went = await db.transaction(async (tx) => {
        if (!(await machines.runtime.markOffline(tx, machine.id))) return false;
        const says = detail('connectionLost', { time: formatDateTime(clock.now()) ?? '' });
        return { alarm: await open(tx, machine, 'OFFLINE', says) };
      });
      if (went && went.alarm !== undefined) await announce(machine, went.alarm);
      return went !== false;
    },

    /**
     * The scheduled check: machines silent for OFFLINE_AFTER go offline, each with one alarm; so
     * does an operating machine already offline whose silence has no alarm yet (one that never
     * reported since its installation, or was offline when the server started). Both
     * in one transaction: a heartbeat meanwhile waits for the machine's row, then finds it offline
     * with its alarm open, and resolves it. Committed one by one, a heartbeat could come between
     * the marking and the alarm and leave an online machine with an alarm nobody resolves.
     */
    async checkOffline(): Promise<number> {
      if (heldOnline?.settling()) return 0;
      const before = new Date(clock.now().getTime() - offlineAfterMs);
      const connected = heldOnline?.machineIds() ?? [];
      const opened = await db.transaction(async (tx) => {
        const silent = await machines.runtime.markSilentOffline(tx, before, connected);
        const opened = [];
        for (const machine of silent) {
          const alarm = await open(
            tx,
            machine,
            'OFFLINE',
            detail('offlineSince', { time: formatDateTime(machine.lastHeartbeat) ?? '' }),
          );
          if (alarm) opened.push({ machine, alarm });
        }
        const quiet = await machines.runtime.silentOperating(tx, before);
        const noticed = await repo.latestOfType(
          tx,
          'OFFLINE',
          quiet.map((machine) => machine.id),
        );
        for (const machine of quiet) {
          const since = machine.lastHeartbeat ?? machine.installedAt;
          const last = noticed.get(machine.id);
          if (!since || (last && last >= since)) continue;
          const says = machine.lastHeartbeat
            ? detail('offlineSince', { time: formatDateTime(machine.lastHeartbeat) ?? '' })
            : detail('neverReported', { time: formatDateTime(since) ?? '' });
          const alarm = await open(tx, machine, 'OFFLINE', says);
          if (alarm) opened.push({ machine, alarm });
        }
        return opened;
      });
      for (const { machine, alarm } of opened) await announce(machine, alarm);
      return opened.length;
    },

    /**
     * The scheduled check of sales: an operating machine (installed long enough) that sold
     * nothing for NO_SALES_AFTER raises NO_SALES once; one that sells again resolves it.
     */
    async checkNoSales(): Promise<number> {
      const now = clock.now();
      const since = new Date(now.getTime() - noSalesAfterMs);
      const [{ silent, selling }, open] = await Promise.all([
        repo.salesSince(db, since),
        repo.openOfType(db, 'NO_SALES'),
      ]);
      const minutes = Math.round(noSalesAfterMs / 60_000);
      const window =
        minutes >= 60 ? detail('hours', { n: Math.round(minutes / 60) }) : detail('minutes', { n: minutes });
      const raised = silent.filter((machine) => !open.has(machine.id));
      for (const machine of raised) await raise(machine, 'NO_SALES', detail('noSales', { window }));
      for (const machine of selling) if (open.has(machine.id)) await repo.resolve(db, machine.id, 'NO_SALES', now);
      return raised.length;
    },

    /** The alarms the caller sees, a page at a time and as a file. */
    ...declaredList<Principal, AlarmQuery, AlarmRow, Alarm>({
      name: 'alarms',
      columns: ALARM_COLUMNS,
      sortable: alarmSortable,
      order: alarmOrder,
      read: async (principal, query, paging) =>
        repo.page(db, await agentIdsInScope(db, principal.scope), query, paging),
      toWire: (row, language) => toDto({ ...row, detail: detailIn(language, row) }),
    }),

    /** Acknowledges or resolves alarms the caller sees; an alarm resolved stays resolved. */
    async act(principal: Principal, input: AlarmActionInput): Promise<void> {
      const ids = [...new Set(input.ids)];
      const rows = await repo.byIds(db, ids);
      let state: AlarmState | undefined;
      for (const id of ids) {
        const row = rows.find((alarm) => alarm.id === id);
        const visible = row && (row.deptId === null ? principal.scope === null : inScope(principal, row.deptId));
        if (!row || !visible) throw notFound(noSuch('alarm', id));
        state = moveBy(ALARM_STATE_MACHINE, row.state, input.action, {
          message: `Alarm ${id} is ${row.state.toLowerCase()} already`,
        });
      }
      if (!state) return;
      const now = clock.now();
      await repo.setState(
        db,
        ids,
        input.action === 'RESOLVE'
          ? { state, resolvedTime: now, lastTime: now }
          : { state, acknowledgedBy: principal.username },
      );
    },
  };
}
