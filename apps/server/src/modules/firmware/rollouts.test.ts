import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineCaller, machineModel } from '../../../test/business-fixtures.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { firmwareRollouts } from './firmware.schema.ts';
import { allocatedMachines, type FirmwareMachine, uploadPackage } from './firmware-test-fixtures.ts';

interface Sent {
  commandId: string;
  type: string;
  params: { updateId: string; version: string };
}

describe('firmware rollouts', () => {
  const ctx = useTestApp({ FIRMWARE_UPDATE_TIMEOUT: '10m' });
  let machines: FirmwareMachine[];
  let previousId: number;
  let packageId: number;

  /** The FIRMWARE_UPDATE commands a machine's heartbeat carries now. */
  const updatesFor = async (machine: FirmwareMachine): Promise<Sent[]> => {
    const answer = await machineCaller(ctx.t, machine)('POST', '/gateway/v1/heartbeat', {});
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().commands as Sent[]).filter((command) => command.type === 'FIRMWARE_UPDATE');
  };
  /** The machine takes the update it was sent, reports its end and acknowledges its command, as docs/gateway.md says. */
  const finish = async (machine: FirmwareMachine, stage: 'SUCCEEDED' | 'FAILED' = 'SUCCEEDED') => {
    const [update] = await updatesFor(machine);
    expect(update, machine.serialNo).toBeDefined();
    const call = machineCaller(ctx.t, machine);
    const commandId = update?.commandId;
    expect((await call('POST', '/gateway/v1/commands/ack', { commandId, result: 'DELIVERED' })).statusCode).toBe(200);
    const reported = await call('POST', '/gateway/v1/firmware/progress', { updateId: update?.params.updateId, stage });
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await call('POST', '/gateway/v1/commands/ack', { commandId, result: stage })).statusCode).toBe(200);
    return update as Sent;
  };
  const rollout = async (id: number) => (await ctx.admin('GET', `/api/firmware/rollouts/${id}`)).json();
  const act = (id: number, action: string) => ctx.admin('PUT', `/api/firmware/rollouts/${id}/${action}`);
  const start = (body: object) => ctx.admin('POST', '/api/firmware/rollouts', body);

  beforeAll(async () => {
    const modelId = (await machineModel(ctx.admin)).id;
    machines = await allocatedMachines(ctx.admin, modelId, 44);
    previousId = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '1.0.0')).json().id;
    packageId = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '1.1.0')).json().id;
  });

  it('goes out in stages, the first of at least 20 machines, each when the one before has finished', async () => {
    const chosen = machines.slice(0, 22);
    const started = await start({ packageId, machineIds: chosen.map((machine) => machine.id) });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id;
    // 1 % and 10 % of 22 are below the first stage's 20 machines: 20, then the rest.
    expect(started.json()).toMatchObject({ state: 'RUNNING', total: 22, currentStage: 1, version: '1.1.0' });
    expect(started.json().stages).toEqual([
      { stage: 1, size: 20, counts: { SENT: 20 }, started: true },
      { stage: 2, size: 2, counts: { PENDING: 2 }, started: false },
    ]);
    expect(await updatesFor(chosen[21] as FirmwareMachine)).toEqual([]);

    // One update per machine: another rollout cannot take a machine this one holds.
    const busy = await start({ packageId: previousId, machineIds: [chosen[0]?.id, machines[22]?.id] });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain(`machine ${chosen[0]?.serialNo} already has a firmware update under way`);

    // Paused: the stage under way goes on, the next does not start.
    expect((await act(id, 'pause')).json()).toMatchObject({ state: 'PAUSED' });
    for (const machine of chosen.slice(0, 20)) await finish(machine);
    expect(await rollout(id)).toMatchObject({ state: 'PAUSED', currentStage: 1 });
    expect(await updatesFor(chosen[20] as FirmwareMachine)).toEqual([]);
    expect((await act(id, 'pause')).statusCode).toBe(409);

    // Resumed: the next stage starts, sent by a task of the durable queue.
    expect((await act(id, 'resume')).json()).toMatchObject({ state: 'RUNNING', currentStage: 2 });
    await ctx.t.app.tasks.idle('firmware-rollout');
    const resumed = await rollout(id);
    expect(resumed.stages[1]).toMatchObject({ counts: { SENT: 2 }, started: true });
    await finish(chosen[20] as FirmwareMachine);

    // Cancelled: the update not under way on its machine is withdrawn, its command with it.
    const cancelled = (await act(id, 'cancel')).json();
    expect(cancelled).toMatchObject({ state: 'CANCELLED', counts: { SUCCEEDED: 21, CANCELLED: 1 } });
    expect(await updatesFor(chosen[21] as FirmwareMachine)).toEqual([]);
    const commands = (await ctx.admin('GET', `/api/machines/${chosen[21]?.id}/commands`)).json().content;
    expect(commands[0]).toMatchObject({ type: 'FIRMWARE_UPDATE', state: 'CANCELLED' });
    expect((await act(id, 'resume')).statusCode).toBe(409);

    // Rolled back: the machines it updated take the version uploaded before, in one stage.
    const back = await act(id, 'rollback');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ version: '1.0.0', rollbackOf: id, total: 21, state: 'RUNNING' });
    expect(back.json().stages).toEqual([{ stage: 1, size: 21, counts: { SENT: 21 }, started: true }]);
    expect(await rollout(id)).toMatchObject({ state: 'ROLLED_BACK', rolledBackBy: back.json().id });
    const [again] = await updatesFor(chosen[0] as FirmwareMachine);
    expect(again?.params.version).toBe('1.0.0');
    expect((await act(id, 'rollback')).statusCode).toBe(409);
    const list = (await ctx.admin('GET', '/api/firmware/rollouts?state=ROLLED_BACK')).json();
    expect(list.content.map((row: { id: number }) => row.id)).toEqual([id]);
  });

  it('sends a started stage whose task was lost to a crash at the next sweep, once', async () => {
    const chosen = machines.slice(23, 44);
    const second = chosen[20] as FirmwareMachine;
    const started = (await start({ packageId, machineIds: chosen.map((machine) => machine.id) })).json();
    expect(started.stages.map((stage: { size: number }) => stage.size)).toEqual([20, 1]);
    // What a kill -9 between the stage's start and its task leaves: the stage started, nothing sent.
    await ctx.t.database.db
      .update(firmwareRollouts)
      .set({ currentStage: 2 })
      .where(eq(firmwareRollouts.id, started.id));
    expect(await updatesFor(second)).toEqual([]);

    await ctx.t.app.scheduler.run('firmware-timeouts');
    const [sent] = await updatesFor(second);
    expect(sent?.params.version).toBe('1.1.0');
    await ctx.t.app.scheduler.run('firmware-timeouts');
    expect((await rollout(started.id)).stages[1]).toMatchObject({ counts: { SENT: 1 }, started: true });
    const commands = (await ctx.admin('GET', `/api/machines/${second.id}/commands`)).json().content;
    expect(commands.filter((command: { type: string }) => command.type === 'FIRMWARE_UPDATE')).toHaveLength(1);
    expect((await act(started.id, 'cancel')).statusCode).toBe(200);
  });

  it('times out updates not finished in time, which count as failed attempts', async () => {
    const machine = machines[22] as FirmwareMachine;
    const started = (await start({ packageId, machineIds: [machine.id] })).json();
    expect(await updatesFor(machine)).toHaveLength(1);
    ctx.t.clock.advance(11 * 60_000);
    await ctx.t.app.scheduler.run('firmware-timeouts');
    expect(await rollout(started.id)).toMatchObject({ state: 'COMPLETED', counts: { TIMED_OUT: 1 } });
    const updates = (await ctx.admin('GET', `/api/firmware/rollouts/${started.id}/updates`)).json();
    expect(updates.content).toEqual([expect.objectContaining({ serialNo: machine.serialNo, state: 'TIMED_OUT' })]);
  });

  it('refuses what the tables do not allow, and batches larger than the machines chosen', async () => {
    expect((await act(999999, 'pause')).statusCode).toBe(404);
    expect((await ctx.admin('PUT', '/api/firmware/rollouts/1/restart')).statusCode).toBe(400);
    const tooMany = await start({ packageId, machineIds: [machines[22]?.id], batchSizes: [1, 1] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({ field: 'batchSizes' });
  });

  it('is for staff holding device:firmware; a machine’s updates for those who see the machine', async () => {
    expect((await ctx.user('GET', '/api/firmware/rollouts')).statusCode).toBe(403);
    expect((await ctx.user('POST', '/api/firmware/rollouts', { packageId, machineIds: [1] })).statusCode).toBe(403);
    expect((await ctx.user('GET', `/api/machines/${machines[0]?.id}/firmware-updates`)).statusCode).toBe(403);
  });
});
