import { randomBytes } from 'node:crypto';
import { AGENT_STATE_MACHINE, type AgentStatus } from '@water/contract/agents';
import type { PageOf } from '@water/contract/common';
import type { FieldError } from '@water/contract/errors';
import { FAULT_BITS, type Prices } from '@water/contract/gateway';
import {
  type Allocation,
  type AllocationDone,
  type AllocationInput,
  IMPORT_COLUMNS,
  IMPORT_ROWS_MAX,
  type Lifecycle,
  type LifecycleInput,
  MACHINE_STATE_MACHINE,
  type Machine,
  type MachineModel,
  type MachineModelCreateInput,
  type MachineModelQuery,
  type MachineModelUpdateInput,
  type MachineQuery,
  type MachineRegistered,
  type MachineRegisterInput,
  type MachineStatus,
  type MachinesImported,
  type RecallInput,
  type SalesPeriod,
} from '@water/contract/machines';
import dayjs from 'dayjs';
import type { Database } from '../../db/client.ts';
import { inScope, type Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  badRequest,
  forbidden,
  forbiddenField,
  invalidField,
  invalidFields,
  notFound,
  stateConflict,
} from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { moveBy } from '../../lib/state.ts';
import { formatDateTime, isRealDay } from '../../lib/time.ts';
import type { Upload } from '../../lib/uploads.ts';
import { readSheet } from '../../lib/xlsx.ts';
import { agentById } from '../agents/agent-directory.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import { signingKeyOf } from '../gateway/gateway-signing.ts';
import {
  type MachineRow,
  type ModelRow,
  machineOrder,
  machineSortable,
  modelOrder,
  modelSortable,
  machinesRepository as repo,
} from './machines.repository.ts';
import type { machines } from './machines.schema.ts';

/** A period without sales. */
const EMPTY_SALES = { net: 0, orders: 0, dispensedMl: 0 };

/** A serial number or sticker code, as registering one takes it. */
const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{3,63}$/;

function modelDto(row: ModelRow): MachineModel {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    taps: row.taps,
    waterTypes: row.waterTypes as MachineModel['waterTypes'],
    tankLitres: row.tankLitres,
    outputLph: row.outputLph,
    billing: row.billing as MachineModel['billing'],
    pulsesPerLitre: row.pulsesPerLitre,
    machines: row.machines,
    createTime: formatDateTime(row.createTime),
  };
}

function machineDto(row: MachineRow): Machine {
  return {
    id: row.id,
    serialNo: row.serialNo,
    stickerCode: row.stickerCode,
    imei: row.imei,
    iccid: row.iccid,
    modelId: row.modelId,
    modelName: row.modelName,
    firmware: row.firmware,
    agentId: row.agentId,
    agentName: row.agentName,
    siteId: row.siteId,
    lifecycle: row.lifecycle as Lifecycle,
    warrantyEnd: row.warrantyEnd,
    online: row.online,
    lastHeartbeat: formatDateTime(row.lastHeartbeat),
    createTime: formatDateTime(row.createTime),
  };
}

type Move = 'ALLOCATE' | 'RECALL' | 'TRANSFER';

/** An agent receives machines only while active: a frozen one keeps selling with what it holds, no more. */

/** Only an active agent receives machines: a frozen one keeps selling with what it holds. */
function checkReceiving(agent: { name: string; status: string }, action: Move) {
  moveBy(AGENT_STATE_MACHINE, agent.status as AgentStatus, 'RECEIVE_MACHINES', {
    message: `"${agent.name}" is ${agent.status}: no machine can be allocated or transferred to it (${action})`,
  });
}

/** How many times each key comes. */
function countBy<K>(keys: readonly K[]): Map<K, number> {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** A batch number for an allocation: the day and time, and a random tail. */
function batchNumber(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `AL${stamp}${randomBytes(3).toString('hex').toUpperCase()}`;
}

export type MachinesService = ReturnType<typeof createMachinesService>;

/**
 * Machine models, and machines: registered into the company's stock with a secret shown once,
 * allocated to agents within their quota, transferred between agents the caller reaches, and
 * recalled to stock; every move is logged in batches.
 */
export function createMachinesService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    pricesFor,
    agents,
  }: {
    pricesFor: (machine: { id: number; modelId: number; agentId: number | null }) => Promise<Prices | null>;
    agents: AgentsService;
  },
) {
  const unrestricted = (principal: Principal) => principal.scope === null;

  async function visibleMachine(principal: Principal, id: number): Promise<MachineRow> {
    const machine = await repo.machineById(db, id);
    const reaches = machine && (machine.agentId === null ? unrestricted(principal) : true);
    if (!machine || !reaches) throw notFound(`No machine with id ${id}`);
    if (machine.agentId !== null) {
      const holder = await agentById(db, machine.agentId);
      if (!holder || !inScope(principal, holder.deptId)) throw notFound(`No machine with id ${id}`);
    }
    return machine;
  }

  /** The receiving agent of an allocation or transfer: active, and in the caller's scope. */
  async function receivingAgent(principal: Principal, agentId: number, action: Move) {
    const agent = await agentById(db, agentId);
    if (!agent || !inScope(principal, agent.deptId)) {
      throw invalidField('agentId', `no agent with id ${agentId} in your reach`, 'unknown_reference');
    }
    checkReceiving(agent, action);
    return agent;
  }

  /** The machines named, each in a lifecycle the event may happen in and held where `held` says; all or nothing. */
  async function checkedMachines(
    principal: Principal,
    ids: readonly number[],
    event: 'ALLOCATE' | 'TRANSFER' | 'RECALL',
    held: 'stock' | 'agents',
  ) {
    const lifecycles = MACHINE_STATE_MACHINE.events[event].from;
    const unique = [...new Set(ids)];
    const rows = await repo.holdersOf(db, unique);
    const found = new Map(rows.map((row) => [row.id, row]));
    const missing = unique.filter((id) => {
      const row = found.get(id);
      return !row || (row.deptId === null ? !unrestricted(principal) : !inScope(principal, row.deptId));
    });
    if (missing.length > 0)
      throw invalidField('machineIds', `no machine with id ${missing.join(', ')} in your reach`, 'unknown_reference');
    for (const row of rows) {
      moveBy(MACHINE_STATE_MACHINE, row.lifecycle as Lifecycle, event, {
        message: `${row.serialNo} is ${row.lifecycle}; only ${lifecycles.join(' or ')} machines move`,
      });
      if ((held === 'stock') !== (row.agentId === null)) {
        throw invalidField('machineIds', `${row.serialNo} is ${held === 'stock' ? 'held by an agent' : 'in stock'}`);
      }
    }
    return rows;
  }

  async function move(
    principal: Principal,
    checked: readonly { id: number; agentId: number | null; lifecycle: string }[],
    to: { agentId: number; name: string } | null,
    action: Move,
    note: string | undefined,
    lifecycle: Lifecycle = to ? 'ALLOCATED' : 'IN_STOCK',
  ): Promise<AllocationDone> {
    const machineIds = checked.map((row) => row.id);
    const expected = new Map(checked.map((row) => [row.id, row]));
    const now = clock.now();
    const batchNo = batchNumber(now);
    const n = machineIds.length;
    // One unit of work: the receiving agent's quota (the agents module's) and the machines.
    await db.transaction(async (tx) => {
      const target = to ? await agents.quota.lock(tx, to.agentId) : undefined;
      const locked = await repo.lockForMove(tx, machineIds);
      // Checked again on the locked rows: another move may have changed them since they were read.
      const changed = locked.find((row) => {
        const seen = expected.get(row.id);
        return !seen || seen.agentId !== row.agentId || seen.lifecycle !== row.lifecycle;
      });
      if (changed || locked.length !== n) {
        throw badRequest('Some of these machines were moved meanwhile; look again and retry');
      }
      // Checked again on the locked agent: it may have been frozen since it was read.
      if (to && target) checkReceiving({ name: to.name, status: target.status }, action);
      if (to && target && target.quotaUsed + n > target.machineQuota) {
        throw invalidField(
          'agentId',
          `"${to.name}" may hold ${target.machineQuota} machines and holds ${target.quotaUsed}: room for ${Math.max(0, target.machineQuota - target.quotaUsed)}, not ${n}`,
          'too_large',
          { limit: Math.max(0, target.machineQuota - target.quotaUsed) },
        );
      }
      for (const [agentId, count] of countBy(locked.map((row) => row.agentId))) {
        if (agentId !== null) await agents.quota.add(tx, agentId, -count);
      }
      if (to) await agents.quota.add(tx, to.agentId, n);
      await repo.move(tx, locked, {
        toAgentId: to?.agentId ?? null,
        lifecycle,
        action,
        batchNo,
        note: note?.trim() || null,
        by: principal.username,
        now,
      });
    });
    return { batchNo, machines: n };
  }

  /**
   * A machine's runtime, which the gateway and the offline check change through here (the
   * machines module owns the machine's row).
   */
  const runtime = {
    /** A heartbeat's runtime written; answers the runtime it replaced (undefined: the machine is gone). */
    record: (relaxed: Database, id: number, values: Partial<typeof machines.$inferInsert>) =>
      repo.recordHeartbeat(relaxed, id, values),
    /** The machines online but silent since `before`, marked offline in the caller's unit of work. */
    markSilentOffline: (tx: Database, before: Date) => repo.markOffline(tx, before),
  };

  return {
    runtime,
    // ------------------------------------------------------------ models
    async listModels(query: MachineModelQuery): Promise<PageOf<MachineModel>> {
      const page = await repo.modelPage(db, query, toPaging(query, modelSortable, modelOrder));
      return { content: page.content.map(modelDto), totalElements: page.totalElements };
    },

    async createModel(principal: Principal, input: MachineModelCreateInput): Promise<void> {
      const code = input.code.trim();
      const name = input.name.trim();
      if (!name) throw invalidField('name', 'must not be empty', 'required');
      const taken = () => invalidField('code', `"${code}" is already used by another model`, 'taken', { value: code });
      if (await repo.modelCodeTaken(db, code)) throw taken();
      const { id: _id, ...fields } = input;
      try {
        await repo.insertModel(db, {
          ...fields,
          code,
          name,
          createBy: principal.username,
          updateBy: principal.username,
        });
      } catch (error) {
        throw isUniqueViolation(error) ? taken() : error;
      }
    },

    async updateModel(principal: Principal, input: MachineModelUpdateInput): Promise<void> {
      if (!(await repo.modelById(db, input.id))) throw notFound(`No machine model with id ${input.id}`);
      const name = input.name.trim();
      if (!name) throw invalidField('name', 'must not be empty', 'required');
      const { id, ...fields } = input;
      const updated = await repo.updateModel(db, id, {
        ...fields,
        name,
        updateBy: principal.username,
        updateTime: clock.now(),
      });
      if (!updated) throw notFound(`No machine model with id ${id}`);
    },

    async removeModels(ids: number[]): Promise<void> {
      for (const id of new Set(ids)) {
        if (!(await repo.modelById(db, id))) throw notFound(`No machine model with id ${id}`);
      }
      const used = await repo.modelsInUse(db, ids);
      if (used.length > 0) {
        throw badRequest(`Machines are of ${used.map((model) => `"${model.code}"`).join(', ')}: a model in use stays`);
      }
      await repo.deleteModels(db, ids);
    },

    // ------------------------------------------------------------ machines
    async list(principal: Principal, query: MachineQuery): Promise<PageOf<Machine>> {
      const paging = toPaging(query, machineSortable, machineOrder);
      const page = await repo.machinePage(db, principal.scope, query, paging, clock.now());
      return { content: page.content.map(machineDto), totalElements: page.totalElements };
    },

    async get(principal: Principal, id: number): Promise<Machine> {
      return machineDto(await visibleMachine(principal, id));
    },

    /** Registers a machine into the company's stock; its gateway secret is answered this once. */
    async register(principal: Principal, input: MachineRegisterInput): Promise<MachineRegistered> {
      if (!unrestricted(principal)) {
        throw forbidden('Machines are registered into the company’s stock, by staff with an unrestricted data scope');
      }
      const serialNo = input.serialNo.trim();
      const stickerCode = input.stickerCode?.trim() || serialNo;
      if (!(await repo.modelById(db, input.modelId))) {
        throw invalidField('modelId', `no machine model with id ${input.modelId}`, 'unknown_reference');
      }
      if (input.warrantyEnd && !isRealDay(input.warrantyEnd)) {
        throw invalidField('warrantyEnd', `"${input.warrantyEnd}" is not a real date`, 'format');
      }
      const taken = await repo.takenCodes(db, [...new Set([serialNo, stickerCode])]);
      if (taken.length > 0) {
        const field = taken.some((code) => code.toLowerCase() === serialNo.toLowerCase()) ? 'serialNo' : 'stickerCode';
        throw invalidField(field, `"${taken[0]}" is already registered`, 'taken', { value: taken[0] as string });
      }
      const secret = randomBytes(24).toString('base64url');
      let id: number;
      try {
        id = await repo.insertMachine(db, {
          serialNo,
          stickerCode,
          modelId: input.modelId,
          imei: input.imei ?? null,
          iccid: input.iccid ?? null,
          firmware: input.firmware?.trim() || null,
          warrantyEnd: input.warrantyEnd ?? null,
          secretHash: signingKeyOf(secret),
          createBy: principal.username,
          updateBy: principal.username,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalidField('serialNo', `"${serialNo}" is already registered`, 'taken');
        throw error;
      }
      return { machine: machineDto((await repo.machineById(db, id)) as MachineRow), secret };
    },

    /**
     * Registers every machine of a sheet (xlsx or CSV: serial number and model code, optionally
     * sticker code, IMEI, ICCID, firmware and warranty end), all or none: every row at fault is
     * named (by its row number in the sheet) and nothing is registered. Answers each machine's
     * gateway secret, this once.
     */
    async importSerials(principal: Principal, upload: Upload): Promise<MachinesImported> {
      if (!unrestricted(principal)) {
        throw forbidden('Machines are registered into the company’s stock, by staff with an unrestricted data scope');
      }
      const rows = await readSheet(upload.bytes, upload.filename, 'file');
      const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
      const column = (names: readonly string[]) => header.findIndex((cell) => names.includes(cell));
      const at = {
        serialNo: column(['serial number', 'serial', 'serialno', '序列号', '设备编号']),
        modelCode: column(['model code', 'model', '型号编码', '型号']),
        stickerCode: column(['sticker code', 'sticker', '贴纸编码']),
        imei: column(['imei']),
        iccid: column(['iccid']),
        firmware: column(['firmware', '固件']),
        warrantyEnd: column(['warranty end', 'warranty', '保修截止']),
      };
      if (at.serialNo < 0 || at.modelCode < 0) {
        throw invalidField(
          'file',
          `needs a header row with the columns ${IMPORT_COLUMNS.slice(0, 2).join(' and ')}`,
          'required',
        );
      }
      const lines = rows
        .map((cells, index) => ({ number: index + 1, cells }))
        .slice(1)
        .filter((line) => line.cells.some((cell) => cell.trim() !== ''));
      if (lines.length === 0) throw invalidField('file', 'holds no machines below its header row', 'required');
      if (lines.length > IMPORT_ROWS_MAX) {
        throw invalidField('file', `holds ${lines.length} machines; at most ${IMPORT_ROWS_MAX} at once`, 'too_large', {
          limit: IMPORT_ROWS_MAX,
        });
      }
      const models = new Map((await repo.allModels(db)).map((model) => [model.code.toLowerCase(), model.id]));
      const errors: FieldError[] = [];
      const refuse = (line: number, field: string, message: string, code: FieldError['code'] = 'invalid') =>
        errors.push({ field: `rows.${line}.${field}`, code, message });
      const seen = new Map<string, number>();
      const parsed = lines.map(({ number, cells }) => {
        const cell = (index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
        const serialNo = cell(at.serialNo);
        const stickerCode = cell(at.stickerCode) || serialNo;
        const modelId = models.get(cell(at.modelCode).toLowerCase());
        if (!SERIAL_PATTERN.test(serialNo))
          refuse(
            number,
            'serialNo',
            `"${serialNo}" must be 4 to 64 letters, digits, _ or -`,
            serialNo ? 'format' : 'required',
          );
        if (stickerCode !== serialNo && !SERIAL_PATTERN.test(stickerCode))
          refuse(number, 'stickerCode', `"${stickerCode}" must be 4 to 64 letters, digits, _ or -`, 'format');
        if (modelId === undefined)
          refuse(number, 'modelCode', `no machine model has the code "${cell(at.modelCode)}"`, 'unknown_reference');
        const imei = cell(at.imei);
        if (imei && !/^\d{15}$/.test(imei)) refuse(number, 'imei', 'must be 15 digits', 'format');
        const iccid = cell(at.iccid);
        if (iccid && !/^\d{19,20}$/.test(iccid)) refuse(number, 'iccid', 'must be 19 or 20 digits', 'format');
        const firmware = cell(at.firmware);
        if (firmware.length > 64) refuse(number, 'firmware', 'is longer than 64 characters', 'too_long');
        const warrantyEnd = cell(at.warrantyEnd);
        if (warrantyEnd && !isRealDay(warrantyEnd))
          refuse(number, 'warrantyEnd', `"${warrantyEnd}" is not a real date (yyyy-MM-dd)`, 'format');
        for (const code of new Set([serialNo.toLowerCase(), stickerCode.toLowerCase()])) {
          const first = seen.get(code);
          if (code && first !== undefined) refuse(number, 'serialNo', `"${code}" is also on row ${first}`, 'taken');
          else if (code) seen.set(code, number);
        }
        return {
          number,
          serialNo,
          stickerCode,
          modelId,
          imei: imei || null,
          iccid: iccid || null,
          firmware: firmware || null,
          warrantyEnd: warrantyEnd || null,
        };
      });
      const taken = new Set((await repo.takenCodes(db, [...seen.keys()])).map((code) => code.toLowerCase()));
      for (const line of parsed) {
        const clash = [line.serialNo, line.stickerCode].find((code) => taken.has(code.toLowerCase()));
        if (clash) refuse(line.number, 'serialNo', `"${clash}" is already registered`, 'taken');
      }
      if (errors.length > 0) {
        throw invalidFields(errors.slice(0, 100) as [FieldError, ...FieldError[]]);
      }
      const made = parsed.map((line) => ({ line, secret: randomBytes(24).toString('base64url') }));
      try {
        const ids = await db.transaction((tx) =>
          repo.insertMachines(
            tx,
            made.map(({ line, secret }) => ({
              serialNo: line.serialNo,
              stickerCode: line.stickerCode,
              modelId: line.modelId as number,
              imei: line.imei,
              iccid: line.iccid,
              firmware: line.firmware,
              warrantyEnd: line.warrantyEnd,
              secretHash: signingKeyOf(secret),
              createBy: principal.username,
              updateBy: principal.username,
            })),
          ),
        );
        return {
          imported: ids.length,
          machines: made.map(({ line, secret }, index) => ({
            id: ids[index] as number,
            serialNo: line.serialNo,
            secret,
          })),
        };
      } catch (error) {
        if (isUniqueViolation(error))
          throw invalidField('file', 'another import registered some of these machines meanwhile', 'taken');
        throw error;
      }
    },

    /** Machines from the company's stock to an agent, within its quota. */
    async allocate(principal: Principal, input: AllocationInput): Promise<AllocationDone> {
      if (!unrestricted(principal)) {
        throw forbiddenField('machineIds', 'the company’s stock is allocated by staff with an unrestricted data scope');
      }
      const agent = await receivingAgent(principal, input.agentId, 'ALLOCATE');
      const rows = await checkedMachines(principal, input.machineIds, 'ALLOCATE', 'stock');
      return move(principal, rows, { agentId: agent.id, name: agent.name }, 'ALLOCATE', input.note);
    },

    /** Machines not yet installed, from agents the caller reaches to another it reaches. */
    async transfer(principal: Principal, input: AllocationInput): Promise<AllocationDone> {
      const agent = await receivingAgent(principal, input.agentId, 'TRANSFER');
      const rows = await checkedMachines(principal, input.machineIds, 'TRANSFER', 'agents');
      const already = rows.find((row) => row.agentId === agent.id);
      if (already) throw invalidField('machineIds', `${already.serialNo} is already held by "${agent.name}"`);
      return move(principal, rows, { agentId: agent.id, name: agent.name }, 'TRANSFER', input.note);
    },

    /** Machines not yet installed, back from their agents to the company's stock. */
    async recall(principal: Principal, input: RecallInput): Promise<AllocationDone> {
      if (!unrestricted(principal)) {
        throw forbiddenField(
          'machineIds',
          'machines return to the company’s stock by staff with an unrestricted data scope',
        );
      }
      const rows = await checkedMachines(principal, input.machineIds, 'RECALL', 'agents');
      return move(principal, rows, null, 'RECALL', input.note);
    },

    /** Installs, suspends, resumes, retires, restocks or scraps a machine. */
    async changeLifecycle(principal: Principal, id: number, input: LifecycleInput): Promise<Machine> {
      const machine = await visibleMachine(principal, id);
      const from = MACHINE_STATE_MACHINE.events[input.action].from;
      const to = moveBy(MACHINE_STATE_MACHINE, machine.lifecycle as Lifecycle, input.action, {
        message: `${machine.serialNo} is ${machine.lifecycle}: ${input.action} applies to ${from.join(' or ')} machines only`,
      });
      const now = clock.now();
      if (input.action === 'RESTOCK' || input.action === 'SCRAP') {
        if (!unrestricted(principal)) {
          throw forbidden(
            'Machines return to the company’s stock or are scrapped by staff with an unrestricted data scope',
          );
        }
        const note = [input.action === 'SCRAP' ? 'Scrapped' : undefined, input.note?.trim()].filter(Boolean).join(': ');
        await move(principal, [machine], null, 'RECALL', note || undefined, to);
        return machineDto((await repo.machineById(db, id)) as MachineRow);
      }
      let site: { siteId?: number | null; installedAt?: Date; activatedAt?: Date } = {};
      if (input.action === 'INSTALL') {
        if (!input.siteId) throw invalidField('siteId', 'choose the site to install the machine at', 'required');
        const target = await repo.siteById(db, input.siteId);
        if (!target || target.agentId !== machine.agentId) {
          throw invalidField(
            'siteId',
            `no site with id ${input.siteId} of ${machine.agentName ?? 'its agent'}`,
            'unknown_reference',
          );
        }
        if (target.status !== 'ACTIVE') throw invalidField('siteId', `"${target.name}" is closed`);
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
          `${machine.serialNo} was changed meanwhile; look again and retry`,
          machine.lifecycle,
          input.action,
        );
      }
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
      const [raw, siteName, prices] = await Promise.all([
        repo.runtimeOf(db, id),
        repo.siteName(db, machine.siteId),
        machine.lifecycle === 'OPERATING' ? pricesFor(machine) : Promise.resolve(null),
      ]);
      return {
        machine: machineDto(machine),
        siteName,
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

    async allocations(principal: Principal, machineId: number): Promise<Allocation[]> {
      await visibleMachine(principal, machineId);
      return (await repo.allocationsOf(db, machineId)).map((row) => ({
        id: row.allocation.id,
        batchNo: row.allocation.batchNo,
        machineId: row.allocation.machineId,
        serialNo: row.serialNo,
        action: row.allocation.action as Allocation['action'],
        fromAgent: row.from,
        toAgent: row.to,
        note: row.allocation.note,
        createBy: row.allocation.createBy,
        createTime: formatDateTime(row.allocation.createTime),
      }));
    },
  };
}
