import { randomUUID } from 'node:crypto';
import {
  COMMAND_RESULT_SECONDS,
  COMMAND_STATE_MACHINE,
  COMMAND_TTL_SECONDS,
  type CommandAck,
  type CommandAckAnswer,
  type CommandBatch,
  type CommandBatchInput,
  type CommandEvent,
  type CommandInput,
  type CommandQuery,
  CommandRecord,
  type CommandState,
  type CommandType,
  type DesiredSettingsInput,
  type MachineCommand,
  type MachineSettings,
  PENDING_COMMAND_STATES,
  type ReportedSettings,
  type SettingsValues,
} from '@water/contract/commands';
import type { Prices } from '@water/contract/gateway';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, HttpError, noSuch, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { conflictIn, moveBy } from '../../lib/state.ts';
import { formatDateTime } from '../../lib/time.ts';
import { wireMapper } from '../../lib/wire.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import { checkedParams } from './command-params.ts';
import { commandOrder, commandSortable, type NewCommand, commandsRepository as repo } from './commands.repository.ts';
import { createHeartbeatReads } from './heartbeat-reads.ts';
import { defaultSettings, desiredOf, desireSettings, recordReported, settingsAnswer } from './machine-settings.ts';
import { createServerCommands } from './server-commands.ts';

/**
 * How commands reach connected machines (MQTT): true when the machine was handed the command now.
 * A machine that only polls (HTTP) gets its commands on its next heartbeat's answer instead.
 */
export interface CommandPush {
  push(serialNo: string, command: MachineCommand): Promise<boolean>;
}

/** No connected machines: every command waits for its machine's heartbeat. */
export const HTTP_ONLY: CommandPush = { push: async () => false };

/** A machine as the gateway knows it. */
export interface CommandedMachine {
  id: number;
  serialNo: string;
  modelId: number;
  agentId: number | null;
}

/** Commands that change the desired settings as they are sent, and how. */
const SETTING_CHANGES: Partial<Record<CommandType, (params: CommandInput['params']) => Partial<SettingsValues>>> = {
  LOCK: () => ({ maintenance: true }),
  UNLOCK: () => ({ maintenance: false }),
  SET_PULSES_PER_LITRE: (params) => ({ pulsesPerLitre: params?.pulsesPerLitre as number }),
};

const ACK_EVENTS: Record<CommandAck['result'], CommandEvent> = {
  DELIVERED: 'DELIVER',
  SUCCEEDED: 'SUCCEED',
  FAILED: 'FAIL',
};
const FINISHED: readonly CommandState[] = ['SUCCEEDED', 'FAILED', 'TIMED_OUT'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toRecord = wireMapper(CommandRecord);

export type CommandsService = ReturnType<typeof createCommandsService>;

/**
 * Commands to machines and their desired settings. Staff send a command to one machine or to
 * many (one batch); a connected machine is handed it at once through `push`, one that polls
 * finds it on its next heartbeat's answer. The machine acknowledges receipt and result; the
 * scheduled sweep expires what was never delivered and times out what never finished.
 */
export function createCommandsService(
  { db, database: { relaxed }, clock, audit }: Pick<Deps, 'db' | 'database' | 'clock' | 'audit'>,
  {
    pricesFor,
    log,
    push: initialPush = HTTP_ONLY,
  }: {
    pricesFor: (machine: CommandedMachine) => Promise<Prices | null>;
    log: FastifyBaseLogger;
    push?: CommandPush;
  },
) {
  let push = initialPush;
  const heartbeatReads = createHeartbeatReads(db, clock);

  /** The machines of these ids the caller reaches; a missing one is refused by its id. */
  async function reachable(principal: Principal, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    const found = await repo.machinesIn(db, unique, await agentIdsInScope(db, principal.scope));
    const missing = unique.find((id) => !found.some((machine) => machine.id === id));
    if (missing !== undefined) throw notFound(noSuch('machine', missing));
    return found;
  }

  async function defaultsOf(machineId: number): Promise<SettingsValues> {
    const [machine] = await repo.machinesIn(db, [machineId], null);
    return defaultSettings(machine?.pulsesPerLitre ?? 1);
  }

  /** A command as its machine receives it; SYNC_CLOCK carries the time it is sent at. */
  function toMachine(row: { commandId: string; type: CommandType; params: Record<string, unknown>; expiresAt: Date }) {
    const params = row.type === 'SYNC_CLOCK' ? { ...row.params, serverTime: clock.now().getTime() } : row.params;
    return { commandId: row.commandId, type: row.type, params, expiresAt: row.expiresAt.getTime() } as MachineCommand;
  }

  /** Hands commands to connected machines (those it reached are SENT); the rest wait for a heartbeat. */
  async function pushAll(commands: readonly { id: number; serialNo: string; command: MachineCommand }[]) {
    const sent: number[] = [];
    for (let at = 0; at < commands.length; at += 200) {
      await Promise.all(
        commands.slice(at, at + 200).map(async ({ id, serialNo, command }) => {
          const pushed = await push.push(serialNo, command).catch((error) => {
            log.warn({ err: error, serialNo }, 'command push failed');
            return false;
          });
          if (pushed) sent.push(id);
        }),
      );
    }
    await repo.markSent(db, sent, clock.now());
  }

  /** Queues one command for each machine (one batch for several), the settings it changes with it. */
  async function queue(principal: Principal, machineIds: readonly number[], input: CommandInput, batched: boolean) {
    const params = checkedParams(input);
    const machines = await reachable(principal, machineIds);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + (input.ttlSeconds ?? COMMAND_TTL_SECONDS) * 1000);
    const prices = new Map<number, Prices>();
    if (input.type === 'SET_PRICES') {
      for (const machine of machines) {
        const found = await pricesFor(machine);
        if (!found) throw badRequest({ key: 'errors.commands.noPrices', values: { serialNo: machine.serialNo } });
        prices.set(machine.id, found);
      }
    }
    const change = SETTING_CHANGES[input.type]?.(input.params);
    const inserted = await db.transaction(async (tx) => {
      const versions = new Map<number, number>();
      if (change) {
        for (const machine of machines) {
          const row = await repo.settingsOf(tx, machine.id);
          const desired = { ...desiredOf(row, defaultSettings(machine.pulsesPerLitre)), ...change };
          const { version: _, ...values } = desired;
          await repo.desire(tx, machine.id, values, principal.username, now);
          versions.set(machine.id, (row?.version ?? 0) + 1);
        }
      }
      const batch = batched
        ? await repo.insertBatch(tx, {
            type: input.type,
            total: machines.length,
            createBy: principal.username,
            createTime: now,
          })
        : undefined;
      const rows: NewCommand[] = machines.map((machine) => ({
        commandId: randomUUID(),
        machineId: machine.id,
        batchId: batch?.id ?? null,
        type: input.type,
        params: {
          ...params,
          ...(prices.has(machine.id) ? { prices: prices.get(machine.id) } : {}),
          ...(versions.has(machine.id) ? { settingsVersion: versions.get(machine.id) } : {}),
        },
        createBy: principal.username,
        createTime: now,
        expiresAt,
      }));
      const commands = await repo.insert(tx, rows);
      const sent = commands.map(({ id, machineId, type, params, batchId }) => ({
        id,
        machineId,
        type,
        params,
        batchId,
      }));
      await audit.record(
        tx,
        sent.map((after) => ({ recordType: 'command', recordId: after.id, action: 'send', after })),
      );
      return { batch, commands };
    });
    const serialOf = new Map(machines.map((machine) => [machine.id, machine.serialNo]));
    await pushAll(
      inserted.commands.map((row) => ({
        id: row.id,
        serialNo: serialOf.get(row.machineId) as string,
        command: toMachine(row),
      })),
    );
    return inserted;
  }

  /** A command the caller reaches, by its id. */
  async function visibleCommand(principal: Principal, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound(noSuch('command', id));
    const agents = await agentIdsInScope(db, principal.scope);
    const reaches = agents === null || (row.agentId !== null && agents.includes(row.agentId));
    if (!reaches) throw notFound(noSuch('command', id));
    return row;
  }

  async function batchAnswer(principal: Principal, id: number): Promise<CommandBatch> {
    const batch = await repo.batchById(db, id);
    const counts = batch ? await repo.batchCounts(db, id, await agentIdsInScope(db, principal.scope)) : [];
    if (!batch || counts.length === 0) throw notFound(noSuch('command', id));
    const byState = Object.fromEntries(counts.map((row) => [row.state, row.n]));
    const total = counts.reduce((sum, row) => sum + row.n, 0);
    const pending = counts.filter((row) => PENDING_COMMAND_STATES.includes(row.state)).reduce((s, r) => s + r.n, 0);
    return {
      id: batch.id,
      type: batch.type,
      total,
      createBy: batch.createBy,
      createTime: formatDateTime(batch.createTime) as string,
      counts: byState,
      pending,
    };
  }
  return {
    /** Commands the server's own work sends (a firmware rollout's), delivered as staff's are. */
    server: createServerCommands({ db, clock }, pushAll, toMachine),
    /** Connects a transport that reaches machines at once (MQTT's publish on `m/{serial}/cmd`). */
    usePush(transport: CommandPush): void {
      push = transport;
    },

    // ------------------------------------------------------------ the console
    async list(principal: Principal, machineId: number, query: CommandQuery) {
      await reachable(principal, [machineId]);
      const { content, totalElements } = await repo.page(
        db,
        machineId,
        query,
        toPaging(query, commandSortable, commandOrder),
      );
      return { content: content.map(toRecord), totalElements };
    },

    async send(principal: Principal, machineId: number, input: CommandInput): Promise<CommandRecord> {
      const { commands } = await queue(principal, [machineId], input, false);
      return toRecord(await visibleCommand(principal, (commands[0] as { id: number }).id));
    },

    async sendBatch(principal: Principal, input: CommandBatchInput): Promise<CommandBatch> {
      const { machineIds, ...command } = input;
      const { batch } = await queue(principal, machineIds, command, true);
      return batchAnswer(principal, (batch as { id: number }).id);
    },

    batch: batchAnswer,

    async cancel(principal: Principal, id: number): Promise<CommandRecord> {
      const row = await visibleCommand(principal, id);
      const to = moveBy(COMMAND_STATE_MACHINE, row.state, 'CANCEL');
      const moved = await db.transaction(async (tx) => {
        if (!(await repo.move(tx, id, row.state, { state: to, finishedTime: clock.now() }))) return false;
        await audit.record(tx, {
          recordType: 'command',
          recordId: id,
          action: 'cancel',
          before: { state: row.state },
          after: { state: to },
        });
        return true;
      });
      if (!moved) {
        const now = await repo.byId(db, id);
        throw conflictIn(COMMAND_STATE_MACHINE, now?.state ?? row.state, 'CANCEL');
      }
      return toRecord(await visibleCommand(principal, id));
    },

    async settings(principal: Principal, machineId: number): Promise<MachineSettings> {
      const [machine] = await reachable(principal, [machineId]);
      const row = await repo.settingsOf(db, machineId);
      return settingsAnswer(machineId, row, defaultSettings(machine?.pulsesPerLitre ?? 1));
    },

    async editSettings(principal: Principal, machineId: number, input: DesiredSettingsInput): Promise<MachineSettings> {
      await reachable(principal, [machineId]);
      await desireSettings(db, machineId, input, principal.username, clock.now());
      return this.settings(principal, machineId);
    },

    // ------------------------------------------------------------ the machines
    /**
     * What a heartbeat's answer carries: the commands waiting for the machine (now SENT; sent
     * again on each heartbeat until acknowledged), the desired settings while the version the
     * machine reports differs, and the heartbeat interval they set.
     */
    async forHeartbeat(machine: CommandedMachine, reported: ReportedSettings | undefined) {
      const now = clock.now();
      const [row, waiting] = await Promise.all([
        heartbeatReads.settingsOf(machine.id),
        heartbeatReads.undelivered(machine.id),
      ]);
      // Written without waiting for the disk, as the runtime is: the next heartbeat brings a lost one.
      if (reported) await recordReported(relaxed, machine, reported, () => defaultsOf(machine.id), now, { row });
      await repo.markSent(
        db,
        waiting.map((command) => command.id),
        now,
      );
      const desired = row ? desiredOf(row, row.desired) : undefined;
      const behind = desired !== undefined && desired.version !== (reported?.version ?? row?.reportedVersion);
      return {
        commands: waiting.map(toMachine),
        heartbeatSeconds: desired?.heartbeatSeconds,
        ...(behind ? { settings: desired } : {}),
      };
    },

    /**
     * A machine acknowledges one of its commands: received, succeeded or failed. The same
     * acknowledgement again is answered as it stands; a receipt after the result changes nothing.
     */
    async acknowledge(machine: { id: number; serialNo: string }, ack: CommandAck): Promise<CommandAckAnswer> {
      const row = UUID.test(ack.commandId) ? await repo.ofMachine(db, machine.id, ack.commandId) : undefined;
      if (!row) {
        throw notFound({
          key: 'errors.commands.noSuchCommand',
          values: { serialNo: machine.serialNo, commandId: ack.commandId },
        });
      }
      const now = clock.now();
      if (ack.reported) await recordReported(db, machine, ack.reported, () => defaultsOf(machine.id), now);
      const answer = (state: CommandState) => ({ commandId: row.commandId, state });
      const target = ack.result as CommandState;
      if (row.state === target) return answer(row.state);
      if (ack.result === 'DELIVERED' && FINISHED.includes(row.state) && row.state !== 'TIMED_OUT') {
        return answer(row.state);
      }
      const to = moveBy(COMMAND_STATE_MACHINE, row.state, ACK_EVENTS[ack.result]);
      const message = ack.message ?? null;
      const moved = await repo.move(
        db,
        row.id,
        row.state,
        to === 'DELIVERED'
          ? { state: to, deliveredTime: now, sentTime: row.sentTime ?? now }
          : {
              state: to,
              finishedTime: now,
              deliveredTime: row.deliveredTime ?? now,
              sentTime: row.sentTime ?? now,
              message,
            },
      );
      if (!moved) return this.acknowledge(machine, { ...ack, reported: undefined });
      return answer(to);
    },

    /** Hands a machine that (re)connects the commands waiting for it, but those pushed since (`handed`). */
    async deliverPending(machine: { id: number; serialNo: string }, handed: ReadonlySet<string>): Promise<void> {
      const waiting = (await heartbeatReads.waitingOnConnect(machine.id)).filter((row) => !handed.has(row.commandId));
      await pushAll(waiting.map((row) => ({ id: row.id, serialNo: machine.serialNo, command: toMachine(row) })));
    },

    /** Whether a machine is in maintenance mode (locked): it sells nothing. */
    inMaintenance(machineId: number): Promise<boolean> {
      return repo.inMaintenance(db, machineId);
    },

    /** Refuses a new sale of a machine in maintenance mode. */
    async refuseSalesInMaintenance(machine: { id: number; serialNo: string }): Promise<void> {
      if (await repo.inMaintenance(db, machine.id)) {
        throw new HttpError(
          403,
          { key: 'errors.commands.maintenance', values: { serialNo: machine.serialNo } },
          'MACHINE_MAINTENANCE',
        );
      }
    },

    /** The scheduled sweep: commands never delivered in time expire, those delivered without a result time out. */
    async sweep(): Promise<{ expired: number; timedOut: number }> {
      const now = clock.now();
      const expired = await repo.expire(db, now);
      const timedOut = await repo.timeOut(db, new Date(now.getTime() - COMMAND_RESULT_SECONDS * 1000), now);
      return { expired, timedOut };
    },
  };
}
