import { beforeAll, describe, expect, it } from 'vitest';
import { machineCaller } from '../../../../test/business-fixtures.ts';
import {
  type MachineIdentity,
  machineMaker,
  machineRow,
  offlineAlarms,
  until,
} from '../../../../test/mqtt-fixtures.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { MqttMachine } from '../../../simulator/mqtt-machine.ts';

describe('machines online while connected over MQTT', () => {
  const ctx = useTestApp({ MQTT_PORT: '0', MQTT_OFFLINE_GRACE: '1s', OFFLINE_AFTER: '5m' });
  let newMachine: () => Promise<MachineIdentity>;
  const rowOf = (id: number) => machineRow(ctx.t.database.db, id);
  const alarmsOf = (id: number) => offlineAlarms(ctx.t.database.db, id);
  const connected = async (
    identity: MachineIdentity,
    options: { keepalive?: number; reconnectPeriod?: number } = {},
  ) => {
    const machine = new MqttMachine(`mqtt://127.0.0.1:${ctx.t.app.mqtt?.port}`, identity, {
      reconnectPeriod: 0,
      ...options,
    });
    await machine.connect();
    await until(async () => (await rowOf(identity.id)).online);
    return machine;
  };

  beforeAll(async () => {
    newMachine = await machineMaker(ctx.admin);
  });

  it('takes a silent machine offline within 1.5 keepalives, with an alarm its return resolves', async () => {
    const identity = await newMachine();
    const machine = await connected(identity, { keepalive: 1 });
    const silentAt = Date.now();
    machine.fallSilent();
    await until(async () => !(await rowOf(identity.id)).online, 3000);
    // The broker gives up at 1.5 keepalives; the row follows at once (no grace: it was silent all along).
    expect(Date.now() - silentAt).toBeLessThan(1500 + 400);
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
