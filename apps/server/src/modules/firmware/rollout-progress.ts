import {
  ACTIVE_UPDATE_STATES,
  FAILED_UPDATE_STATES,
  FINISHED_UPDATE_STATES,
  ROLLOUT_STATE_MACHINE,
  STOP_FAILED_PERCENT,
  shouldStop,
} from '@water/contract/firmware';
import type { FirmwareUpdateParams } from '@water/contract/gateway';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { moveBy } from '../../lib/state.ts';
import type { TaskQueue } from '../../lib/task-queue.ts';
import type { CommandsService } from '../commands/commands.service.ts';
import { firmwareRepository as repo } from './firmware.repository.ts';
import type { FirmwarePackages } from './firmware-packages.ts';

/** A step of a rollout, as its task carries it. */
interface RolloutStep {
  rolloutId: number;
}

/** The longest a FIRMWARE_UPDATE command waits to be delivered: a week, as any command. */
const COMMAND_TTL_MAX_SECONDS = 7 * 24 * 3600;

/**
 * How rollouts move on by themselves: their due updates sent as FIRMWARE_UPDATE commands; after
 * every finished attempt the stop rule judged (HALTED, the waiting stages cancelled) and, while the
 * rollout runs, the next stage started once every machine of the current one has finished (the
 * last one finished: COMPLETED), its updates sent by a `firmware-rollout` task on the durable
 * queue; updates not finished within the timeout timed out.
 */
export function createRolloutProgress(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    commands,
    packages,
    timeoutMs,
    log,
    tasks,
  }: {
    commands: CommandsService;
    packages: FirmwarePackages;
    timeoutMs: number;
    log: FastifyBaseLogger;
    tasks: TaskQueue;
  },
) {
  /**
   * Sends the rollout's due updates (its stages up to the current one, while it runs): claimed
   * and their commands queued in one unit of work, so that an update is sent once, or is still
   * due after a crash; delivered to connected machines once it is committed.
   */
  async function sendDue(rolloutId: number): Promise<void> {
    const deliver = await db.transaction(async (tx) => {
      const now = clock.now();
      const claimed = await repo.claimDue(tx, rolloutId, now);
      if (claimed.length === 0) return undefined;
      const rollout = await repo.rolloutById(tx, rolloutId);
      const pkg = rollout && (await repo.packageById(tx, rollout.rollout.packageId));
      if (!rollout || !pkg) return undefined;
      const machines = new Map(
        (
          await repo.machinesIn(
            tx,
            claimed.map((update) => update.machineId),
            null,
          )
        ).map((machine) => [machine.id, machine.serialNo]),
      );
      const expires = now.getTime() + timeoutMs;
      return commands.server.prepare(
        tx,
        'FIRMWARE_UPDATE',
        claimed.map((update) => {
          const serialNo = machines.get(update.machineId) as string;
          const params: FirmwareUpdateParams = {
            updateId: update.updateId,
            version: pkg.version,
            size: pkg.size,
            sha256: pkg.sha256,
            url: packages.linkFor(pkg.id, serialNo, expires),
          };
          return { commandId: update.commandId as string, machineId: update.machineId, serialNo, params };
        }),
        rollout.rollout.createBy,
        Math.min(COMMAND_TTL_MAX_SECONDS, Math.max(10, Math.ceil(timeoutMs / 1000))),
      );
    });
    await deliver?.();
  }

  /** A step of a rollout, as its task runs it: its due updates sent, then the rollout judged. */
  async function step(rolloutId: number): Promise<void> {
    await sendDue(rolloutId);
    await evaluate(rolloutId);
  }

  tasks.define<RolloutStep>({
    kind: 'firmware-rollout',
    retryLimit: 5,
    retryDelaySeconds: 5,
    run: ({ rolloutId }) => step(rolloutId),
  });

  /**
   * Judges a rollout after its updates changed: halts it by the stop rule, or starts its next
   * stage (or completes it) when the current one has finished. One caller at a time per rollout
   * (its row is locked); the stage's commands go out after the unit of work.
   */
  async function evaluate(rolloutId: number): Promise<void> {
    const next = await db.transaction(async (tx) => {
      const rollout = await repo.lockRollout(tx, rolloutId);
      if (!rollout || (rollout.state !== 'RUNNING' && rollout.state !== 'PAUSED')) return undefined;
      const counts = await repo.stageCounts(tx, [rolloutId]);
      const sum = (states: readonly string[], upTo = Number.POSITIVE_INFINITY) =>
        counts.filter((row) => states.includes(row.state) && row.stage <= upTo).reduce((n, row) => n + row.n, 0);
      const finished = sum(FINISHED_UPDATE_STATES);
      const failed = sum(FAILED_UPDATE_STATES);
      const now = clock.now();
      if (shouldStop(finished, failed)) {
        await repo.setRollout(tx, rolloutId, {
          state: moveBy(ROLLOUT_STATE_MACHINE, rollout.state, 'HALT'),
          finishTime: now,
          haltReason: {
            key: 'firmware.haltReason',
            values: { failed, finished, percent: Math.round((failed * 1000) / finished) / 10 },
          },
        });
        await repo.moveAll(tx, rolloutId, ['PENDING'], 'CANCELLED', now);
        log.warn(
          { rolloutId, failed, finished, limit: STOP_FAILED_PERCENT },
          'firmware rollout halted by its stop rule',
        );
        return undefined;
      }
      if (rollout.state !== 'RUNNING' || sum(ACTIVE_UPDATE_STATES, rollout.currentStage) > 0) return undefined;
      if (rollout.currentStage >= rollout.stageEnds.length) {
        await repo.setRollout(tx, rolloutId, {
          state: moveBy(ROLLOUT_STATE_MACHINE, rollout.state, 'COMPLETE'),
          finishTime: now,
        });
        return undefined;
      }
      await repo.setRollout(tx, rolloutId, { currentStage: rollout.currentStage + 1 });
      return rolloutId;
    });
    // The next stage goes out as a task of its own: made once, after a crash too.
    if (next !== undefined)
      await tasks.enqueue('firmware-rollout', { rolloutId: next }, { owner: null, subjectId: next });
  }

  return {
    step,
    evaluate,
    /**
     * The scheduled sweep: updates sent longer ago than the timeout are TIMED_OUT, and their
     * rollouts judged; a stage started whose updates were not sent (its step's task lost to a crash
     * between the two) is sent.
     */
    async sweep(): Promise<{ rolloutsJudged: number; rolloutsSent: number }> {
      const now = clock.now();
      const rollouts = await repo.timeOut(db, new Date(now.getTime() - timeoutMs), now);
      for (const id of rollouts) await evaluate(id);
      const unsent = await repo.withUnsent(db);
      for (const id of unsent) await sendDue(id);
      return { rolloutsJudged: rollouts.length, rolloutsSent: unsent.length };
    },
  };
}
export type RolloutProgress = ReturnType<typeof createRolloutProgress>;
