import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineCaller, unique } from '../../../../test/business-fixtures.ts';
import { brokerKinds, useBroker } from '../../../../test/mqtt-brokers.ts';
import { type MachineIdentity, machineRow, until } from '../../../../test/mqtt-fixtures.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import type { MqttMachineOptions } from '../../../simulator/mqtt-machine.ts';
import { orders as orderRows } from '../../orders/orders.schema.ts';
import { mqttFixedPassword, mqttPassword, signingKeyOf } from '../gateway-signing.ts';

type Identity = MachineIdentity;

describe.each(brokerKinds())('machine gateway over MQTT (%s broker)', (kind) => {
  const broker = useBroker(kind);
  const ctx = useTestApp(() => ({ ...broker.env(), MQTT_OFFLINE_GRACE: '1s' }));
  let newMachine: () => Promise<Identity>;
  const url = () => broker.url(ctx.t.app);
  const machineOf = (identity: Identity, options: MqttMachineOptions = {}) =>
    broker.machine(ctx.t.app, identity, { now: () => ctx.t.clock.now().getTime(), reconnectPeriod: 0, ...options });
  const rowOf = (id: number) => machineRow(ctx.t.database.db, id);
  /** A bare client with the machine's credentials, its refusal (if any) as the error. */
  const bareClient = (identity: Identity, password: string, clientId = identity.serialNo) =>
    new Promise<mqtt.MqttClient>((resolve, reject) => {
      const client = mqtt.connect(url(), {
        clientId,
        username: identity.serialNo,
        password,
        protocolVersion: 4,
        reconnectPeriod: 0,
      });
      client.once('connect', () => resolve(client));
      client.once('error', (error) => {
        client.end(true);
        reject(error);
      });
    });

  beforeAll(async () => {
    newMachine = await broker.machineMaker(ctx.t.app, ctx.admin);
  });

  describe('credentials', () => {
    it('connects a machine with its serial number and a signed password: it is online and says so', async () => {
      const identity = await newMachine();
      const machine = machineOf(identity);
      await machine.connect();
      try {
        await until(() => ctx.t.app.mqtt?.isConnected(identity.serialNo) === true);
        await until(async () => (await rowOf(identity.id)).online);
        const heartbeat = await machine.heartbeat({ tdsOut: 9 });
        expect(heartbeat).toMatchObject({ lifecycle: 'OPERATING', heartbeatSeconds: 60 });
        expect((await rowOf(identity.id)).tdsOut).toBe(9);
      } finally {
        await machine.end();
      }
    });

    it('refuses a forged fixed password, an unknown serial number and a client id that is not the serial number', async () => {
      const identity = await newMachine();
      const code = broker.refusedCode;
      const forged = mqttFixedPassword(signingKeyOf('not-the-secret'), identity.serialNo);
      await expect(bareClient(identity, forged)).rejects.toMatchObject({ code });
      await expect(bareClient(identity, identity.secret)).rejects.toMatchObject({ code });
      const unknown = { ...identity, serialNo: unique('NOPE') };
      const unknownPassword = mqttFixedPassword(signingKeyOf(identity.secret), unknown.serialNo);
      await expect(bareClient(unknown, unknownPassword)).rejects.toMatchObject({ code });
      const good = mqttFixedPassword(signingKeyOf(identity.secret), identity.serialNo);
      await expect(bareClient(identity, good, 'another-client-id')).rejects.toMatchObject({ code: 5 });

      // The fixed password is good again and again (the broker keeps it): it travels over TLS.
      for (let i = 0; i < 2; i++) await (await bareClient(identity, good)).endAsync();
      expect((await rowOf(identity.id)).lastHeartbeat).toBeNull();
    });

    if (kind === 'embedded')
      it('refuses a forged, stale or reused one-time password and an unknown serial number', async () => {
        const identity = await newMachine();
        const now = ctx.t.clock.now().getTime();
        const forged = mqttPassword(signingKeyOf('not-the-secret'), identity.serialNo, now);
        await expect(bareClient(identity, forged)).rejects.toMatchObject({ code: 4 });
        const stale = mqttPassword(signingKeyOf(identity.secret), identity.serialNo, now - 6 * 60_000);
        await expect(bareClient(identity, stale)).rejects.toMatchObject({ code: 4 });
        await expect(bareClient(identity, identity.secret)).rejects.toMatchObject({ code: 4 });
        const unknown = { ...identity, serialNo: unique('NOPE') };
        await expect(
          bareClient(unknown, mqttPassword(signingKeyOf(identity.secret), unknown.serialNo, now)),
        ).rejects.toMatchObject({ code: 4 });

        const good = mqttPassword(signingKeyOf(identity.secret), identity.serialNo, now);
        const client = await bareClient(identity, good);
        await client.endAsync();
        // Captured on the way, it opens nothing more.
        await expect(bareClient(identity, good)).rejects.toMatchObject({ code: 4 });
        expect((await rowOf(identity.id)).lastHeartbeat).toBeNull();
      });
  });

  describe('topics', () => {
    it('refuses a subscription to another machine’s topics or to a wildcard', async () => {
      const [identity, other] = [await newMachine(), await newMachine()];
      const machine = machineOf(identity);
      await machine.connect();
      try {
        const refused = await machine.client
          .subscribeAsync([`m/${other.serialNo}/cmd`, 'm/+/reply', '#'], { qos: 1 })
          .catch((error: { packet?: { granted?: number[] } }) => error.packet?.granted);
        expect(refused).toEqual([128, 128, 128]);
        const own = await machine.client.subscribeAsync(`m/${identity.serialNo}/cmd`, { qos: 1 });
        expect(own[0]?.qos).toBe(1);
      } finally {
        await machine.end();
      }
    });

    it('refuses a machine’s publish on another machine’s topic, which changes nothing', async () => {
      const [identity, other] = [await newMachine(), await newMachine()];
      const machine = machineOf(identity);
      await machine.connect();
      const closed = new Promise<void>((resolve) => machine.client.once('close', () => resolve()));
      machine.client.publish(
        `m/${other.serialNo}/up/heartbeat`,
        JSON.stringify({ id: 'a'.repeat(16), ts: Date.now(), body: { tdsOut: 99 } }),
        { qos: 1 },
      );
      // The embedded broker ends the connection; mosquitto drops the message (its own request after it is answered).
      if (kind === 'embedded') await closed;
      else expect((await machine.request('heartbeat', {})).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await rowOf(other.id)).lastHeartbeat).toBeNull();
      expect((await rowOf(other.id)).tdsOut).toBeNull();
      await machine.end();
    });
  });

  describe('requests', () => {
    it('refuses a replayed message with the HTTP gateway’s refusal', async () => {
      const identity = await newMachine();
      const machine = machineOf(identity);
      await machine.connect();
      try {
        const first = await machine.request('heartbeat', { tankLevel: 70 }, undefined, 'replayed-message-01');
        expect(first.status).toBe(200);
        const again = await machine.request('heartbeat', { tankLevel: 10 }, undefined, 'replayed-message-01');
        expect(again).toMatchObject({ id: 'replayed-message-01', kind: 'heartbeat', status: 409 });
        expect(again.body).toMatchObject({ status: 409, code: 'NONCE_REUSED' });
        expect((await rowOf(identity.id)).tankLevel).toBe(70);
      } finally {
        await machine.end();
      }
    });

    it('answers bad messages in the error format, as the HTTP gateway would', async () => {
      const identity = await newMachine();
      const machine = machineOf(identity);
      await machine.connect();
      try {
        const badBody = await machine.request('order', { machineOrderNo: 'X1', tap: 9 });
        expect(badBody.status).toBe(400);
        expect(badBody.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: expect.any(Array) });
        const noOrder = await machine.request('payment', { channel: 'COIN', amount: 100 });
        expect(noOrder.body).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'machineOrderNo: is required',
        });
        const replies: unknown[] = [];
        machine.client.on('message', (_topic, payload) => replies.push(JSON.parse(payload.toString())));
        machine.client.publish(`m/${identity.serialNo}/up/heartbeat`, 'not json', { qos: 1 });
        await until(() => replies.length > 0);
        expect(replies[0]).toMatchObject({ id: null, status: 400, body: { code: 'MALFORMED_BODY' } });
      } finally {
        await machine.end();
      }
    });

    it('answers a request within milliseconds: no packet waits for the other side to acknowledge the one before', async () => {
      const machine = machineOf(await newMachine());
      await machine.connect();
      try {
        const roundTrips: number[] = [];
        for (let beat = 0; beat < 15; beat++) {
          const started = performance.now();
          await machine.heartbeat({ tdsOut: 9 });
          roundTrips.push(performance.now() - started);
        }
        // Held back by a delayed acknowledgement, every round trip takes 40 ms or more, however idle
        // the machine; without it the fastest takes a few, however busy.
        expect(Math.min(...roundTrips), roundTrips.map((ms) => ms.toFixed(1)).join(' ')).toBeLessThan(30);
      } finally {
        await machine.end();
      }
    });

    it('sells over MQTT exactly as over HTTP, and a repeated step changes nothing', async () => {
      const [overMqtt, overHttp] = [await newMachine(), await newMachine()];
      const machine = machineOf(overMqtt);
      await machine.connect();
      try {
        const sold = await machine.sell({ channel: 'COIN', requestedMl: 5000, repeat: true });
        const call = machineCaller(ctx.t, overHttp);
        const machineOrderNo = unique('H');
        const created = await call('POST', '/gateway/v1/orders', {
          machineOrderNo,
          tap: 1,
          waterType: 'COLD',
          requestedMl: 5000,
          channel: 'COIN',
        });
        expect(created.statusCode).toBe(201);
        const path = `/gateway/v1/orders/${machineOrderNo}`;
        const paid = await call('POST', `${path}/payment`, { channel: 'COIN', amount: created.json().payable });
        expect(paid.statusCode).toBe(200);
        const dispensed = await call('POST', `${path}/dispense`, { result: 'COMPLETED', dispensedMl: 5000 });
        const { orderNo: _a, machineOrderNo: _b, ...overHttpOrder } = dispensed.json();
        const { orderNo: _c, machineOrderNo: _d, ...overMqttOrder } = sold;
        expect(overMqttOrder).toEqual(overHttpOrder);
        expect(overMqttOrder).toMatchObject({ state: 'COMPLETED', paid: 250, dispensedMl: 5000 });
        const rows = await ctx.t.database.db.select().from(orderRows).where(eq(orderRows.machineId, overMqtt.id));
        expect(rows).toHaveLength(1);
      } finally {
        await machine.end();
      }
    });
  });

  describe('commands', () => {
    const send = async (machineId: number, body: object) => {
      const sent = await ctx.admin('POST', `/api/machines/${machineId}/commands`, body);
      expect(sent.statusCode, sent.body).toBe(201);
      return sent.json() as { id: number; commandId: string; state: string };
    };
    const stateOf = async (machineId: number, id: number) => {
      const history = await ctx.admin('GET', `/api/machines/${machineId}/commands?size=50`);
      return (history.json().content as { id: number; state: string }[]).find((command) => command.id === id)?.state;
    };
    /** A command shaped as the server sends them, for the broker alone. */
    const bareCommand = (type: string) => ({
      commandId: randomUUID(),
      type,
      params: {},
      expiresAt: Date.now() + 60_000,
    });

    it('hands a command sent from the console to a connected machine within a second, and its acknowledgements settle it', async () => {
      const identity = await newMachine();
      const machine = machineOf(identity);
      await machine.connect();
      try {
        await until(() => ctx.t.app.mqtt?.isConnected(identity.serialNo) === true);
        const sent = await send(identity.id, { type: 'LOCK' });
        // Published while the console's request was answered, and received within a second of it.
        expect(sent.state).toBe('SENT');
        await until(() => machine.commands.length > 0, 1000);
        expect(machine.commands).toEqual([
          expect.objectContaining({ commandId: sent.commandId, type: 'LOCK', params: { settingsVersion: 1 } }),
        ]);
        // No heartbeat: the acknowledgements on up/ack alone settle it, and report the settings applied.
        await until(async () => (await stateOf(identity.id, sent.id)) === 'SUCCEEDED');
        expect(machine.locked).toBe(true);
        const settings = (await ctx.admin('GET', `/api/machines/${identity.id}/settings`)).json();
        expect(settings).toMatchObject({ desired: { version: 1, maintenance: true }, reported: { version: 1 } });
        expect(settings.drifting).toBe(false);
        expect((await rowOf(identity.id)).lastHeartbeat).toBeNull();
      } finally {
        await machine.end();
      }
    });

    it('keeps a command for a machine away, and hands it over when the machine connects', async () => {
      const identity = await newMachine();
      const sent = await send(identity.id, { type: 'RO_FLUSH', params: { seconds: 60 } });
      expect(await stateOf(identity.id, sent.id)).toBe('QUEUED');
      const machine = machineOf(identity);
      machine.refusal = () => 'the service door is open';
      await machine.connect();
      try {
        await until(() => machine.commands.length > 0);
        expect(machine.commands).toEqual([expect.objectContaining({ commandId: sent.commandId, type: 'RO_FLUSH' })]);
        await until(async () => (await stateOf(identity.id, sent.id)) === 'FAILED');
        const [record] = (await ctx.admin('GET', `/api/machines/${identity.id}/commands`)).json().content;
        expect(record).toMatchObject({ state: 'FAILED', message: 'the service door is open' });
      } finally {
        await machine.end();
      }
    });

    it('takes no acknowledgement of another machine’s command, nor one that is not an acknowledgement', async () => {
      const [identity, other] = [await newMachine(), await newMachine()];
      const sent = await send(identity.id, { type: 'REBOOT' });
      const intruder = machineOf(other);
      await intruder.connect();
      try {
        const ack = `m/${other.serialNo}/up/ack`;
        await intruder.client.publishAsync(ack, JSON.stringify({ commandId: sent.commandId, result: 'SUCCEEDED' }), {
          qos: 1,
        });
        await intruder.client.publishAsync(ack, JSON.stringify({ commandId: sent.commandId, result: 'DONE' }), {
          qos: 1,
        });
        await intruder.client.publishAsync(ack, 'not json', { qos: 1 });
        // Its own request after them is answered: they were handled (in order) and it is still connected.
        expect((await intruder.request('heartbeat', {})).status).toBe(200);
        expect(await stateOf(identity.id, sent.id)).toBe('QUEUED');
      } finally {
        await intruder.end();
      }
      // Its own machine's acknowledgements are taken.
      const machine = machineOf(identity);
      await machine.connect();
      try {
        await until(async () => (await stateOf(identity.id, sent.id)) === 'SUCCEEDED');
      } finally {
        await machine.end();
      }
    });

    it('delivers what the broker publishes on the machine’s own topic, and one published while it was away when it is back', async () => {
      const identity = await newMachine();
      const mqttTransport = ctx.t.app.mqtt;
      if (!mqttTransport) throw new Error('no MQTT');
      // Its clock moves: each connection signs a password of its own.
      const machine = machineOf(identity, { now: () => Date.now() });
      await machine.connect();
      const first = bareCommand('REBOOT');
      await mqttTransport.publishCommand(identity.serialNo, first);
      await until(() => machine.commands.length === 1);
      expect(machine.commands).toEqual([first]);

      machine.drop();
      await until(() => !mqttTransport.isConnected(identity.serialNo));
      const second = bareCommand('SYNC_CLOCK');
      await mqttTransport.publishCommand(identity.serialNo, second);
      const back = machineOf(identity, { now: () => Date.now() });
      await back.connect();
      await until(() => back.commands.some((command) => isDeepStrictEqual(command, second)));
      // The first comes again only if the broker never heard that it arrived (the link broke first).
      expect(back.commands.filter((command) => !isDeepStrictEqual(command, first))).toEqual([second]);
      await back.end();
    });
  });
});
