import type { FastifyInstance } from 'fastify';
import type mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFleet } from '../../../../test/fleet-rows.ts';
import { mosquittoInstalled, startMosquitto, type TestMosquitto } from '../../../../test/mosquitto.ts';
import { connectWithFixedPassword } from '../../../../test/mqtt-fixtures.ts';
import { createTestApp, JWT_SECRET, type TestApp } from '../../../../test/test-app.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { signingKeyOf } from '../gateway-signing.ts';

/** More machines than mosquitto holds QoS 1 messages for one client beyond those in flight (1,000 and 20). */
const FLEET = 1100;

describe.runIf(mosquittoInstalled() || process.env.CI === 'true')('a console starting under a connected fleet', () => {
  let t: TestApp;
  let mosquitto: TestMosquitto;
  let server: FastifyInstance | undefined;
  let fleet: { serialNo: string; secret: string }[];
  const connected: mqtt.MqttClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: 'off' });
    ({ fleet } = await writeFleet(t.database.db, FLEET, (index) => `FS${String(index).padStart(5, '0')}`));
    // mosquitto's own limit, as a broker set up without docs/deploy-mqtt.md's: at QoS 1 the
    // console would be handed 1,020 of the statuses, the rest dropped.
    mosquitto = await startMosquitto({
      machines: fleet.map(({ serialNo, secret }) => ({ serialNo, secretHash: signingKeyOf(secret) })),
      maxQueuedMessages: 1000,
    });
    // Each machine says it is online (retained, as it does at every connection) and stays connected.
    for (let start = 0; start < FLEET; start += 100) {
      const clients = await Promise.all(
        fleet.slice(start, start + 100).map((machine) => connectWithFixedPassword(mosquitto.url, machine)),
      );
      await Promise.all(
        clients.map((client, i) =>
          client.publishAsync(`m/${fleet[start + i]?.serialNo}/status`, 'online', { qos: 1, retain: true }),
        ),
      );
      connected.push(...clients);
    }
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await Promise.all(connected.map((client) => client.endAsync(true)));
    await mosquitto?.close();
    await t.database.close();
  });

  it('knows every machine connected once it is ready, before it takes the machines’ messages', async () => {
    server = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MQTT_URL: mosquitto.consoleUrl }),
      database: t.database,
      jwtSecret: JWT_SECRET,
      clock: t.clock,
      logger: false,
      scheduled: false,
    });
    await server.ready();
    const known = fleet.filter(({ serialNo }) => server?.mqtt?.isConnected(serialNo)).length;
    expect(known).toBe(FLEET);
  }, 30_000);
});
