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
import type { CommandsService } from '../commands/commands.service.ts';
import { firmwareRepository as repo } from './firmware.repository.ts';
import type { FirmwarePackages } from './firmware-packages.ts';

/** The longest a FIRMWARE_UPDATE command waits to be delivered: a week, as any command. */
const COMMAND_TTL_MAX_SECONDS = 7 * 24 * 3600;

/**
 * How rollouts move on by themselves: their due updates sent as FIRMWARE_UPDATE commands; after
 * every finished attempt the stop rule judged (HALTED, the waiting stages cancelled) and, while the
 * rollout runs, the next stage started once every machine of the current one has finished (the
 * last one finished: COMPLETED); updates not finished within the timeout timed out.
 */
export function createRolloutProgress(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    commands,
    packages,
    timeoutMs,
    log,
  }: { commands: CommandsService; packages: FirmwarePackages; timeoutMs: number; log: FastifyBaseLogger },
) {
  /** Sends the rollout's due updates (its stages up to the current one, while it runs). */
  async function sendDue(rolloutId: number): Promise<void> {
    const now = clock.now();
    const claimed = await repo.claimDue(db, rolloutId, now);
    if (claimed.length === 0) return;
    const rollout = await repo.rolloutById(db, rolloutId);
    const pkg = rollout && (await repo.packageById(db, rollout.rollout.packageId));
    if (!rollout || !pkg) return;
    const machines = new Map(
      (
        await repo.machinesIn(
          db,
          claimed.map((update) => update.machineId),
          null,
        )
      ).map((machine) => [machine.id, machine.serialNo]),
    );
    const expires = now.getTime() + timeoutMs;
    await commands.server.send(
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
  }

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
    if (next !== undefined) {
      await sendDue(next);
      // A stage whose machines all finished at once (none left to send) moves on again.
      await evaluate(next);
    }
  }

  return {
    sendDue,
    evaluate,
    /** The scheduled sweep: updates sent longer ago than the timeout are TIMED_OUT, and their rollouts judged. */
    async sweep(): Promise<{ rolloutsJudged: number }> {
      const now = clock.now();
      const rollouts = await repo.timeOut(db, new Date(now.getTime() - timeoutMs), now);
      for (const id of rollouts) await evaluate(id);
      return { rolloutsJudged: rollouts.length };
    },
  };
}
export type RolloutProgress = ReturnType<typeof createRolloutProgress>;
