import { once } from 'node:events';
import { createServer as createTcpServer, type Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { MQTT_MAX_KEEPALIVE, mqttTopics } from '@water/contract/gateway-mqtt';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../../../config.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import type { GatewayMachineRow } from '../gateway.repository.ts';
import type { MachineBroker, MachineEvents } from './machine-broker.ts';
import { machineTopic, mayPublish, maySubscribe } from './mqtt-topics.ts';
import { retainedByTopicPersistence } from './retained-by-topic.ts';

/** The largest message a machine may publish: far above any gateway call's body. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

/** What the embedded broker tells the transport; it checks the machines' credentials too. */
export interface BrokerEvents extends MachineEvents {
  /** Checks a connection's credentials; throws an HttpError saying why not. */
  authenticate(username: string | undefined, password: string | undefined): Promise<GatewayMachineRow>;
}

const refusal = (returnCode: 4 | 5, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/**
 * The MQTT broker inside the server (aedes, MQTT 3.1.1): machines sign in with their serial
 * number and a password signed with their key, then publish and subscribe only on their own
 * topics. A refused publish or subscription is logged (topic and serial number, nothing else)
 * and, for a publish, ends the connection: MQTT 3.1.1 has no other way to refuse one.
 */
export async function startEmbeddedBroker(
  events: BrokerEvents,
  options: {
    port: number | undefined;
    host: string;
    tls?: { cert: Buffer; key: Buffer };
    log: FastifyBaseLogger;
  },
): Promise<MachineBroker> {
  const { log } = options;
  const machines = new WeakMap<Client, GatewayMachineRow>();
  const timedOut = new WeakSet<Client>();
  const listening = new WeakSet<Client>();
  const hears = (client: Client, machine: GatewayMachineRow) => {
    if (listening.has(client)) return;
    listening.add(client);
    events.listening(machine);
  };
  const broker = await Aedes.createBroker({
    persistence: retainedByTopicPersistence(),
    keepaliveLimit: MQTT_MAX_KEEPALIVE,
    maxClientsIdLength: 64,
    maxTopicLevels: 8,
    drainTimeout: 30_000,
    // Machines are found by their serial number; the client id must be that number too.
    authenticate(client, username, password, done) {
      events.authenticate(username, password?.toString('utf8')).then(
        (machine) => {
          if (client.id !== machine.serialNo) {
            log.warn({ serialNo: machine.serialNo }, 'mqtt connection refused: the client id is not the serial number');
            return done(refusal(5, 'The client id must be the serial number'), false);
          }
          machines.set(client, machine);
          done(null, true);
        },
        (error: unknown) => {
          const code = error instanceof HttpError ? error.code : 'INTERNAL';
          log.warn({ serialNo: username?.slice(0, 64), code }, 'mqtt connection refused');
          const forbidden = error instanceof HttpError && error.statusCode === 403;
          done(refusal(forbidden ? 5 : 4, 'Refused'), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      if (!client) return done(null); // the server's own messages
      const machine = machines.get(client);
      if (!machine || !mayPublish(machine.serialNo, packet.topic) || packet.payload.length > MAX_PAYLOAD_BYTES) {
        log.warn({ serialNo: machine?.serialNo, topic: packet.topic.slice(0, 200) }, 'mqtt publish refused');
        return done(new Error('publish refused'));
      }
      done(null);
    },
    authorizeSubscribe(client, subscription, done) {
      const machine = machines.get(client);
      if (!machine || !maySubscribe(machine.serialNo, subscription.topic)) {
        log.warn({ serialNo: machine?.serialNo, topic: subscription.topic.slice(0, 200) }, 'mqtt subscription refused');
        return done(null, null);
      }
      done(null, subscription);
    },
    published(packet, client, done) {
      const machine = client ? machines.get(client) : undefined;
      const topic = machine ? machineTopic(machine.serialNo, packet.topic) : undefined;
      if (machine && topic) events.published(machine, topic, packet.payload as Buffer);
      done(null);
    },
  });
  broker.on('clientReady', (client) => {
    const machine = machines.get(client);
    if (!machine) return;
    events.connected(machine, client);
    const { subscriptions } = client as Client & { subscriptions: Record<string, unknown> };
    if (subscriptions[mqttTopics(machine.serialNo).cmd]) hears(client, machine);
  });
  broker.on('subscribe', (subscriptions, client) => {
    const machine = client ? machines.get(client) : undefined;
    const cmd = machine && mqttTopics(machine.serialNo).cmd;
    // A refused subscription comes here too, granted 128.
    if (machine && subscriptions.some(({ topic, qos }) => topic === cmd && (qos as number) !== 128))
      hears(client, machine);
  });
  broker.on('keepaliveTimeout', (client) => timedOut.add(client));
  broker.on('clientDisconnect', (client) => {
    const machine = machines.get(client);
    if (machine) events.disconnected(machine, client, timedOut.has(client));
  });
  broker.on('clientError', (client, error) =>
    log.debug({ clientId: client.id, err: error.message }, 'mqtt client error'),
  );

  let server: Server | undefined;
  if (options.port !== undefined) {
    const { tls } = options;
    server = tls
      ? createTlsServer({ cert: tls.cert, key: tls.key, noDelay: true }, (socket) => broker.handle(socket))
      : createTcpServer({ noDelay: true }, (socket) => broker.handle(socket));
    // A reply follows its request's acknowledgement at once: sent without waiting for the machine to
    // acknowledge that packet first (Nagle's algorithm, which would hold every reply back 40 ms).
    // Thousands of machines come back at once after a power cut or a restart: Node's backlog of
    // 511 would drop the rest of their connection attempts, each then retried a second or more later.
    server.listen({ port: options.port, host: options.host, backlog: 4096 });
    try {
      await Promise.race([once(server, 'listening'), once(server, 'error').then(([error]) => Promise.reject(error))]);
    } catch (error) {
      broker.close();
      const reason = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'is in use' : 'cannot be opened';
      throw new ConfigError(
        `MQTT_PORT ${options.port} ${reason}: set MQTT_PORT to a free port (0 picks one), or to off without MQTT`,
        { cause: error },
      );
    }
  }
  const address = server?.address();
  return {
    port: typeof address === 'object' && address ? address.port : undefined,
    seesConnections: true,
    // The server checks the machines' passwords itself, against their rows.
    syncAccounts: async () => undefined,
    checkAccounts: async () => undefined,
    handle: (stream, request) => broker.handle(stream, request),
    publish: (topic, payload, { qos, retain = false }) =>
      new Promise((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        ),
      ),
    close: async () => {
      const closing = server ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closing;
    },
  };
}
