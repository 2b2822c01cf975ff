import { and, eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activeAgent,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { alarms } from '../alarms/alarms.read-model.ts';
import { alarmsRepository } from '../alarms/alarms.repository.ts';
import { machines } from '../machines/machines.read-model.ts';
import { gatewayRepository } from './gateway.repository.ts';

/** Past OFFLINE_AFTER (5 minutes by default). */
const SILENT_MS = 6 * 60_000;

describe('a heartbeat racing the offline check never leaves an online machine with an open OFFLINE alarm', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let modelId: number;
  let agent: { id: number };
  let site: { id: number };

  afterEach(() => vi.restoreAllMocks());

  beforeAll(async () => {
    modelId = (await machineModel(admin)).id;
    agent = await activeAgent(admin, unique('Heartbeat agent '));
    site = await siteOf(admin, agent.id);
  });

  /** A machine that heartbeats (online), and its signed calls. */
  const speakingMachine = async () => {
    const machine = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
    const call = machineCaller(ctx.t, machine);
    expect((await call('POST', '/gateway/v1/heartbeat', {})).statusCode).toBe(200);
    return { ...machine, call };
  };
  const heartbeat = async (call: MachineCaller) => {
    const answer = await call('POST', '/gateway/v1/heartbeat', {});
    expect(answer.statusCode, answer.body).toBe(200);
  };
  /** Whether the machine is online, and the states of its OFFLINE alarms. */
  const stateOf = async (id: number) => {
    const [row] = await ctx.t.database.db.select({ online: machines.online }).from(machines).where(eq(machines.id, id));
    const offline = await ctx.t.database.db
      .select({ state: alarms.state })
      .from(alarms)
      .where(and(eq(alarms.machineId, id), eq(alarms.type, 'OFFLINE')));
    return { online: row?.online, alarms: offline.map((alarm) => alarm.state) };
  };

  it('resolves the alarm when the check ran between the heartbeat’s read of the machine and its write', async () => {
    const machine = await speakingMachine();
    // The heartbeat reads the machine (online)…
    const read = (await gatewayRepository.machinesBySerial(ctx.t.database.db, [machine.serialNo])).get(
      machine.serialNo.toLowerCase(),
    );
    expect(read?.online).toBe(true);
    // …the offline check runs before it writes…
    ctx.t.clock.advance(SILENT_MS);
    await ctx.t.app.scheduler.run('offline-check');
    expect(await stateOf(machine.id)).toEqual({ online: false, alarms: ['OPEN'] });
    // …and it goes on with the machine as it read it.
    vi.spyOn(gatewayRepository, 'machinesBySerial').mockResolvedValueOnce(
      new Map(read ? [[read.serialNo.toLowerCase(), read]] : []),
    );
    await heartbeat(machine.call);
    expect(await stateOf(machine.id)).toEqual({ online: true, alarms: ['RESOLVED'] });
  });

  it('raises no alarm left open when a heartbeat came between the check’s marking offline and its alarm', async () => {
    const machine = await speakingMachine();
    ctx.t.clock.advance(SILENT_MS);
    const raise = alarmsRepository.raise;
    vi.spyOn(alarmsRepository, 'raise').mockImplementationOnce(async (db, values) => {
      // A heartbeat can come in between only where the marking was committed on its own.
      if (!(db instanceof PgTransaction)) await heartbeat(machine.call);
      return raise(db, values);
    });
    await ctx.t.app.scheduler.run('offline-check');
    const afterCheck = await stateOf(machine.id);
    if (afterCheck.online) expect(afterCheck.alarms).toEqual([]);
    else expect(afterCheck.alarms).toEqual(['OPEN']);
    await heartbeat(machine.call);
    expect((await stateOf(machine.id)).alarms.filter((state) => state !== 'RESOLVED')).toEqual([]);
  });

  it('keeps an online machine free of open OFFLINE alarms when checks and heartbeats run at once', async () => {
    const machine = await speakingMachine();
    for (let round = 0; round < 20; round++) {
      ctx.t.clock.advance(SILENT_MS);
      await Promise.all([ctx.t.app.scheduler.run('offline-check'), heartbeat(machine.call)]);
      const state = await stateOf(machine.id);
      expect(state.online ? state.alarms.filter((alarm) => alarm !== 'RESOLVED') : [], `round ${round}`).toEqual([]);
    }
  });
});
