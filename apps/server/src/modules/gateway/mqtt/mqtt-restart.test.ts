import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MachineIdentity,
  machineMaker,
  machineRow,
  offlineAlarms,
  until,
} from '../../../../test/mqtt-fixtures.ts';
import { callerFor, createTestApp, JWT_SECRET, type TestApp, tokenOf } from '../../../../test/test-app.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { MqttMachine } from '../../../simulator/mqtt-machine.ts';

const FLEET = 30;

describe('a server restart under connected machines', () => {
  let t: TestApp;
  let restarted: FastifyInstance | undefined;
  const fleet: { identity: MachineIdentity; machine: MqttMachine }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', MQTT_OFFLINE_GRACE: '1s', AUTH_RATE_LIMIT: '1000' });
    const newMachine = await machineMaker(callerFor(t, await tokenOf(t)));
    const port = t.app.mqtt?.port;
    for (let i = 0; i < FLEET; i++) {
      const identity = await newMachine();
      // Machines try again every 200 ms, each with a new password (the clock they sign with moves).
      fleet.push({
        identity,
        machine: new MqttMachine(`mqtt://127.0.0.1:${port}`, identity, { reconnectPeriod: 200 }),
      });
    }
    await Promise.all(fleet.map(({ machine }) => machine.connect()));
  });

  afterAll(async () => {
    await Promise.all(fleet.map(({ machine }) => machine.end()));
    await restarted?.close();
    await t.database.close();
  });

  it('raises no offline alarm: the machines are back before anything counts them gone', async () => {
    await until(async () => (await machineRow(t.database.db, fleet[0]?.identity.id ?? 0)).online);
    for (const { machine } of fleet) await machine.heartbeat({ tdsOut: 9 });
    const port = t.app.mqtt?.port as number;

    await t.app.close();
    restarted = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MQTT_PORT: String(port), MQTT_OFFLINE_GRACE: '1s' }),
      database: t.database,
      jwtSecret: JWT_SECRET,
      clock: t.clock,
      logger: false,
      scheduled: false,
    });
    await restarted.ready();
    const server = restarted;
    await until(() => fleet.every(({ identity }) => server.mqtt?.isConnected(identity.serialNo)), 10_000);

    // Past the grace, and past OFFLINE_AFTER since the last heartbeat: nobody is offline.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    t.clock.advance(10 * 60_000);
    await server.scheduler.run('offline-check');
    for (const { identity } of fleet) {
      expect((await machineRow(t.database.db, identity.id)).online, identity.serialNo).toBe(true);
      expect(await offlineAlarms(t.database.db, identity.id), identity.serialNo).toEqual([]);
    }
  });
});
