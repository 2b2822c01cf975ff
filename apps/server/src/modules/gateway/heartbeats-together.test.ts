import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { machines } from '../machines/machines.read-model.ts';

/**
 * Heartbeats that arrive together (a broker's socket read under load holds many) are read and
 * written together; each machine still gets its own answer, its own runtime and its own alarms.
 */
describe('heartbeats arriving together', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let place: { modelId: number; agentId: number; siteId: number };

  beforeAll(async () => {
    const agent = await activeAgent(admin, unique('Together agent '));
    place = { modelId: (await machineModel(admin)).id, agentId: agent.id, siteId: (await siteOf(admin, agent.id)).id };
  });

  const runtimeOf = async (ids: number[]) =>
    ctx.t.database.db
      .select({ id: machines.id, online: machines.online, tdsOut: machines.tdsOut, tankLevel: machines.tankLevel })
      .from(machines)
      .where(inArray(machines.id, ids));

  it('gives each of twelve machines its own readings and its own commands', async () => {
    const fleet = await Promise.all(Array.from({ length: 12 }, () => operatingMachine(admin, place)));
    // Every other machine has a command waiting; each has its own id.
    const sent = new Map<number, string>();
    for (const machine of fleet.filter((_, index) => index % 2 === 0)) {
      const command = await admin('POST', `/api/machines/${machine.id}/commands`, { type: 'REBOOT' });
      expect(command.statusCode, command.body).toBe(201);
      sent.set(machine.id, command.json().commandId);
    }
    const answers = await Promise.all(
      fleet.map((machine, index) =>
        machineCaller(ctx.t, machine)('POST', '/gateway/v1/heartbeat', { tdsOut: 10 + index, tankLevel: 40 + index }),
      ),
    );
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode, answer.body).toBe(200);
      const machine = fleet[index] as (typeof fleet)[number];
      const commands = (answer.json().commands as { commandId: string }[]).map((command) => command.commandId);
      expect(commands).toEqual(sent.has(machine.id) ? [sent.get(machine.id)] : []);
    }
    const rows = await runtimeOf(fleet.map((machine) => machine.id));
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      const index = fleet.findIndex((machine) => machine.id === row.id);
      expect(row).toMatchObject({ online: true, tdsOut: 10 + index, tankLevel: 40 + index });
    }
  });

  it('lets one of two requests with the same nonce through, and refuses the other as a replay', async () => {
    const machine = await operatingMachine(admin, place);
    const call = machineCaller(ctx.t, machine);
    const nonce = `same-nonce-${Date.now()}`;
    const [first, second] = await Promise.all([
      call('POST', '/gateway/v1/heartbeat', { tdsOut: 8 }, { nonce }),
      call('POST', '/gateway/v1/heartbeat', { tdsOut: 8 }, { nonce }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const refused = first?.statusCode === 409 ? first : second;
    expect(refused?.json()).toMatchObject({ code: 'NONCE_REUSED' });
  });

  it('writes two heartbeats of one machine one after the other: the second sees the first', async () => {
    const machine = await operatingMachine(admin, place);
    const call = machineCaller(ctx.t, machine);
    // Bad water twice in the same turn: the first raises the alarm, the second finds it raised.
    const [first, second] = await Promise.all([
      call('POST', '/gateway/v1/heartbeat', { tdsOut: 120 }),
      call('POST', '/gateway/v1/heartbeat', { tdsOut: 130 }),
    ]);
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    const alarms = (await admin('GET', `/api/alarms?machineId=${machine.id}&type=TDS_HIGH`)).json().content;
    expect(alarms).toEqual([expect.objectContaining({ state: 'OPEN', count: 1 })]);
    // The machine shows the later reading.
    const [row] = await runtimeOf([machine.id]);
    expect(row?.tdsOut).toBe(130);
    await ctx.t.app.scheduler.run('summarise-telemetry');
    const day = (await admin('GET', `/api/machines/${machine.id}/telemetry?range=24h`)).json();
    expect(day.samples.reduce((sum: number, count: number) => sum + count, 0)).toBe(2);
  });

  it('answers a machine unknown among known ones with its own refusal', async () => {
    const machine = await operatingMachine(admin, place);
    const stranger = { serialNo: unique('NOSUCH'), secret: machine.secret };
    const [known, unknown] = await Promise.all([
      machineCaller(ctx.t, machine)('POST', '/gateway/v1/heartbeat', {}),
      machineCaller(ctx.t, stranger)('POST', '/gateway/v1/heartbeat', {}),
    ]);
    expect(known?.statusCode, known?.body).toBe(200);
    expect(unknown?.statusCode).toBe(401);
    expect(unknown?.json()).toMatchObject({ code: 'MACHINE_UNKNOWN' });
  });
});
