import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineModel } from '../../../test/business-fixtures.ts';
import { until } from '../../../test/mqtt-fixtures.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { MqttMachine } from '../../simulator/mqtt-machine.ts';
import { VirtualMachine } from '../../simulator/virtual-machine.ts';
import { allocatedMachines, type FirmwareMachine, firmwareFile, uploadPackage } from './firmware-test-fixtures.ts';

/**
 * Simulated machines, in this process, taking firmware through the real gateway: over HTTP they
 * find the update on a heartbeat's answer, over MQTT on their command topic; either way they
 * download it through the signed link in two ranged requests, check it and report progress.
 */
describe('a staged firmware rollout to simulated machines', () => {
  const ctx = useTestApp({ MQTT_PORT: '0' });
  let baseUrl: string;
  let modelId: number;
  const mqttMachines: MqttMachine[] = [];

  beforeAll(async () => {
    baseUrl = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    modelId = (await machineModel(ctx.admin)).id;
    expect((await uploadPackage(ctx.t, ctx.adminToken, modelId, '1.0.0')).statusCode).toBe(201);
  });
  afterAll(async () => {
    await Promise.all(mqttMachines.map((machine) => machine.end()));
  });

  const rollout = async (id: number) => (await ctx.admin('GET', `/api/firmware/rollouts/${id}`)).json();

  it('to 200 machines of which 10 % fail stops itself at the first stage', async () => {
    const identities = await allocatedMachines(ctx.admin, modelId, 200);
    const file = firmwareFile(64 * 1024);
    const pkg = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '1.1.0', file.bytes)).json();
    const machines = identities.map((identity, index) => {
      const machine = new VirtualMachine(baseUrl, identity);
      machine.firmware = '1.0.0';
      // Every tenth machine fails to install: 10 % of the rollout, and of its first stage.
      if (index % 10 === 0) machine.firmwareFailure = 'flash write failed';
      return machine;
    });
    const started = await ctx.admin('POST', '/api/firmware/rollouts', {
      packageId: pkg.id,
      machineIds: identities.map((identity) => identity.id),
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id;
    expect(started.json().stages.map((stage: { size: number }) => stage.size)).toEqual([20, 180]);

    const beatAll = async () => {
      for (let at = 0; at < machines.length; at += 25) {
        await Promise.all(machines.slice(at, at + 25).map((machine) => machine.heartbeat({ tdsOut: 9 })));
      }
    };
    await beatAll();
    const halted = await rollout(id);
    expect(halted).toMatchObject({
      state: 'HALTED',
      currentStage: 1,
      haltReason: '2 of 20 finished updates failed (10 %); the limit is 5 %.',
    });
    expect(halted.stages).toEqual([
      { stage: 1, size: 20, counts: { SUCCEEDED: 18, FAILED: 2 }, started: true },
      { stage: 2, size: 180, counts: { CANCELLED: 180 }, started: false },
    ]);
    const chinese = await ctx.admin('GET', `/api/firmware/rollouts/${id}`, undefined, { 'accept-language': 'zh' });
    expect(chinese.json().haltReason).toBe('已结束的 20 次升级中有 2 次失败（10%），超过 5% 的上限。');

    // The later stage never goes out: its machines keep their firmware, however often they come.
    await beatAll();
    expect(machines.filter((machine) => machine.firmware === '1.1.0')).toHaveLength(18);
    const updated = (await ctx.admin('GET', `/api/machines/${identities[1]?.id}`)).json();
    expect(updated.firmware).toBe('1.1.0');
    const failed = (await ctx.admin('GET', `/api/firmware/rollouts/${id}/updates?state=FAILED`)).json();
    expect(failed.content.map((row: { serialNo: string }) => row.serialNo)).toEqual([
      identities[0]?.serialNo,
      identities[10]?.serialNo,
    ]);
    expect(failed.content[0].error).toBe('flash write failed');
  }, 180_000);

  it('reaches machines connected over MQTT at once, and takes their reports on up/firmware', async () => {
    const identities: FirmwareMachine[] = await allocatedMachines(ctx.admin, modelId, 3);
    const pkg = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '1.2.0')).json();
    for (const identity of identities) {
      const machine = new MqttMachine(`mqtt://127.0.0.1:${ctx.t.app.mqtt?.port}`, identity, {
        now: () => ctx.t.clock.now().getTime(),
        reconnectPeriod: 0,
        httpUrl: baseUrl,
      });
      await machine.connect();
      mqttMachines.push(machine);
    }
    const started = await ctx.admin('POST', '/api/firmware/rollouts', {
      packageId: pkg.id,
      machineIds: identities.map((identity) => identity.id),
    });
    expect(started.statusCode, started.body).toBe(201);
    await until(async () => (await rollout(started.json().id)).state === 'COMPLETED', 10_000);
    expect((await rollout(started.json().id)).counts).toEqual({ SUCCEEDED: 3 });
    expect(mqttMachines.map((machine) => machine.firmware)).toEqual(['1.2.0', '1.2.0', '1.2.0']);
    const commands = (await ctx.admin('GET', `/api/machines/${identities[0]?.id}/commands`)).json().content;
    expect(commands[0]).toMatchObject({ type: 'FIRMWARE_UPDATE', state: 'SUCCEEDED' });
  }, 90_000);
});
