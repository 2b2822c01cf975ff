import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MachineIdentity, machineMaker, until } from '../../../../test/mqtt-fixtures.ts';
import { callerFor, createTestApp, type TestApp, tokenOf } from '../../../../test/test-app.ts';
import { MqttMachine } from '../../../simulator/mqtt-machine.ts';

describe('MQTT over TLS and over WebSocket', () => {
  const tls = () => ({ reconnectPeriod: 0, tls: { ca: cert } });
  let t: TestApp;
  let dir: string;
  let cert: string;
  let newMachine: () => Promise<MachineIdentity>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mqtt-tls-'));
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' });
    cert = pems.cert;
    await writeFile(path.join(dir, 'cert.pem'), pems.cert);
    await writeFile(path.join(dir, 'key.pem'), pems.private);
    t = await createTestApp(
      {
        MQTT_PORT: '0',
        MQTT_TLS_CERT: path.join(dir, 'cert.pem'),
        MQTT_TLS_KEY: path.join(dir, 'key.pem'),
        AUTH_RATE_LIMIT: '1000',
      },
      undefined,
      { captureLogs: true, logLevel: 'warn' },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    newMachine = await machineMaker(callerFor(t, await tokenOf(t)));
  });

  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('speaks MQTT over TLS only on MQTT_PORT when given a certificate', async () => {
    const identity = await newMachine();
    const port = t.app.mqtt?.port;
    const overTls = new MqttMachine(`mqtts://localhost:${port}`, identity, { reconnectPeriod: 0, tls: { ca: cert } });
    await overTls.connect();
    expect((await overTls.heartbeat({ tdsOut: 7 })).lifecycle).toBe('OPERATING');
    await overTls.end();

    const plain = new MqttMachine(`mqtt://127.0.0.1:${port}`, identity, { reconnectPeriod: 0 });
    await expect(plain.connect()).rejects.toThrow();
  });

  it('serves the same broker over WebSocket at /mqtt on the HTTP port', async () => {
    const identity = await newMachine();
    const { port } = t.app.server.address() as { port: number };
    const overWebSocket = new MqttMachine(`ws://127.0.0.1:${port}/mqtt`, identity, { reconnectPeriod: 0 });
    await overWebSocket.connect();
    expect(t.app.mqtt?.isConnected(identity.serialNo)).toBe(true);
    expect((await overWebSocket.heartbeat({ tdsOut: 7 })).lifecycle).toBe('OPERATING');
    await overWebSocket.end();
  });

  it('logs refused connections, publishes and subscriptions with the serial number, never the password', async () => {
    const [identity, other] = [await newMachine(), await newMachine()];
    const url = `mqtts://localhost:${t.app.mqtt?.port}`;
    const forged = new MqttMachine(url, { ...identity, secret: 'a-guessed-secret' }, tls());
    await expect(forged.connect()).rejects.toThrow();
    const machine = new MqttMachine(url, identity, tls());
    await machine.connect();
    await machine.client.subscribeAsync(`m/${other.serialNo}/cmd`).catch(() => undefined);
    machine.client.publish(`m/${other.serialNo}/up/heartbeat`, '{}', { qos: 1 });
    await until(() => t.logs.some((line) => line.includes('mqtt publish refused')));
    await machine.end();

    const lines = t.logs.filter((line) => line.includes('"msg":"mqtt'));
    expect(lines).toEqual([
      expect.stringMatching(/"serialNo":"[^"]+".*"code":"SIGNATURE_INVALID".*mqtt connection refused/),
      expect.stringContaining(`"topic":"m/${other.serialNo}/cmd"`),
      expect.stringContaining(`"topic":"m/${other.serialNo}/up/heartbeat"`),
    ]);
    expect(lines.join('\n')).not.toMatch(/v1:\d+:[0-9a-f]{64}|a-guessed-secret/);
    expect(lines.join('\n')).not.toContain(identity.secret);
  });
});
