import { FAULT_BITS, type Prices } from '@water/contract/gateway';
import {
  COMPANY_ACTIONS,
  type InstallSite,
  type LifecycleInput,
  MACHINE_COLUMNS,
  MACHINE_STATE_MACHINE,
  type Machine,
  type MachineQuery,
  type MachineStatus,
  type SalesPeriod,
} from '@water/contract/machines';
import dayjs from 'dayjs';
import type { Database } from '../../db/client.ts';
import { inScope, type Principal } from '../../domain/principal.ts';
import { batched } from '../../lib/batch.ts';
import type { Deps } from '../../lib/deps.ts';
import { forbidden, invalidField, noSuch, notFound, stateConflict } from '../../lib/http-errors.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { moveBy } from '../../lib/state.ts';
import { formatDateTime } from '../../lib/time.ts';
import { agentById, agentIdsInScope } from '../agents/agent-directory.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import { withPeriodFigures } from '../sales/sales-figures.ts';
import { createMachineAllocation } from './machine-allocation.service.ts';
import { EMPTY_SALES, machineDto } from './machine-answers.ts';
import { createMachineModelsService } from './machine-models.service.ts';
import { createMachinePositions } from './machine-positions.service.ts';
import { createMachineRegistration } from './machine-registration.service.ts';
import { type HeartbeatRuntime, machineRuntimeRepository, type PreviousRuntime } from './machine-runtime.repository.ts';
import { type MachineRow, machineOrder, machineSortable, machinesRepository as repo } from './machines.repository.ts';

export type MachinesService = ReturnType<typeof createMachinesService>;

/**
 * Machine models, and machines: registered into the company's stock with a secret shown once,
 * allocated to agents within their quota, transferred between agents the caller reaches, and
 * recalled to stock; every move is logged in batches.
 */
export function createMachinesService(
  { db, database, clock }: Pick<Deps, 'db' | 'database' | 'clock'>,
  {
    pricesFor,
    agents,
    lifecycleChanged = () => undefined,
  }: {
    pricesFor: (machine: { id: number; modelId: number; agentId: number | null }) => Promise<Prices | null>;
    agents: AgentsService;
    /** Told after machines changed lifecycle (whether they may speak to the gateway may have changed). */
    lifecycleChanged?: (machineIds: readonly number[]) => void;
  },
) {
  const unrestricted = (principal: Principal) => principal.scope === null;

  async function visibleMachine(principal: Principal, id: number): Promise<MachineRow> {
    const machine = await repo.machineById(db, id);
    const reaches = machine && (machine.agentId === null ? unrestricted(principal) : true);
    if (!machine || !reaches) throw notFound(noSuch('machine', id));
    if (machine.agentId !== null) {
      const holder = await agentById(db, machine.agentId);
      if (!holder || !inScope(principal, holder.deptId)) throw notFound(noSuch('machine', id));
    }
    return machine;
  }

  /** Heartbeats written in rounds where each machine comes once, so each sees the one before it. */
  async function recordHeartbeats(beats: readonly HeartbeatRuntime[]) {
    const replaced: (PreviousRuntime | undefined)[] = [];
    let left = beats.map((beat, index) => ({ beat, index }));
    while (left.length > 0) {
      const round = new Map<number, (typeof left)[number]>();
      for (const entry of left) if (!round.has(entry.beat.id)) round.set(entry.beat.id, entry);
      const previous = await machineRuntimeRepository.recordHeartbeats(
        database.relaxed,
        [...round.values()].map((entry) => entry.beat),
      );
      for (const { beat, index } of round.values()) replaced[index] = previous.get(beat.id);
      left = left.filter((entry) => round.get(entry.beat.id) !== entry);
    }
    return replaced;
  }

  const allocation = createMachineAllocation({ db, clock }, { agents, visibleMachine, lifecycleChanged });
  const { move } = allocation;

  /**
   * A machine's runtime, which the gateway and the offline check change through here (the
   * machines module owns the machine's row).
   */
  const runtime = {
    /**
     * A heartbeat's runtime written; answers the runtime it replaced (undefined: the machine is
     * gone). The heartbeats of one turn of the event loop are written together.
     */
    record: batched(recordHeartbeats),
    /**
     * The machines online but silent since `before` (but for those in `except`), marked offline in
     * the caller's unit of work.
     */
    markSilentOffline: (tx: Database, before: Date, except?: readonly number[]) =>
      machineRuntimeRepository.markOffline(tx, before, except),
    /** Machines marked online (they connected); answers the ids of those that were offline. */
    markOnline: (relaxed: Database, ids: readonly number[]) => machineRuntimeRepository.markOnline(relaxed, ids),
    /** One machine marked offline (its connection was lost); true when it was online. */
    markOffline: (tx: Database, id: number) => machineRuntimeRepository.markOneOffline(tx, id),
    /** The firmware a machine runs now: a firmware update succeeded on it. */
    setFirmware: (db: Database, id: number, firmware: string) => machineRuntimeRepository.setFirmware(db, id, firmware),
    /** The operating machines offline and silent since `before` (never reported: since installed), locked. */
    silentOperating: (tx: Database, before: Date) => machineRuntimeRepository.silentOperating(tx, before),
  };

  return {
    runtime,
    ...createMachineModelsService({ db, clock }),
    ...createMachineRegistration({ db, clock }, { visibleMachine }),
    ...createMachinePositions({ db, clock }),
    allocate: allocation.allocate,
    transfer: allocation.transfer,
    recall: allocation.recall,
    allocations: allocation.allocations,
    // ------------------------------------------------------------ machines
    /** The machines the caller sees, a page at a time and as a file. */
    ...declaredList<Principal, MachineQuery, MachineRow, Machine>({
      name: 'machines',
      columns: MACHINE_COLUMNS,
      sortable: machineSortable,
      order: machineOrder,
      read: (principal, query, paging) => repo.machinePage(db, principal.scope, query, paging, clock.now()),
      // With its sales today, this week and this month, of the agents the caller reaches.
      answer: async (principal, rows) =>
        (await withPeriodFigures(db, 'machine', rows, await agentIdsInScope(db, principal.scope), clock.now())).map(
          machineDto,
        ),
    }),
    async get(principal: Principal, id: number): Promise<Machine> {
      return machineDto(await visibleMachine(principal, id));
    },
    /** Where the machine may be installed: the open sites of the agent holding it (none for the company's stock). */
    async installSites(principal: Principal, id: number): Promise<InstallSite[]> {
      const machine = await visibleMachine(principal, id);
      return machine.agentId === null ? [] : repo.sitesOpenTo(db, machine.agentId);
    },
    /** Installs, suspends, resumes, retires, restocks or scraps a machine. */
    async changeLifecycle(principal: Principal, id: number, input: LifecycleInput): Promise<Machine> {
      const machine = await visibleMachine(principal, id);
      const from = MACHINE_STATE_MACHINE.events[input.action].from;
      const to = moveBy(MACHINE_STATE_MACHINE, machine.lifecycle, input.action, {
        message: `${machine.serialNo} is ${machine.lifecycle}: ${input.action} applies to ${from.join(' or ')} machines only`,
      });
      const now = clock.now();
      if (COMPANY_ACTIONS.includes(input.action)) {
        if (!unrestricted(principal)) {
          throw forbidden({ key: 'errors.machines.stockByUnrestricted' });
        }
        const note = [input.action === 'SCRAP' ? 'Scrapped' : undefined, input.note?.trim()].filter(Boolean).join(': ');
        await move(principal, [machine], null, 'RECALL', note || undefined, to);
        return machineDto((await repo.machineById(db, id)) as MachineRow);
      }
      let site: { siteId?: number | null; installedAt?: Date; activatedAt?: Date } = {};
      if (input.action === 'INSTALL') {
        if (!input.siteId) throw invalidField('siteId', { key: 'errors.machines.chooseSite' }, 'required');
        const target = await repo.siteById(db, input.siteId);
        if (!target || target.agentId !== machine.agentId) {
          throw invalidField(
            'siteId',
            {
              key: 'errors.machines.siteOfAgent',
              values: { id: input.siteId, agent: machine.agentName ?? { key: 'errors.machines.itsAgent' } },
            },
            'unknown_reference',
          );
        }
        if (target.status !== 'ACTIVE') {
          throw invalidField('siteId', { key: 'errors.machines.siteClosed', values: { name: target.name } });
        }
        site = { siteId: target.id, installedAt: now, activatedAt: machine.activatedAt ?? now };
      }
      if (input.action === 'RETIRE') site = { siteId: null };
      const changed = await repo.setLifecycle(db, id, machine.lifecycle, {
        ...site,
        lifecycle: to,
        updateBy: principal.username,
        updateTime: now,
      });
      if (!changed) {
        throw stateConflict(
          { key: 'errors.machines.changedMeanwhile', values: { serialNo: machine.serialNo } },
          machine.lifecycle,
          input.action,
        );
      }
      lifecycleChanged([id]);
      return machineDto((await repo.machineById(db, id)) as MachineRow);
    },
    /**
     * A machine's detail: what it last reported, what it sells at now, today's sales and its
     * sales per hour (24 hours), day (30 days) or month (12 months), from the roll-ups.
     */
    async status(principal: Principal, id: number, period: SalesPeriod = 'DAY'): Promise<MachineStatus> {
      const machine = await visibleMachine(principal, id);
      const now = dayjs(clock.now());
      const todayKey = now.format('YYYY-MM-DD');
      let series: MachineStatus['series'];
      if (period === 'HOUR') {
        const since = now.startOf('hour').subtract(23, 'hour');
        const rows = new Map((await repo.hourlySales(db, id, since.toDate())).map((row) => [row.key, row]));
        series = Array.from({ length: 24 }, (_, index) => {
          const at = since.add(index, 'hour');
          return { label: at.format('HH:00'), ...(rows.get(at.valueOf()) ?? EMPTY_SALES) };
        });
      } else if (period === 'MONTH') {
        const since = now.startOf('month').subtract(11, 'month');
        const rows = new Map(
          (await repo.dailySales(db, id, since.format('YYYY-MM-DD'), true)).map((row) => [row.key, row]),
        );
        series = Array.from({ length: 12 }, (_, index) => {
          const month = since.add(index, 'month').format('YYYY-MM');
          return { label: month, ...(rows.get(month) ?? EMPTY_SALES) };
        });
      } else {
        const since = now.startOf('day').subtract(29, 'day');
        const rows = new Map(
          (await repo.dailySales(db, id, since.format('YYYY-MM-DD'), false)).map((row) => [row.key, row]),
        );
        series = Array.from({ length: 30 }, (_, index) => {
          const day = since.add(index, 'day').format('YYYY-MM-DD');
          return { label: day.slice(5), ...(rows.get(day) ?? EMPTY_SALES) };
        });
      }
      const [todayRow] = await repo.dailySales(db, id, todayKey, false);
      // The policy covering it whatever its lifecycle: an allocated machine sells at these once installed.
      const [raw, prices] = await Promise.all([repo.runtimeOf(db, id), pricesFor(machine)]);
      return {
        machine: machineDto(machine),
        siteName: machine.siteName,
        runtime: {
          online: machine.online,
          lastHeartbeat: formatDateTime(machine.lastHeartbeat),
          signal: raw?.signal ?? null,
          temperature: raw?.temperature ?? null,
          tdsIn: raw?.tdsIn ?? null,
          tdsOut: raw?.tdsOut ?? null,
          tankLevel: raw?.tankLevel ?? null,
          makingWater: raw?.makingWater ?? null,
          doorOpen: raw?.doorOpen ?? null,
          faults: Object.entries(FAULT_BITS)
            .filter(([, bit]) => ((raw?.faultBits ?? 0) & bit) !== 0)
            .map(([name]) => name),
        },
        prices,
        today: { label: todayKey, ...(todayRow ?? EMPTY_SALES) },
        series,
      };
    },
  };
}
