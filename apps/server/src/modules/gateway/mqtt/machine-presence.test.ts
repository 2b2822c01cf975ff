import { beforeAll, describe, expect, it } from 'vitest';
import { machineCaller } from '../../../../test/business-fixtures.ts';
import { brokerKinds, useBroker } from '../../../../test/mqtt-brokers.ts';
import { type MachineIdentity, machineRow, offlineAlarms, until } from '../../../../test/mqtt-fixtures.ts';
import { useTestApp } from '../../../../test/test-app.ts';

describe.each(brokerKinds())('machines online while connected over MQTT (%s broker)', (kind) => {
  const broker = useBroker(kind);
  const ctx = useTestApp(() => ({ ...broker.env(), MQTT_OFFLINE_GRACE: '1s', OFFLINE_AFTER: '5m' }));
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

  it('takes a silent machine offline within 1.5 keepalives (and the grace, with an external broker), with an alarm its return resolves', async () => {
    const identity = await newMachine();
    const machine = await connected(identity, { keepalive: 1 });
    const silentAt = Date.now();
    machine.fallSilent();
    await until(async () => !(await rowOf(identity.id)).online, 10_000);
    // The broker gives up at 1.5 keepalives. The embedded broker tells the server so, and the row
    // follows at once. Mosquitto, which counts in whole seconds (up to 4 s late at 1 s), publishes
    // the machine's will, which the server cannot tell from a broken link: the grace (1 s) follows.
    expect(Date.now() - silentAt).toBeLessThan(kind === 'embedded' ? 1500 + 400 : 1500 + 4000 + 1000);
    expect(await alarmsOf(identity.id)).toEqual([
      expect.objectContaining({ state: 'OPEN', detail: expect.stringContaining('connection lost') }),
    ]);
    await machine.end();

    const back = await connected(identity);
    expect((await alarmsOf(identity.id))[0]?.state).toBe('RESOLVED');
    await back.end();
  });

  it('keeps a machine whose link flaps online without an alarm, and takes one that stays away offline after the grace', async () => {
    const identity = await newMachine();
    const machine = await connected(identity, { reconnectPeriod: 100 });
    machine.drop();
    await until(() => ctx.t.app.mqtt?.isConnected(identity.serialNo) === false);
    await until(() => ctx.t.app.mqtt?.isConnected(identity.serialNo) === true);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await rowOf(identity.id)).online).toBe(true);
    expect(await alarmsOf(identity.id)).toEqual([]);

    machine.client.options.reconnectPeriod = 0;
    machine.drop();
    const droppedAt = Date.now();
    await until(async () => !(await rowOf(identity.id)).online, 3000);
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(900);
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
