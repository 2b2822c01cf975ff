import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  flatPrice,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  staffOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';

interface Sold {
  id: number;
  serialNo: string;
  secret: string;
}

const sale = () => ({
  machineOrderNo: unique('S'),
  tap: 1,
  waterType: 'COLD',
  requestedMl: 1000,
  channel: 'COIN',
});

describe('machine commands', () => {
  const ctx = useTestApp();
  const admin = (...args: Parameters<typeof ctx.admin>) => ctx.admin(...args);
  let modelId: number;
  let agent: { id: number; deptId: number };
  let other: { id: number; deptId: number };
  let machine: Sold;
  let call: MachineCaller;
  let manager: Caller;

  const machineOf = async (agentId: number) =>
    operatingMachine(admin, { modelId, agentId, siteId: (await siteOf(admin, agentId)).id });
  const send = (id: number, body: object, as: Caller = admin) => as('POST', `/api/machines/${id}/commands`, body);
  const history = async (id: number) => (await admin('GET', `/api/machines/${id}/commands?size=50`)).json().content;
  const beat = async (caller: MachineCaller, body: object = {}) => {
    const answer = await caller('POST', '/gateway/v1/heartbeat', body);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const ack = (caller: MachineCaller, body: object) => caller('POST', '/gateway/v1/commands/ack', body);

  beforeAll(async () => {
    modelId = (await machineModel(admin)).id;
    agent = await activeAgent(admin, unique('Command agent '));
    other = await activeAgent(admin, unique('Other agent '));
    machine = await machineOf(agent.id);
    call = machineCaller(ctx.t, machine);
    await flatPrice(admin, 30);
    manager = await staffOf(ctx.t, admin, agent.deptId, 'Agent manager');
  });

  it('rides on the heartbeat’s answer, is acknowledged, and its history shows who sent what and how it went', async () => {
    const sent = await send(machine.id, { type: 'RO_FLUSH', params: { seconds: 120 } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      type: 'RO_FLUSH',
      state: 'QUEUED',
      createBy: 'admin',
      params: { seconds: 120 },
    });

    const answer = await beat(call);
    const [command] = answer.commands;
    expect(command).toMatchObject({ commandId: sent.json().commandId, type: 'RO_FLUSH', params: { seconds: 120 } });
    expect(command.expiresAt).toBeGreaterThan(Date.now());
    expect((await history(machine.id))[0]).toMatchObject({ state: 'SENT' });

    // Sent again until acknowledged: a lost answer loses nothing.
    expect((await beat(call)).commands.map((c: { commandId: string }) => c.commandId)).toContain(command.commandId);
    const delivered = await ack(call, { commandId: command.commandId, result: 'DELIVERED' });
    expect(delivered.json()).toEqual({ commandId: command.commandId, state: 'DELIVERED' });
    expect((await beat(call)).commands).toEqual([]);

    const done = await ack(call, { commandId: command.commandId, result: 'SUCCEEDED', message: 'flushed' });
    expect(done.json()).toEqual({ commandId: command.commandId, state: 'SUCCEEDED' });
    // The same acknowledgement again (a retry after a lost answer) is answered as it stands; so is a late receipt.
    expect((await ack(call, { commandId: command.commandId, result: 'SUCCEEDED' })).json().state).toBe('SUCCEEDED');
    expect((await ack(call, { commandId: command.commandId, result: 'DELIVERED' })).json().state).toBe('SUCCEEDED');
    // A different result after the end is refused.
    const contrary = await ack(call, { commandId: command.commandId, result: 'FAILED' });
    expect(contrary.statusCode).toBe(409);
    expect(contrary.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'SUCCEEDED', event: 'FAIL' });

    const [row] = await history(machine.id);
    expect(row).toMatchObject({ state: 'SUCCEEDED', message: 'flushed', createBy: 'admin' });
    expect(row.deliveredTime).not.toBeNull();
    expect(row.finishedTime).not.toBeNull();
  });

  it('checks each command’s parameters by its type', async () => {
    const missing = await send(machine.id, { type: 'RESET_FILTER_COUNTER' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'params.stage', code: 'required' })]);
    const foreign = await send(machine.id, { type: 'REBOOT', params: { ml: 100 } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([expect.objectContaining({ field: 'params.ml', code: 'unknown' })]);
    const zh = await send(machine.id, { type: 'RESET_FILTER_COUNTER' }, (m, u, b) =>
      admin(m, u, b, { 'accept-language': 'zh-CN' }),
    );
    expect(zh.json().errors[0].message).toBe('指令 RESET_FILTER_COUNTER 需要此项');
    const prices = await send(machine.id, { type: 'SET_PRICES' });
    expect(prices.json().params.prices).toMatchObject({ COIN: 30 });
  });

  it('lets a machine acknowledge only its own commands', async () => {
    const second = await machineOf(agent.id);
    const sent = await send(second.id, { type: 'REBOOT' });
    const refused = await ack(call, { commandId: sent.json().commandId, result: 'SUCCEEDED' });
    expect(refused.statusCode).toBe(404);
    expect((await ack(call, { commandId: 'not-a-command', result: 'DELIVERED' })).statusCode).toBe(404);
    expect((await history(second.id))[0].state).toBe('QUEUED');
  });

  it('cancels a command not yet delivered, and no later', async () => {
    const sent = (await send(machine.id, { type: 'REBOOT' })).json();
    const cancelled = await admin('PUT', `/api/commands/${sent.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('CANCELLED');
    expect((await beat(call)).commands.map((c: { commandId: string }) => c.commandId)).not.toContain(sent.commandId);
    const again = await admin('PUT', `/api/commands/${sent.id}/cancel`);
    expect(again.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'CANCELLED', event: 'CANCEL' });
    expect((await ack(call, { commandId: sent.commandId, result: 'SUCCEEDED' })).statusCode).toBe(409);
  });

  it('expires what is never delivered and times out what never finishes, by the scheduled sweep', async () => {
    const silent = await machineOf(agent.id);
    const quiet = machineCaller(ctx.t, silent);
    const never = (await send(silent.id, { type: 'SYNC_CLOCK', ttlSeconds: 60 })).json();
    const slow = (await send(silent.id, { type: 'RO_FLUSH', params: { seconds: 60 }, ttlSeconds: 3600 })).json();
    const [syncing] = (await beat(quiet)).commands.filter((c: { type: string }) => c.type === 'SYNC_CLOCK');
    expect(syncing.params.serverTime).toBe(ctx.t.clock.now().getTime());
    await ack(quiet, { commandId: slow.commandId, result: 'DELIVERED' });

    ctx.t.clock.advance(2 * 60_000);
    await ctx.t.app.scheduler.run('command-timeouts');
    const states = async () =>
      Object.fromEntries((await history(silent.id)).map((row: { id: number; state: string }) => [row.id, row.state]));
    expect(await states()).toEqual({ [never.id]: 'EXPIRED', [slow.id]: 'DELIVERED' });
    expect((await beat(quiet)).commands).toEqual([]);

    ctx.t.clock.advance(10 * 60_000);
    await ctx.t.app.scheduler.run('command-timeouts');
    expect(await states()).toEqual({ [never.id]: 'EXPIRED', [slow.id]: 'TIMED_OUT' });
    // A late result is still recorded; an expired command cannot be done any more.
    expect((await ack(quiet, { commandId: slow.commandId, result: 'SUCCEEDED' })).json().state).toBe('SUCCEEDED');
    expect((await ack(quiet, { commandId: never.commandId, result: 'DELIVERED' })).statusCode).toBe(409);
  });

  it('refuses new orders of a locked machine with its own code, and takes them again once unlocked', async () => {
    const locked = await machineOf(agent.id);
    const till = machineCaller(ctx.t, locked);
    expect((await till('POST', '/gateway/v1/orders', sale())).statusCode).toBe(201);
    expect((await send(locked.id, { type: 'LOCK' }, manager)).statusCode).toBe(201);
    const refusedSale = sale();
    const refused = await till('POST', '/gateway/v1/orders', refusedSale);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MACHINE_MAINTENANCE' });
    expect(refused.json().message).toContain('maintenance');
    // Refused, the sale made no order: its number is free for when the machine is unlocked.
    expect((await till('GET', `/gateway/v1/orders/${refusedSale.machineOrderNo}`)).statusCode).toBe(404);
    const answer = await beat(till);
    expect(answer.commands[0]).toMatchObject({ type: 'LOCK', params: { settingsVersion: 1 } });
    expect(answer.settings).toMatchObject({ version: 1, maintenance: true });

    await send(locked.id, { type: 'UNLOCK' });
    expect((await till('POST', '/gateway/v1/orders', refusedSale)).statusCode).toBe(201);
  });

  it('converges desired settings: a version up on each edit, carried until the machine reports it, drift listed since then', async () => {
    const drifting = await machineOf(agent.id);
    const caller = machineCaller(ctx.t, drifting);
    const initial = (await admin('GET', `/api/machines/${drifting.id}/settings`)).json();
    expect(initial).toMatchObject({
      desired: { version: 0, pulsesPerLitre: 450, maintenance: false },
      drifting: false,
    });
    expect((await beat(caller)).settings).toBeUndefined();

    const desired = { ...initial.desired, heartbeatSeconds: 30, tdsOutMax: 40 };
    const edited = await manager('PUT', `/api/machines/${drifting.id}/settings`, desired);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ desired: { version: 1, heartbeatSeconds: 30 }, drifting: true });
    expect(edited.json().driftSince).not.toBeNull();
    // Edited from a version that is no longer the latest: refused.
    const stale = await admin('PUT', `/api/machines/${drifting.id}/settings`, { ...desired, tdsOutMax: 45 });
    expect(stale.statusCode).toBe(409);

    const list = async (drift: boolean) =>
      (await admin('GET', `/api/machines?drifting=${drift}&agentId=${agent.id}&size=100`))
        .json()
        .content.map((row: { id: number; settingsDriftSince: string | null }) => [row.id, row.settingsDriftSince]);
    expect(await list(true)).toContainEqual([drifting.id, edited.json().driftSince]);
    expect((await list(false)).map(([id]: [number]) => id)).not.toContain(drifting.id);

    const answer = await beat(caller, { settings: { version: 0 } });
    expect(answer.settings).toMatchObject({ version: 1, heartbeatSeconds: 30, tdsOutMax: 40 });
    expect(answer.heartbeatSeconds).toBe(30);
    const applied = {
      version: 1,
      pulsesPerLitre: 450,
      heartbeatSeconds: 30,
      maintenance: false,
      tdsOutMax: 40,
      tankLowPercent: 5,
    };
    expect((await beat(caller, { settings: applied })).settings).toBeUndefined();
    expect((await admin('GET', `/api/machines/${drifting.id}/settings`)).json()).toMatchObject({
      reported: applied,
      drifting: false,
      driftSince: null,
    });
    expect((await list(false)).map(([id]: [number]) => id)).toContain(drifting.id);
  });

  it('writes a report again when it changes or five minutes on, not on every heartbeat that repeats it', async () => {
    const reporting = await machineOf(agent.id);
    const caller = machineCaller(ctx.t, reporting);
    const settings = async () => (await admin('GET', `/api/machines/${reporting.id}/settings`)).json();
    const applied = { version: 0, pulsesPerLitre: 450, heartbeatSeconds: 60, maintenance: false };
    await beat(caller, { settings: applied });
    const first = await settings();
    expect(first).toMatchObject({ reported: applied, drifting: false });
    expect(first.reportedTime).not.toBeNull();

    ctx.t.clock.advance(60_000);
    await beat(caller, { settings: applied });
    expect((await settings()).reportedTime).toBe(first.reportedTime);

    ctx.t.clock.advance(60_000);
    const changed = { ...applied, maintenance: true };
    await beat(caller, { settings: changed });
    const second = await settings();
    expect(second.reported).toEqual(changed);
    expect(Date.parse(second.reportedTime) - Date.parse(first.reportedTime)).toBe(120_000);

    ctx.t.clock.advance(5 * 60_000);
    await beat(caller, { settings: changed });
    expect(Date.parse((await settings()).reportedTime) - Date.parse(second.reportedTime)).toBe(5 * 60_000);
  });

  it('spreads the reports written again of machines that reported together, each no older than five minutes', async () => {
    // An agent of their own: an agent holds at most 20 machines.
    const owner = await activeAgent(admin, unique('Fleet agent '));
    const fleet = await Promise.all(Array.from({ length: 16 }, () => machineOf(owner.id)));
    const callers = fleet.map((one) => machineCaller(ctx.t, one));
    const applied = { version: 0, pulsesPerLitre: 450, heartbeatSeconds: 60, maintenance: false };
    const reportedAt = async (id: number) =>
      Date.parse((await admin('GET', `/api/machines/${id}/settings`)).json().reportedTime);
    for (const caller of callers) await beat(caller, { settings: applied });
    const first = await Promise.all(fleet.map((one) => reportedAt(one.id)));
    // Each heartbeat a minute, as a fleet back online together sends them: in which minute was each written again?
    const writtenAgainIn = new Array<number | undefined>(fleet.length);
    for (let minute = 1; minute <= 5; minute++) {
      ctx.t.clock.advance(60_000);
      for (const caller of callers) await beat(caller, { settings: applied });
      const now = await Promise.all(fleet.map((one) => reportedAt(one.id)));
      now.forEach((at, index) => {
        if (at !== first[index]) writtenAgainIn[index] ??= minute;
      });
    }
    // None before half the five minutes, every one by five minutes, not all in the same minute.
    expect(writtenAgainIn.every((minute) => minute !== undefined && minute >= 3 && minute <= 5)).toBe(true);
    expect(new Set(writtenAgainIn).size).toBeGreaterThan(1);
  });

  it('sends one command to many machines in one batch whose progress counts its commands by state', async () => {
    const many = [machine, ...(await Promise.all([machineOf(agent.id), machineOf(agent.id)]))];
    const sent = await manager('POST', '/api/commands/batches', {
      machineIds: many.map((m) => m.id),
      type: 'REQUEST_STATUS',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ type: 'REQUEST_STATUS', total: 3, counts: { QUEUED: 3 }, pending: 3 });
    const [first] = (await beat(call)).commands.filter((c: { type: string }) => c.type === 'REQUEST_STATUS');
    await ack(call, { commandId: first.commandId, result: 'SUCCEEDED' });
    const progress = await manager('GET', `/api/commands/batches/${sent.json().id}`);
    expect(progress.json()).toMatchObject({ total: 3, counts: { QUEUED: 2, SUCCEEDED: 1 }, pending: 2 });
  });

  it('keeps agents’ staff to the machines of their scope: by list, by id and in bulk', async () => {
    const foreign = await machineOf(other.id);
    const theirs = (await send(foreign.id, { type: 'REBOOT' })).json();
    expect((await manager('GET', `/api/machines/${foreign.id}/commands`)).statusCode).toBe(404);
    expect((await send(foreign.id, { type: 'REBOOT' }, manager)).statusCode).toBe(404);
    expect((await manager('GET', `/api/machines/${foreign.id}/settings`)).statusCode).toBe(404);
    expect((await manager('PUT', `/api/commands/${theirs.id}/cancel`)).statusCode).toBe(404);
    const bulk = await manager('POST', '/api/commands/batches', {
      machineIds: [machine.id, foreign.id],
      type: 'REBOOT',
    });
    expect(bulk.statusCode).toBe(404);
    expect(bulk.json().message).toContain(String(foreign.id));
    const batch = (await admin('POST', '/api/commands/batches', { machineIds: [foreign.id], type: 'REBOOT' })).json();
    expect((await manager('GET', `/api/commands/batches/${batch.id}`)).statusCode).toBe(404);
    // Nothing was queued for the machine the caller reaches by the refused bulk.
    const reboots = (await history(machine.id)).filter((row: { type: string }) => row.type === 'REBOOT');
    expect(reboots.every((row: { createBy: string }) => row.createBy === 'admin')).toBe(true);
  });

  it('needs device:command to send, cancel or edit settings', async () => {
    expect((await ctx.user('POST', `/api/machines/${machine.id}/commands`, { type: 'REBOOT' })).statusCode).toBe(403);
    expect(
      (await ctx.user('POST', '/api/commands/batches', { machineIds: [machine.id], type: 'REBOOT' })).statusCode,
    ).toBe(403);
  });
});
