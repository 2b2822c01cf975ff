import { mqttTopics } from '@water/contract/gateway-mqtt';
import mqtt from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineCaller } from '../../../../test/business-fixtures.ts';
import { brokerKinds, useBroker } from '../../../../test/mqtt-brokers.ts';
import { type MachineIdentity, machineRow, offlineAlarms, until } from '../../../../test/mqtt-fixtures.ts';
import { useTestApp } from '../../../../test/test-app.ts';

/** Longer than mosquitto is late in taking a silent machine's keepalive as run out (it counts in whole seconds). */
const GRACE_MS = 6000;
/** With an external broker: a will after this long without a word from the machine is its keepalive running out. */
const SILENT_AFTER_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(brokerKinds())('machines online while connected over MQTT (%s broker)', (kind) => {
  const broker = useBroker(kind);
  const ctx = useTestApp(() => ({
    ...broker.env(),
    MQTT_OFFLINE_GRACE: `${GRACE_MS / 1000}s`,
    MQTT_SILENT_AFTER: `${SILENT_AFTER_MS / 1000}s`,
    OFFLINE_AFTER: '5m',
  }));
  let newMachine: () => Promise<MachineIdentity>;
  const rowOf = (id: number) => machineRow(ctx.t.database.db, id);
  const alarmsOf = (id: number) => offlineAlarms(ctx.t.database.db, id);
  const connected = async (
    identity: MachineIdentity,
    options: { keepalive?: number; reconnectPeriod?: number } = {},
  ) => {
    const machine = broker.machine(ctx.t.app, identity, { reconnectPeriod: 0, ...options });
    await machine.connect();
    await until(async () => (await rowOf(identity.id)).online);
    return machine;
  };

  beforeAll(async () => {
    newMachine = await broker.machineMaker(ctx.t.app, ctx.admin);
  });

  /** When the broker publishes the machine's will (mosquitto: the console's own account watches its status). */
  const willOf = async (serialNo: string): Promise<() => Promise<number>> => {
    const watcher = await mqtt.connectAsync(broker.mosquitto().consoleUrl, {
      clientId: `watch-${serialNo}`,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    const will = new Promise<number>((resolve) =>
      watcher.on('message', (_topic, payload) => {
        if (payload.toString() === 'offline') resolve(Date.now());
      }),
    );
    await watcher.subscribeAsync(mqttTopics(serialNo).status, { qos: 1 });
    return async () => {
      const at = await will;
      await watcher.endAsync(true);
      return at;
    };
  };

  it('takes a silent machine offline within 1.5 keepalives, without the grace, with an alarm its return resolves', async () => {
    const identity = await newMachine();
    const machine = await connected(identity, { keepalive: 2 });
    const will = kind === 'mosquitto' ? await willOf(identity.serialNo) : undefined;
    const silentAt = Date.now();
    machine.fallSilent();
    // The server's clock moves on while the machine says nothing.
    ctx.t.clock.advance(SILENT_AFTER_MS);
    await until(async () => !(await rowOf(identity.id)).online, 20_000);
    const offlineAt = Date.now();
    if (will) {
      // Mosquitto gives up at 1.5 keepalives (3 s), in its own time (whole seconds, later on a busy
      // machine), and publishes the machine's will. That comes after more than SILENT_AFTER_MS
      // without a word from it: the machine goes offline at once, not after the grace.
      expect(offlineAt - (await will())).toBeLessThan(GRACE_MS / 2);
    } else {
      // The embedded broker gives up at 1.5 keepalives (3 s) and tells the server so: the machine goes
      // offline then, not after the grace (a busy machine may be a second or two late).
      expect(offlineAt - silentAt).toBeLessThan(3000 + GRACE_MS / 2);
    }
    expect(await alarmsOf(identity.id)).toEqual([
      expect.objectContaining({ state: 'OPEN', detail: expect.stringContaining('connection lost') }),
    ]);
    await machine.end();

    // Its return resolves the alarm just after the row says online (on PostgreSQL, another moment).
    const back = await connected(identity);
    await until(async () => (await alarmsOf(identity.id))[0]?.state === 'RESOLVED');
    await back.end();
  });

  it('keeps a machine whose link flaps online without an alarm, and takes one that stays away offline after the grace', async () => {
    const identity = await newMachine();
    const machine = await connected(identity, { reconnectPeriod: 100 });
    machine.drop();
    await until(() => ctx.t.app.mqtt?.isConnected(identity.serialNo) === false);
    await until(() => ctx.t.app.mqtt?.isConnected(identity.serialNo) === true);
    await sleep(1200);
    expect((await rowOf(identity.id)).online).toBe(true);
    expect(await alarmsOf(identity.id)).toEqual([]);

    machine.drop({ stayAway: true });
    const droppedAt = Date.now();
    await until(async () => !(await rowOf(identity.id)).online, GRACE_MS + 3000);
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(await alarmsOf(identity.id)).toHaveLength(1);
    await machine.end();
  });

  it('gives the grace to a link that breaks long after the connection, while the machine heartbeats', async () => {
    const identity = await newMachine();
    const machine = await connected(identity);
    ctx.t.clock.advance(SILENT_AFTER_MS + 500);
    await machine.heartbeat({ tdsOut: 9 });
    machine.drop();
    await until(() => ctx.t.app.mqtt?.isConnected(identity.serialNo) === false);
    await sleep(GRACE_MS / 2);
    expect((await rowOf(identity.id)).online).toBe(true);
    await until(async () => !(await rowOf(identity.id)).online, GRACE_MS + 3000);
    expect(await alarmsOf(identity.id)).toHaveLength(1);
    await machine.end();
  });

  it('leaves a connected machine online whatever its heartbeats, while silent HTTP machines go offline', async () => {
    const [overMqtt, overHttp] = [await newMachine(), await newMachine()];
    const machine = await connected(overMqtt);
    await machine.heartbeat({ tdsOut: 8 });
    expect((await machineCaller(ctx.t, overHttp)('POST', '/gateway/v1/heartbeat', {})).statusCode).toBe(200);

    ctx.t.clock.advance(10 * 60_000);
    await ctx.t.app.scheduler.run('offline-check');
    expect((await rowOf(overMqtt.id)).online).toBe(true);
    expect(await alarmsOf(overMqtt.id)).toEqual([]);
    expect((await rowOf(overHttp.id)).online).toBe(false);
    expect(await alarmsOf(overHttp.id)).toHaveLength(1);
    await machine.end();
  });
});
