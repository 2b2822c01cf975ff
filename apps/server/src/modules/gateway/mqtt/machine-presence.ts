import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../lib/time.ts';
import type { HeldOnline } from '../../alarms/alarms.service.ts';
import type { GatewayMachineRow } from '../gateway.repository.ts';
import { KeyedQueue } from './keyed-queue.ts';

/** Connections that came within this long are written together (after a power cut, thousands come at once). */
const GATHER_MS = 20;

/** What presence changes, in the machines' rows. */
export interface PresenceWrites {
  connected(machines: readonly GatewayMachineRow[]): Promise<void>;
  connectionLost(machine: GatewayMachineRow): Promise<void>;
}

interface Held {
  machine: GatewayMachineRow;
  session: object;
}

/**
 * Which machines are connected: online at their connection; offline when it is lost and not
 * made again within the grace (a flapping link raises no alarm), or at once when their keepalive
 * ran out (they have been silent for 1.5 keepalives already). The rows change in the order the
 * connections came and went; connections that come together are written together.
 */
export class MachinePresence implements HeldOnline {
  readonly #held = new Map<string, Held>();
  readonly #leaving = new Map<string, { machine: GatewayMachineRow; timer: NodeJS.Timeout }>();
  /** Connected, not written yet. */
  readonly #arrived = new Map<string, GatewayMachineRow>();
  #gathering: NodeJS.Timeout | undefined;
  readonly #writes: KeyedQueue;
  #startedAt: number;
  #closed = false;

  constructor(
    private readonly rows: PresenceWrites,
    private readonly options: {
      graceMs: number;
      /** After a start, how long the heartbeat rule waits for connected machines to come back. */
      reconnectWindowMs: number;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {
    this.#startedAt = options.clock.now().getTime();
    this.#writes = new KeyedQueue((error) =>
      options.log.error({ err: error }, 'could not record machines’ connections'),
    );
  }

  /** Queues the connections gathered so far, as one write. */
  #writeArrived() {
    clearTimeout(this.#gathering);
    this.#gathering = undefined;
    if (this.#arrived.size === 0) return;
    const machines = [...this.#arrived.values()];
    this.#arrived.clear();
    void this.#writes.run('presence', () => this.rows.connected(machines));
  }

  connected(machine: GatewayMachineRow, session: object): void {
    const leaving = this.#leaving.get(machine.serialNo);
    if (leaving) clearTimeout(leaving.timer);
    this.#leaving.delete(machine.serialNo);
    this.#held.set(machine.serialNo, { machine, session });
    this.#arrived.set(machine.serialNo, machine);
    this.#gathering ??= setTimeout(() => this.#writeArrived(), GATHER_MS);
  }

  /** A connection ended; ignored when the machine has connected again since (`session` is not its current one). */
  disconnected(machine: GatewayMachineRow, session: object, silent: boolean): void {
    const held = this.#held.get(machine.serialNo);
    if (this.#closed || held?.session !== session) return;
    this.#held.delete(machine.serialNo);
    const lose = () => {
      this.#leaving.delete(machine.serialNo);
      if (this.#closed || this.#held.has(machine.serialNo)) return;
      // Its connection is written before its loss.
      if (this.#arrived.has(machine.serialNo)) this.#writeArrived();
      void this.#writes.run('presence', () => this.rows.connectionLost(machine));
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
    return this.options.clock.now().getTime() - this.#startedAt < this.options.reconnectWindowMs;
  }

  /**
   * The connections are out of sight (the link to an external broker broke, or came back): the
   * machines are forgotten without being taken offline, and the heartbeat rule waits again as
   * after a start, while they are seen again.
   */
  outOfSight(): void {
    this.#writeArrived();
    for (const { timer } of this.#leaving.values()) clearTimeout(timer);
    this.#leaving.clear();
    this.#held.clear();
    this.#startedAt = this.options.clock.now().getTime();
  }

  /** Writes the connections gathered; forgets the rest (the server is stopping: no alarm). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#writeArrived();
    for (const { timer } of this.#leaving.values()) clearTimeout(timer);
    this.#leaving.clear();
    await this.#writes.settled();
  }
}
