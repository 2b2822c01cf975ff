import { createServer, type Socket } from 'node:net';
import { mqttTopics } from '@water/contract/gateway-mqtt';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../test/mqtt-fixtures.ts';
import { MachineOffline, MqttMachine, reconnectDelayMs } from './mqtt-machine.ts';
import { GatewayRefusal } from './virtual-machine.ts';

const identity = { serialNo: 'SIM00001', secret: 'a-secret-of-the-simulated-machine' };
const topics = mqttTopics(identity.serialNo);
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A broker, and a server on it that answers the machine's requests: it drops the first `lost`
 * of them unanswered (a server killed while it held them), then answers each with `status`.
 */
async function brokerAndServer({ lost, status = 201 }: { lost: number; status?: number }) {
  const broker = await Aedes.createBroker();
  const tcp = createServer(broker.handle);
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(tcp.address() as { port: number }).port}`;
  cleanups.push(() => new Promise((resolve) => broker.close(() => tcp.close(resolve))));
  const server = await mqtt.connectAsync(url, { clientId: 'console' });
  cleanups.push(() => server.endAsync(true));
  const received: { id: string; body: unknown }[] = [];
  server.on('message', (_topic, payload) => {
    const request = JSON.parse(payload.toString()) as { id: string; body: unknown };
    received.push(request);
    if (received.length <= lost) return;
    const reply = { id: request.id, kind: 'order', status, body: { orderNo: 'W1', ...(request.body as object) } };
    void server.publishAsync(topics.reply, JSON.stringify(reply), { qos: 1 });
  });
  await server.subscribeAsync(`m/${identity.serialNo}/up/+`, { qos: 1 });
  return { url, received };
}

async function connected(url: string, options: ConstructorParameters<typeof MqttMachine>[2]) {
  const machine = new MqttMachine(url, identity, options);
  await machine.connect();
  cleanups.push(() => machine.end());
  return machine;
}

describe('a simulated machine over MQTT', () => {
  it('waits longer, at random, before each attempt to connect again: 1–2 s, 2–4 s, 4–8 s, … at most 32 s', () => {
    const bounds = (attempt: number) => [reconnectDelayMs(attempt, () => 0), reconnectDelayMs(attempt, () => 1)];
    expect([1, 2, 3, 4, 5, 6, 20].map(bounds)).toEqual([
      [1000, 2000],
      [2000, 4000],
      [4000, 8000],
      [8000, 16_000],
      [16_000, 32_000],
      [16_000, 32_000],
      [16_000, 32_000],
    ]);
  });

  it('connects again after its link broke with growing waits, and starts from the shortest once it is back', async () => {
    const broker = await Aedes.createBroker();
    /** When each connection came since the link broke (ms); while `refusing`, they are closed at once. */
    const arrivals: number[] = [];
    let refusing = 0;
    let brokeAt = 0;
    const sockets = new Set<Socket>();
    const tcp = createServer((socket) => {
      arrivals.push(performance.now() - brokeAt);
      if (refusing > 0) {
        refusing--;
        socket.destroy();
        return;
      }
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      broker.handle(socket);
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => broker.close(() => tcp.close(resolve))));
    const machine = await connected(`mqtt://127.0.0.1:${(tcp.address() as { port: number }).port}`, {});
    const breakLink = (refused: number) => {
      refusing = refused;
      arrivals.length = 0;
      brokeAt = performance.now();
      for (const socket of sockets) socket.destroy();
    };

    // The first attempt is refused (a broker not back yet); the second, 2 to 4 s after it, is taken.
    breakLink(1);
    await until(() => machine.linkUp && arrivals.length === 2, 8000);
    const [first = 0, second = 0] = arrivals;
    expect(first).toBeGreaterThanOrEqual(950);
    expect(first).toBeLessThan(2300);
    expect(second - first).toBeGreaterThanOrEqual(1990);
    expect(second - first).toBeLessThan(4300);

    // Back, it waits 1 to 2 s again the next time.
    breakLink(0);
    await until(() => machine.linkUp && arrivals.length === 1, 4000);
    expect(arrivals[0]).toBeGreaterThanOrEqual(950);
    expect(arrivals[0]).toBeLessThan(2300);
  }, 20_000);

  it('sends a request that got no answer again, as a new message, until it is answered', async () => {
    const { url, received } = await brokerAndServer({ lost: 2 });
    const machine = await connected(url, { timeoutMs: 200, resendForMs: 10_000 });

    const order = await (machine as unknown as { call: MqttMachine['call'] }).call('order', { machineOrderNo: 'S-1' });

    expect(order).toMatchObject({ orderNo: 'W1', machineOrderNo: 'S-1' });
    expect(received).toHaveLength(3);
    // The same sale each time, under a new id (the gateway refuses an id it has seen).
    expect(new Set(received.map((request) => request.id)).size).toBe(3);
    expect(received.map((request) => request.body)).toEqual(Array(3).fill({ machineOrderNo: 'S-1' }));
    expect(machine.resent).toBe(2);
  });

  it('sends an unanswered step again as soon as it is back from a broken link, not at the end of its wait', async () => {
    const { url, received } = await brokerAndServer({ lost: 1 });
    const machine = await connected(url, { timeoutMs: 10_000, resendForMs: 60_000, reconnectPeriod: 100 });
    const started = performance.now();
    const answered = (machine as unknown as { call: MqttMachine['call'] }).call('order', { machineOrderNo: 'S-4' });
    await until(() => received.length === 1);
    machine.drop();

    expect(await answered).toMatchObject({ orderNo: 'W1', machineOrderNo: 'S-4' });
    // Answered after the reconnection (a tenth of a second), well within the 10 s wait for the first copy.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(received.map((request) => request.body)).toEqual(Array(2).fill({ machineOrderNo: 'S-4' }));
    expect(machine.resent).toBe(1);
  });

  it('does not send a heartbeat again: the next one says the same', async () => {
    const { url, received } = await brokerAndServer({ lost: 1 });
    const machine = await connected(url, { timeoutMs: 200, resendForMs: 10_000 });

    await expect(machine.heartbeat()).rejects.toThrow(/no answer to heartbeat/);
    expect(received).toHaveLength(1);
  });

  it('sells coins while its link is down, sends no heartbeat, and reports the sale with its own times once back', async () => {
    const { url, received } = await brokerAndServer({ lost: 0 });
    let now = Date.now();
    const machine = await connected(url, {
      timeoutMs: 2000,
      resendForMs: 10_000,
      reconnectPeriod: 300,
      now: () => now,
    });
    machine.drop();
    await until(() => !machine.linkUp);

    const sale = machine.sellCoins({ requestedMl: 1000 });
    expect(sale.offline).toBe(true);
    await expect(machine.heartbeat()).rejects.toBeInstanceOf(MachineOffline);
    const soldAt = now;
    now += 5000;

    expect(await sale.order).toMatchObject({ orderNo: 'W1' });
    // Nothing went out while the link was down: the sale's three steps after it, at the time it was made.
    expect(received.map((request) => request.body)).toMatchObject([
      { channel: 'COIN', requestedMl: 1000, createdAt: soldAt },
      { channel: 'COIN', paidAt: soldAt },
      { result: 'COMPLETED', dispensedMl: 1000, endedAt: soldAt + 30_000 },
    ]);
    // Back, a sale goes over the link, with the server's time.
    const online = machine.sellCoins({ requestedMl: 500 });
    expect(online.offline).toBe(false);
    await online.order;
    expect(received[3]?.body).not.toHaveProperty('createdAt');
  });

  it('gives up on an unanswered request when told not to send it again', async () => {
    const { url, received } = await brokerAndServer({ lost: 1 });
    const machine = await connected(url, { timeoutMs: 200 });

    await expect(
      (machine as unknown as { call: MqttMachine['call'] }).call('order', { machineOrderNo: 'S-2' }),
    ).rejects.toThrow(/no answer to order/);
    expect(received).toHaveLength(1);
  });

  it('does not send a refused request again', async () => {
    const { url, received } = await brokerAndServer({ lost: 0, status: 409 });
    const machine = await connected(url, { timeoutMs: 200, resendForMs: 10_000 });

    await expect(
      (machine as unknown as { call: MqttMachine['call'] }).call('order', { machineOrderNo: 'S-3' }),
    ).rejects.toBeInstanceOf(GatewayRefusal);
    expect(received).toHaveLength(1);
  });
});
