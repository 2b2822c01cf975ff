import {
  FINISHED_UPDATE_STATES,
  UPDATE_STATE_MACHINE,
  type UpdateEvent,
  type UpdateState,
} from '@water/contract/firmware';
import type { FirmwareProgress, FirmwareProgressAnswer, FirmwareProgressStage } from '@water/contract/gateway';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import { moveBy } from '../../lib/state.ts';
import type { MachinesService } from '../machines/machines.service.ts';
import { firmwareRepository as repo } from './firmware.repository.ts';
import type { RolloutProgress } from './rollout-progress.ts';

const EVENTS: Record<FirmwareProgressStage, UpdateEvent> = {
  DOWNLOADING: 'DOWNLOAD',
  INSTALLING: 'INSTALL',
  SUCCEEDED: 'SUCCEED',
  FAILED: 'FAIL',
};
/** How far along each state is: a report behind its update's state is a late one. */
const RANK: Record<UpdateState, number> = {
  PENDING: 0,
  SENT: 1,
  DOWNLOADING: 2,
  INSTALLING: 3,
  SUCCEEDED: 4,
  FAILED: 4,
  TIMED_OUT: 4,
  CANCELLED: 4,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A machine's reports of its updates, over HTTP or MQTT alike. The same report again changes
 * nothing, nor does a late one (downloading after installing); a report that contradicts the
 * update's end (failed after succeeded, anything after it was cancelled) is `409 STATE_CONFLICT`.
 * A success sets the machine's firmware; every finished attempt has its rollout judged.
 */
export function createFirmwareReports(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { machines, progress }: { machines: MachinesService; progress: RolloutProgress },
) {
  return {
    async report(machine: { id: number; serialNo: string }, report: FirmwareProgress): Promise<FirmwareProgressAnswer> {
      const row = UUID.test(report.updateId) ? await repo.updateOfMachine(db, machine.id, report.updateId) : undefined;
      if (!row) {
        throw notFound({
          key: 'errors.firmware.noSuchUpdate',
          values: { serialNo: machine.serialNo, updateId: report.updateId },
        });
      }
      const answer = (state: UpdateState, percent: number | null) => ({ updateId: row.updateId, state, percent });
      const target = report.stage as UpdateState;
      const percent = report.percent ?? (target === 'SUCCEEDED' ? 100 : row.percent);
      const now = clock.now();
      if (row.state === target) {
        const further = !FINISHED_UPDATE_STATES.includes(target) && percent !== null && percent > (row.percent ?? -1);
        if (further) await repo.moveUpdate(db, row.id, row.state, { percent, updateTime: now });
        return answer(row.state, further ? percent : row.percent);
      }
      const late = RANK[target] < RANK[row.state] && row.state !== 'CANCELLED';
      if (late) return answer(row.state, row.percent);
      const to = moveBy(UPDATE_STATE_MACHINE, row.state, EVENTS[report.stage]);
      const finished = FINISHED_UPDATE_STATES.includes(to);
      const moved = await db.transaction(async (tx) => {
        const done = await repo.moveUpdate(tx, row.id, row.state, {
          state: to,
          percent: to === 'DOWNLOADING' || to === 'INSTALLING' ? (report.percent ?? 0) : percent,
          updateTime: now,
          ...(finished ? { finishedTime: now } : {}),
          ...(to === 'FAILED' ? { error: report.error ?? null } : {}),
        });
        if (done && to === 'SUCCEEDED') await machines.runtime.setFirmware(tx, machine.id, row.version);
        return done;
      });
      // Another report moved it meanwhile: judged again against where it is now.
      if (!moved) return this.report(machine, report);
      if (finished) await progress.evaluate(row.rolloutId);
      return answer(to, to === 'DOWNLOADING' || to === 'INSTALLING' ? (report.percent ?? 0) : percent);
    },
  };
}
