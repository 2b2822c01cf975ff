import type { Database } from '../../db/client.ts';
import { batched } from '../../lib/batch.ts';
import type { Clock } from '../../lib/time.ts';
import { commandsRepository as repo } from './commands.repository.ts';

/** How long a machine that (re)connects waits for others to read their waiting commands with. */
const CONNECTED_GATHER_MS = 10;

/**
 * What every heartbeat reads of the commands module: the machine's settings row and the commands
 * waiting for it, each read once for the heartbeats of one turn of the event loop; and the
 * commands waiting for machines that (re)connect, read once for those of a few milliseconds (a
 * broker back after a restart brings the fleet back within seconds).
 */
export function createHeartbeatReads(db: Database, clock: Clock) {
  /** The commands waiting for each of these machines, up to `most` each. */
  const waitingFor = (most: number) => async (machineIds: readonly number[]) => {
    const waiting = await repo.undeliveredAmong(db, machineIds, clock.now(), most);
    return machineIds.map((id) => waiting.get(id) ?? []);
  };
  return {
    settingsOf: batched(async (machineIds: readonly number[]) => {
      const rows = await repo.settingsAmong(db, machineIds);
      return machineIds.map((id) => rows.get(id));
    }),
    undelivered: batched(waitingFor(20)),
    waitingOnConnect: batched(waitingFor(100), { gatherMs: CONNECTED_GATHER_MS }),
  };
}
