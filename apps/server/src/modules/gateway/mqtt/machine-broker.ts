import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GatewayMachineRow } from '../gateway.repository.ts';
import type { MachineTopic } from './mqtt-topics.ts';

/** What a broker tells the transport, each about a machine allowed to speak. */
export interface MachineEvents {
  connected(machine: GatewayMachineRow, session: object): void;
  /** `silent`: its keepalive ran out, so it has been silent for 1.5 keepalives already. */
  disconnected(machine: GatewayMachineRow, session: object, silent: boolean): void;
  published(machine: GatewayMachineRow, topic: MachineTopic, payload: Buffer): void;
  /**
   * A connection may now be sent commands: it subscribed to its `cmd` topic, or its persistent
   * session kept that subscription when it connected, or (where the server cannot see
   * subscriptions) it said it is online. Once per connection.
   */
  listening(machine: GatewayMachineRow): void;
  /**
   * The server no longer sees the machines' connections (its own link to the broker broke, or
   * came back): none of them counts as lost, and the heartbeat rule waits again as after a start.
   */
  outOfSight(): void;
}

/**
 * A broker as the transport uses it: the one inside the server, which checks the machines'
 * passwords and sees their connections, or an external one the server is a client of, which
 * checks them itself and tells of connections through the machines' retained status.
 */
export interface MachineBroker {
  /** The port machines connect to, when the server holds it. */
  readonly port: number | undefined;
  /** Whether the server sees connections, and so publishes the machines' retained status itself. */
  readonly seesConnections: boolean;
  /** Serves one connection that arrived over WebSocket (the embedded broker only). */
  handle(stream: Duplex, request?: IncomingMessage): void;
  publish(topic: string, payload: string, options: { qos: 0 | 1; retain?: boolean }): Promise<void>;
  /** Brings the broker's machine accounts in line with the machines (of these ids, or all). */
  syncAccounts(machineIds?: readonly number[]): Promise<void>;
  /** The scheduled check: brings them in line when they may not be (external-broker.ts says when). */
  checkAccounts(): Promise<void>;
  close(): Promise<void>;
}
