import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../lib/time.ts';
import type { HeldOnline } from '../../alarms/alarms.service.ts';
import type { GatewayMachineRow } from '../gateway.repository.ts';
import type { GatewayService } from '../gateway.service.ts';
import { KeyedQueue } from './keyed-queue.ts';

/**
 * After the server (and its broker) starts, connected machines need a while to come back: for
 * this long the heartbeat rule waits, so a restart raises no offline alarm. It is 1.5 times the
 * heartbeat interval machines are told, the longest a healthy machine stays away.
 */
export const RECONNECT_WINDOW_MS = 90_000;

interface Held {
  machine: GatewayMachineRow;
  session: object;
}

/**
 * Which machines are connected: online at their connection; offline when it is lost and not
 * made again within the grace (a flapping link raises no alarm), or at once when their keepalive
 * ran out (they have been silent for 1.5 keepalives already). The machines' rows change one
 * machine at a time, in the order the connections came and went.
 */
export class MachinePresence implements HeldOnline {
  readonly #held = new Map<string, Held>();
  readonly #leaving = new Map<string, { machine: GatewayMachineRow; timer: NodeJS.Timeout }>();
  readonly #queue: KeyedQueue;
  readonly #startedAt: number;
  #closed = false;

  constructor(
    private readonly gateway: Pick<GatewayService, 'connected' | 'connectionLost'>,
    private readonly options: { graceMs: number; clock: Clock; log: FastifyBaseLogger },
  ) {
    this.#startedAt = options.clock.now().getTime();
    this.#queue = new KeyedQueue((error, serialNo) =>
      options.log.error({ err: error, serialNo }, 'could not record a machine’s connection'),
    );
  }

  connected(machine: GatewayMachineRow, session: object): Promise<void> {
    const leaving = this.#leaving.get(machine.serialNo);
    if (leaving) clearTimeout(leaving.timer);
    this.#leaving.delete(machine.serialNo);
    this.#held.set(machine.serialNo, { machine, session });
    return this.#queue.run(machine.serialNo, () => this.gateway.connected(machine));
  }

  /** A connection ended; ignored when the machine has connected again since (`session` is not its current one). */
  disconnected(machine: GatewayMachineRow, session: object, silent: boolean): void {
    const held = this.#held.get(machine.serialNo);
    if (this.#closed || held?.session !== session) return;
    this.#held.delete(machine.serialNo);
    const lose = () => {
      this.#leaving.delete(machine.serialNo);
      if (this.#closed || this.#held.has(machine.serialNo)) return;
      void this.#queue.run(machine.serialNo, () => this.gateway.connectionLost(machine));
    };
    if (silent) lose();
    else this.#leaving.set(machine.serialNo, { machine, timer: setTimeout(lose, this.options.graceMs) });
  }

  isConnected(serialNo: string): boolean {
    return this.#held.has(serialNo);
  }

  /** The machines connected, or within their grace after a lost connection. */
  machineIds(): number[] {
    return [...this.#held.values(), ...this.#leaving.values()].map(({ machine }) => machine.id);
  }

  settling(): boolean {
    return this.options.clock.now().getTime() - this.#startedAt < RECONNECT_WINDOW_MS;
  }

  /** Waits for the rows being written; forgets the connections (the server is stopping: no alarm). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const { timer } of this.#leaving.values()) clearTimeout(timer);
    this.#leaving.clear();
    await this.#queue.settled();
  }
}
