import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFleet } from '../../../../test/fleet-rows.ts';
import { mosquittoInstalled, startMosquitto, type TestMosquitto } from '../../../../test/mosquitto.ts';
import { createTestApp, JWT_SECRET, type TestApp } from '../../../../test/test-app.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { mqttFixedPassword, signingKeyOf } from '../gateway-signing.ts';

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
    mosquitto = await startMosquitto({
      machines: fleet.map(({ serialNo, secret }) => ({ serialNo, secretHash: signingKeyOf(secret) })),
    });
    // Each machine says it is online (retained, as it does at every connection) and stays connected.
    const say = ({ serialNo, secret }: (typeof fleet)[number]) =>
      mqtt.connectAsync(mosquitto.url, {
        clientId: serialNo,
        username: serialNo,
        password: mqttFixedPassword(signingKeyOf(secret), serialNo),
        protocolVersion: 4,
        reconnectPeriod: 0,
      });
    for (let start = 0; start < FLEET; start += 100) {
      const clients = await Promise.all(fleet.slice(start, start + 100).map(say));
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
