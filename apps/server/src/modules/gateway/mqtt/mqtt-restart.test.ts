import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerKinds, useBroker } from '../../../../test/mqtt-brokers.ts';
import { type MachineIdentity, machineRow, offlineAlarms, until } from '../../../../test/mqtt-fixtures.ts';
import { callerFor, createTestApp, JWT_SECRET, type TestApp, tokenOf } from '../../../../test/test-app.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import type { MqttMachine } from '../../../simulator/mqtt-machine.ts';

const FLEET = 30;

describe.each(brokerKinds())('a restart under connected machines (%s broker)', (kind) => {
  const broker = useBroker(kind);
  let t: TestApp;
  let restarted: FastifyInstance | undefined;
  const fleet: { identity: MachineIdentity; machine: MqttMachine }[] = [];
  /** A machine made beforehand, not connected: the servers of these tests cannot be asked for one later. */
  let spare: MachineIdentity;
  const server = () => restarted ?? t.app;

  /** Past the grace, and past OFFLINE_AFTER since the last heartbeat: nobody is offline, nobody has an alarm. */
  async function nobodyOffline() {
    await until(() => fleet.every(({ identity }) => server().mqtt?.isConnected(identity.serialNo)), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    t.clock.advance(10 * 60_000);
    await server().scheduler.run('offline-check');
    for (const { identity } of fleet) {
      expect((await machineRow(t.database.db, identity.id)).online, identity.serialNo).toBe(true);
      expect(await offlineAlarms(t.database.db, identity.id), identity.serialNo).toEqual([]);
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ ...broker.env(), MQTT_OFFLINE_GRACE: '1s', AUTH_RATE_LIMIT: '1000' });
    const newMachine = await broker.machineMaker(t.app, callerFor(t, await tokenOf(t)));
    spare = await newMachine();
    for (let i = 0; i < FLEET; i++) {
      const identity = await newMachine();
      // Machines try again every 200 ms, each with a new password (the clock they sign with moves).
      fleet.push({ identity, machine: broker.machine(t.app, identity, { reconnectPeriod: 200 }) });
    }
    await Promise.all(fleet.map(({ machine }) => machine.connect()));
    await until(() => fleet.every(({ identity }) => t.app.mqtt?.isConnected(identity.serialNo)));
    for (const { machine } of fleet) await machine.heartbeat({ tdsOut: 9 });
  });

  afterAll(async () => {
    await Promise.all(fleet.map(({ machine }) => machine.end()));
    await restarted?.close();
    await t.database.close();
  });

  it('raises no offline alarm after a server restart: the machines are back before anything counts them gone', async () => {
    const env = kind === 'embedded' ? { MQTT_PORT: String(t.app.mqtt?.port) } : broker.env();
    await t.app.close();
    restarted = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, MQTT_OFFLINE_GRACE: '1s' }),
      database: t.database,
      jwtSecret: JWT_SECRET,
      clock: t.clock,
      logger: false,
      scheduled: false,
    });
    await restarted.ready();
    await nobodyOffline();
  });

  if (kind === 'mosquitto')
    it('raises no offline alarm after a broker restart: machines and server connect again', async () => {
      const reconnected = fleet.map(
        ({ machine }) => new Promise<void>((resolve) => machine.client.once('connect', () => resolve())),
      );
      await broker.mosquitto().restart();
      // Every machine lost its connection and made it again (with its fixed password, which the broker kept).
      await Promise.all(reconnected);
      await nobodyOffline();
    });

  if (kind === 'mosquitto')
    it('answers a machine’s first request after a broker restart: the server is subscribed again before its machines return', async () => {
      // Quicker than docs/gateway.md asks (1 to 2 s), and no copy sent again: a lost request would time out.
      const machine = broker.machine(server(), spare, {
        reconnectPeriod: 500,
        timeoutMs: 3000,
        now: () => t.clock.now().getTime(),
      });
      await machine.connect();
      try {
        const back = new Promise<void>((resolve) => machine.client.once('connect', () => resolve()));
        await broker.mosquitto().restart();
        await back;
        expect((await machine.request('heartbeat', {})).status).toBe(200);
      } finally {
        await machine.end();
      }
    });
});
