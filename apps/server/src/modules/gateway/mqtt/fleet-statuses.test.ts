import { type AddressInfo, connect, createServer } from 'node:net';
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

  /** A console on the fleet's broker, ready: it has subscribed to the machines' messages. */
  async function startConsole(brokerUrl = mosquitto.consoleUrl) {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MQTT_URL: brokerUrl }),
      database: t.database,
      jwtSecret: JWT_SECRET,
      clock: t.clock,
      logger: false,
      scheduled: false,
    });
    await app.ready();
    return app;
  }

  /** How many of the fleet the console knows connected. */
  const known = () => fleet.filter(({ serialNo }) => server?.mqtt?.isConnected(serialNo)).length;

  afterAll(async () => {
    await server?.close();
    await Promise.all(connected.map((client) => client.endAsync(true)));
    await mosquitto?.close();
    await t.database.close();
  });

  it('knows every machine connected once it is ready, before it takes the machines’ messages', async () => {
    server = await startConsole();
    expect(known()).toBe(FLEET);
  }, 30_000);

  it('knows them all as well when the statuses come well after the subscription’s grant', async () => {
    await server?.close();
    // Between the console and mosquitto, a link that passes the grant of the statuses'
    // subscription (a SUBACK: 0x90, length 3, its id and its QoS) at once and holds what
    // follows (the retained statuses) for 1.5 s, longer than the first sync of the accounts.
    const SUBACK = Buffer.from([0x90, 0x03]);
    const slow = createServer((inward) => {
      const outward = connect(Number(new URL(mosquitto.url).port), '127.0.0.1');
      let holding = false;
      inward.on('data', (chunk: Buffer) => {
        if (chunk.includes('m/+/status')) holding = true;
        outward.write(chunk);
      });
      outward.on('data', (chunk: Buffer) => {
        const grant = holding ? chunk.indexOf(SUBACK) : -1;
        if (grant < 0) return void inward.write(chunk);
        holding = false;
        inward.write(chunk.subarray(0, grant + 5));
        const rest = chunk.subarray(grant + 5);
        outward.pause();
        setTimeout(() => {
          inward.write(rest);
          outward.resume();
        }, 1500);
      });
      for (const [from, to] of [
        [inward, outward],
        [outward, inward],
      ] as const) {
        from.on('close', () => to.destroy());
        from.on('error', () => to.destroy());
      }
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const url = new URL(mosquitto.consoleUrl);
      url.port = String((slow.address() as AddressInfo).port);
      server = await startConsole(url.href);
      expect(known()).toBe(FLEET);
    } finally {
      await server?.close();
      server = undefined;
      await new Promise((resolve) => slow.close(resolve));
    }
  }, 60_000);
});
