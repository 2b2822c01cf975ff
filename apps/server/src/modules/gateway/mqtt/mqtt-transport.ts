import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { MQTT_REQUESTS, type MqttRequestKind, mqttTopics } from '@water/contract/gateway-mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttConfig } from '../../../config.ts';
import type { Deps } from '../../../lib/deps.ts';
import type { GatewayMachineRow } from '../gateway.repository.ts';
import { gatewayRepository as repo } from '../gateway.repository.ts';
import type { GatewayService } from '../gateway.service.ts';
import { startEmbeddedBroker } from './embedded-broker.ts';
import { connectExternalBroker } from './external-broker.ts';
import { KeyedQueue } from './keyed-queue.ts';
import type { MachineBroker, MachineEvents } from './machine-broker.ts';
import { MachinePresence } from './machine-presence.ts';
import { createMqttCredentials } from './mqtt-credentials.ts';
import { answerRequest, type Inject } from './mqtt-requests.ts';
import type { MachineTopic } from './mqtt-topics.ts';

/** What the server does with a message on `up/ack` or `up/firmware`: its JSON, from the machine that sent it. */
export type UpHandler = (machine: GatewayMachineRow, message: unknown) => Promise<void> | void;

/** The machines' MQTT channel, as the rest of the server uses it. */
export interface MqttTransport {
  /** Sends a command to a machine: QoS 1 on `m/{serial}/cmd`, kept for it while it is away (persistent session). */
  publishCommand(serialNo: string, payload: unknown): Promise<void>;
  /** Whether the machine is connected now. */
  isConnected(serialNo: string): boolean;
  /** Who receives `up/ack` messages (commands' acknowledgements). */
  onAck(handler: UpHandler): void;
  /** Who receives `up/firmware` messages (an update's progress). */
  onFirmware(handler: UpHandler): void;
  /** Who is told that a connected machine listens for its commands (those waiting may be sent). */
  onListening(handler: (machine: GatewayMachineRow) => Promise<void> | void): void;
  /** The port machines connect to: known once the server is ready. */
  readonly port: number | undefined;
  /** Serves a connection that arrived over WebSocket. */
  handle(stream: Duplex, request?: IncomingMessage): void;
  /** The machines held online by their connection, for the heartbeat rule. */
  machineIds(): readonly number[];
  /**
   * Machines whose right to speak or key changed (registered, moved, retired): an external
   * broker's accounts follow (all machines' without ids); nothing to do for the embedded broker.
   * Never fails: a failure is logged, and the next scheduled sync tries again.
   */
  machinesChanged(machineIds?: readonly number[]): Promise<void>;
  /** The scheduled check of an external broker's accounts: cheap while no machine changed. Never fails. */
  checkAccounts(): Promise<void>;
  settling(): boolean;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One gateway, a second transport: machines connected to the broker (the embedded one, or
 * MQTT_URL's) make the HTTP gateway's calls by message (mqtt-requests.ts), are online while
 * connected (machine-presence.ts), and receive commands on their `cmd` topic. What differs
 * between the brokers (who checks passwords, who sees connections) is behind MachineBroker.
 */
export function createMqttTransport(
  {
    deps,
    gateway,
    inject,
    log,
  }: { deps: Pick<Deps, 'db' | 'database' | 'clock'>; gateway: GatewayService; inject: Inject; log: FastifyBaseLogger },
  config: MqttConfig,
): MqttTransport {
  const { clock } = deps;
  const credentials = createMqttCredentials(deps);
  let broker: MachineBroker | undefined;
  const requests = new KeyedQueue((error, serialNo) =>
    log.error({ err: error, serialNo }, 'could not answer a machine’s MQTT request'),
  );
  const logged: UpHandler = (machine, message) => log.debug({ serialNo: machine.serialNo, message }, 'mqtt message');
  const handlers: Record<'ack' | 'firmware', UpHandler> = { ack: logged, firmware: logged };
  let listening: (machine: GatewayMachineRow) => Promise<void> | void = () => undefined;

  // Where the server sees connections it says who is connected; elsewhere the machines and their wills do.
  const publishStatus = async (serialNo: string, status: 'online' | 'offline') => {
    if (broker?.seesConnections) await broker.publish(mqttTopics(serialNo).status, status, { qos: 1, retain: true });
  };
  const presence = new MachinePresence(
    {
      connected: async (machines) => {
        await gateway.connected(machines);
        await Promise.all(machines.map((machine) => publishStatus(machine.serialNo, 'online')));
      },
      connectionLost: async (machine) => {
        await gateway.connectionLost(machine);
        await publishStatus(machine.serialNo, 'offline');
      },
    },
    { graceMs: config.offlineGraceMs, reconnectWindowMs: config.reconnectWindowMs, clock, log },
  );

  function published(machine: GatewayMachineRow, topic: MachineTopic, payload: Buffer) {
    if (topic.kind === 'status') return;
    const { up } = topic;
    if ((MQTT_REQUESTS as readonly string[]).includes(up)) {
      void requests.run(machine.serialNo, async () => {
        const reply = await answerRequest(inject, machine, up as MqttRequestKind, payload);
        await broker?.publish(mqttTopics(machine.serialNo).reply, JSON.stringify(reply), { qos: 1 });
      });
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(payload.toString('utf8'));
    } catch {
      log.debug({ serialNo: machine.serialNo, topic: up }, 'mqtt message is not JSON: ignored');
      return;
    }
    const handler = handlers[up as 'ack' | 'firmware'];
    void requests.run(machine.serialNo, async () => handler(machine, message));
  }

  /** An accounts' sync that never fails: the scheduled check tries again within a minute. */
  const accountsInLine = async (sync: () => Promise<void> | undefined) => {
    try {
      await sync();
    } catch (error) {
      log.error({ err: error }, 'could not bring the mqtt broker accounts in line with the machines');
    }
  };

  return {
    async publishCommand(serialNo, payload) {
      if (!broker) throw new Error('MQTT is not started');
      await broker.publish(mqttTopics(serialNo).cmd, JSON.stringify(payload), { qos: 1 });
    },
    isConnected: (serialNo) => presence.isConnected(serialNo),
    onAck(handler) {
      handlers.ack = handler;
    },
    onFirmware(handler) {
      handlers.firmware = handler;
    },
    onListening(handler) {
      listening = handler;
    },
    get port() {
      return broker?.port;
    },
    handle(stream, request) {
      if (broker) broker.handle(stream, request);
      else stream.destroy();
    },
    machineIds: () => presence.machineIds(),
    machinesChanged: (machineIds) => accountsInLine(() => broker?.syncAccounts(machineIds)),
    checkAccounts: () => accountsInLine(() => broker?.checkAccounts()),
    settling: () => presence.settling(),
    async start() {
      const events: MachineEvents = {
        connected: (machine, session) => presence.connected(machine, session),
        disconnected: (machine, session, silent) => presence.disconnected(machine, session, silent),
        published,
        listening: (machine) => void requests.run(machine.serialNo, async () => listening(machine)),
        outOfSight: () => presence.outOfSight(),
      };
      if (config.external) {
        const rows = {
          // Machines announced together (a fleet connecting again after a broker's restart) are read together.
          bySerial: gateway.machineBySerial,
          accounts: (ids?: readonly number[]) => repo.machineAccounts(deps.db, ids),
          accountsDigest: () => repo.machineAccountsDigest(deps.db),
        };
        broker = await connectExternalBroker(events, {
          broker: config.external,
          rows,
          log,
          clock,
          silentAfterMs: config.silentAfterMs,
        });
        return;
      }
      const tls = config.tls
        ? { cert: await readFile(config.tls.certFile), key: await readFile(config.tls.keyFile) }
        : undefined;
      broker = await startEmbeddedBroker(
        { ...events, authenticate: (username, password) => credentials.authenticate({ username, password }) },
        { port: config.port, host: config.host, tls, log },
      );
      log.info({ port: broker.port, tls: tls !== undefined }, 'mqtt broker listening');
    },
    async close() {
      // Connections closed by the server's own stop take no machine offline.
      await presence.close();
      await broker?.close();
      await requests.settled();
    },
  };
}
