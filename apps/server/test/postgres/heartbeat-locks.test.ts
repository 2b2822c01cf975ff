import { beforeAll, describe, expect, it } from 'vitest';
import { commandsRepository } from '../../src/modules/commands/commands.repository.ts';
import { defaultSettings } from '../../src/modules/commands/machine-settings.ts';
import { machineRuntimeRepository } from '../../src/modules/machines/machine-runtime.repository.ts';
import { activeAgent, machineModel, operatingMachine, siteOf, unique } from '../business-fixtures.ts';
import { type Caller, useTestApp } from '../test-app.ts';

/**
 * A heartbeat on one PostgreSQL server while a unit of work that refers to its machine is still
 * open (a sale's command, a console writing the machine's settings): the reference holds a key
 * share of the machine's row, and the heartbeat's runtime write must not wait for it.
 */
describe('a heartbeat beside a unit of work that refers to its machine', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let machine: { id: number };

  beforeAll(async () => {
    const agent = await activeAgent(admin, unique('Lock agent '));
    const site = await siteOf(admin, agent.id);
    machine = await operatingMachine(admin, {
      modelId: (await machineModel(admin)).id,
      agentId: agent.id,
      siteId: site.id,
    });
  });

  it('writes the runtime at once, without waiting for that unit of work to end', async () => {
    const { db, relaxed } = ctx.t.database;
    const at = new Date(ctx.t.clock.now().getTime() + 1000);
    let written: 'written' | 'still waiting' | undefined;
    await db.transaction(async (tx) => {
      // The console's settings row refers to the machine: its insert holds a key share of the machine's row.
      await commandsRepository.desire(tx, machine.id, defaultSettings(1), 'admin', at);
      written = await Promise.race([
        machineRuntimeRepository
          .recordHeartbeats(relaxed, [{ id: machine.id, at, faultBits: 0, tdsOut: 9 }])
          .then((previous) => {
            expect(previous.has(machine.id)).toBe(true);
            return 'written' as const;
          }),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
      ]);
    });
    expect(written).toBe('written');
    const [row] = (
      (await db.execute(`select online, tds_out from biz_machine where id = ${machine.id}`)) as unknown as {
        rows: { online: boolean; tds_out: number }[];
      }
    ).rows;
    expect(row).toEqual({ online: true, tds_out: 9 });
  });
});
