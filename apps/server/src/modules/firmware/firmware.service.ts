import { randomUUID } from 'node:crypto';
import type { PageOf } from '@water/contract/common';
import {
  FirmwareUpdate,
  type FirmwareUpdateQuery,
  ROLLOUT_ACTION_EVENTS,
  ROLLOUT_STATE_MACHINE,
  type Rollout,
  type RolloutAction,
  type RolloutInput,
  type RolloutQuery,
  stageEnds,
} from '@water/contract/firmware';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { HttpError, invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { moveBy } from '../../lib/state.ts';
import type { TaskQueue } from '../../lib/task-queue.ts';
import type { Language } from '../../lib/texts.ts';
import { wireMapper } from '../../lib/wire.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import type { CommandsService } from '../commands/commands.service.ts';
import type { MachinesService } from '../machines/machines.service.ts';
import {
  machineUpdateOrder,
  firmwareRepository as repo,
  rolloutOrder,
  rolloutSortable,
  updateOrder,
  updateSortable,
} from './firmware.repository.ts';
import { firmwareLinks } from './firmware-links.ts';
import { createFirmwarePackages } from './firmware-packages.ts';
import { createFirmwareReports } from './firmware-reports.ts';
import { rolloutAnswers } from './rollout-answers.ts';
import { createRolloutProgress } from './rollout-progress.ts';

const toUpdate = wireMapper(FirmwareUpdate);

type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];

export type FirmwareService = ReturnType<typeof createFirmwareService>;

/**
 * Firmware: packages per model, and rollouts that take one to machines in stages. Staff start,
 * pause, resume, cancel and roll back; the machines' reports and the scheduled sweep move the
 * rollouts on (rollout-progress.ts).
 */
export function createFirmwareService(
  { db, clock, audit }: Pick<Deps, 'db' | 'clock' | 'audit'>,
  options: {
    files: FileStore;
    /** What the download links are signed with (the server's own secret), and where machines reach them. */
    links: { serverSecret: string; baseUrl: string | undefined };
    timeoutMs: number;
    commands: CommandsService;
    machines: MachinesService;
    log: FastifyBaseLogger;
    tasks: TaskQueue;
  },
) {
  const packages = createFirmwarePackages({ db, clock }, options.files, firmwareLinks(options.links));
  const progress = createRolloutProgress({ db, clock }, { ...options, packages });
  const answers = rolloutAnswers(db);
  const reports = createFirmwareReports({ db, clock }, { machines: options.machines, progress });

  /** A busy machine's refusal: it already has an update under way. */
  const busyRefusal = (busy: { serialNo: string; rolloutId: number }) =>
    new HttpError(409, { key: 'errors.firmware.busy', values: busy }, 'RULE_VIOLATED');

  /** Creates a rollout and its updates in `tx`, the machines in the order the stages take them. */
  async function create(
    tx: Tx,
    values: { packageId: number; rollbackOf?: number; createBy: string },
    machines: readonly { id: number; firmware: string | null }[],
    ends: readonly number[],
  ) {
    const [busy] = await repo.busy(
      tx,
      machines.map((machine) => machine.id),
    );
    if (busy) throw busyRefusal(busy);
    const rollout = await repo.insertRollout(tx, { ...values, stageEnds: [...ends], createTime: clock.now() });
    const after = { ...values, stageEnds: [...ends], machineIds: machines.map((machine) => machine.id) };
    await audit.record(tx, { recordType: 'firmware-rollout', recordId: rollout.id, action: 'create', after });
    await repo.insertUpdates(
      tx,
      machines.map((machine, position) => ({
        updateId: randomUUID(),
        rolloutId: rollout.id,
        machineId: machine.id,
        position,
        stage: ends.findIndex((end) => position < end) + 1,
        fromVersion: machine.firmware,
        updateTime: clock.now(),
      })),
    );
    return rollout;
  }

  /** Runs a unit of work that creates a rollout; a machine taken meanwhile by another is refused. */
  async function creating(machineIds: readonly number[], work: (tx: Tx) => Promise<{ id: number }>) {
    try {
      const rollout = await db.transaction(work);
      await progress.step(rollout.id);
      return rollout;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const [busy] = await repo.busy(db, machineIds);
      throw busy ? busyRefusal(busy) : error;
    }
  }

  async function rolloutRow(id: number) {
    const row = await repo.rolloutById(db, id);
    if (!row) throw notFound(noSuch('rollout', id));
    return row;
  }

  async function rollBack(principal: Principal, id: number) {
    const { rollout, modelId, modelName, version } = await rolloutRow(id);
    moveBy(ROLLOUT_STATE_MACHINE, rollout.state, 'ROLL_BACK');
    const previous = await repo.previousPackage(db, modelId, rollout.packageId);
    if (!previous) {
      throw new HttpError(
        409,
        { key: 'errors.firmware.noPrevious', values: { model: modelName, version } },
        'RULE_VIOLATED',
      );
    }
    const machines = await repo.succeeded(db, id);
    if (machines.length === 0) throw new HttpError(409, { key: 'errors.firmware.nothingUpdated' }, 'RULE_VIOLATED');
    return creating(
      machines.map((machine) => machine.id),
      async (tx) => {
        const locked = await repo.lockRollout(tx, id);
        const to = moveBy(ROLLOUT_STATE_MACHINE, locked?.state ?? rollout.state, 'ROLL_BACK');
        await repo.setRollout(tx, id, { state: to });
        const [before, after] = [{ state: locked?.state ?? rollout.state }, { state: to }];
        await audit.record(tx, { recordType: 'firmware-rollout', recordId: id, action: 'rollback', before, after });
        return create(tx, { packageId: previous.id, rollbackOf: id, createBy: principal.username }, machines, [
          machines.length,
        ]);
      },
    );
  }

  return {
    packages,

    async start(principal: Principal, input: RolloutInput, language: Language): Promise<Rollout> {
      const pkg = await repo.packageById(db, input.packageId);
      if (!pkg) throw notFound(noSuch('firmwarePackage', input.packageId));
      const ids = [...new Set(input.machineIds)];
      const found = new Map(
        (await repo.machinesIn(db, ids, await agentIdsInScope(db, principal.scope))).map((row) => [row.id, row]),
      );
      const missing = ids.find((machineId) => !found.has(machineId));
      if (missing !== undefined) throw notFound(noSuch('machine', missing));
      const machines = ids.map((machineId) => found.get(machineId) as NonNullable<ReturnType<typeof found.get>>);
      const other = machines.find((machine) => machine.modelId !== pkg.modelId);
      if (other) {
        throw invalidField(
          'machineIds',
          { key: 'errors.firmware.wrongModel', values: { serialNo: other.serialNo, model: pkg.modelName } },
          'format',
        );
      }
      const sum = (input.batchSizes ?? []).reduce((total, size) => total + size, 0);
      if (sum > machines.length) {
        throw invalidField(
          'batchSizes',
          { key: 'errors.firmware.batchesTooLarge', values: { sum, count: machines.length } },
          'format',
        );
      }
      const rollout = await creating(ids, (tx) =>
        create(
          tx,
          { packageId: pkg.id, createBy: principal.username },
          machines,
          stageEnds(machines.length, input.batchSizes),
        ),
      );
      return this.rollout(rollout.id, language);
    },

    async rollouts(query: RolloutQuery, language: Language): Promise<PageOf<Rollout>> {
      const page = await repo.rolloutsWith(
        db,
        repo.rolloutFilter(query),
        toPaging(query, rolloutSortable, rolloutOrder),
      );
      return { content: await answers(page.content, language), totalElements: page.totalElements };
    },

    async rollout(id: number, language: Language): Promise<Rollout> {
      const [answer] = await answers([await rolloutRow(id)], language);
      return answer as Rollout;
    },

    /** Pause, resume, cancel (its updates not yet under way withdrawn) or roll back (answers the new rollout). */
    async act(principal: Principal, id: number, action: RolloutAction, language: Language): Promise<Rollout> {
      if (action === 'rollback') return this.rollout((await rollBack(principal, id)).id, language);
      const event = ROLLOUT_ACTION_EVENTS[action];
      const withdrawn = await db.transaction(async (tx) => {
        const locked = await repo.lockRollout(tx, id);
        if (!locked) throw notFound(noSuch('rollout', id));
        const to = moveBy(ROLLOUT_STATE_MACHINE, locked.state, event);
        const now = clock.now();
        await repo.setRollout(tx, id, { state: to, ...(to === 'CANCELLED' ? { finishTime: now } : {}) });
        const [before, after] = [{ state: locked.state }, { state: to }];
        await audit.record(tx, { recordType: 'firmware-rollout', recordId: id, action, before, after });
        return to === 'CANCELLED' ? repo.moveAll(tx, id, ['PENDING', 'SENT'], 'CANCELLED', now) : [];
      });
      await options.commands.server.withdraw(withdrawn);
      if (action === 'resume') await progress.step(id);
      return this.rollout(id, language);
    },

    /** A rollout's updates, of the machines the caller reaches. */
    async updates(principal: Principal, id: number, query: FirmwareUpdateQuery): Promise<PageOf<FirmwareUpdate>> {
      await rolloutRow(id);
      const agents = await agentIdsInScope(db, principal.scope);
      const page = await repo.updatePage(
        db,
        { rolloutId: id },
        query,
        agents,
        toPaging(query, updateSortable, updateOrder),
      );
      return { content: page.content.map(toUpdate), totalElements: page.totalElements };
    },

    /** A machine's updates, newest first. */
    async machineUpdates(
      principal: Principal,
      machineId: number,
      query: FirmwareUpdateQuery,
    ): Promise<PageOf<FirmwareUpdate>> {
      const agents = await agentIdsInScope(db, principal.scope);
      const [machine] = await repo.machinesIn(db, [machineId], agents);
      if (!machine) throw notFound(noSuch('machine', machineId));
      const paging = toPaging(query, updateSortable, machineUpdateOrder);
      const page = await repo.updatePage(db, { machineId }, query, agents, paging);
      return { content: page.content.map(toUpdate), totalElements: page.totalElements };
    },

    report: reports.report,
    sweep: progress.sweep,
  };
}
