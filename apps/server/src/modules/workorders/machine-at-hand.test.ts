import { describe, expect, it } from 'vitest';
import { activeAgent } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { machineInField, technicianOf, technicianOfAgent } from './work-order-fixtures.ts';

describe('the machine a technician stands at, by its sticker', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);

  const stickerOf = async (machineId: number) =>
    ((await admin('GET', `/api/machines/${machineId}`)).json() as { stickerCode: string }).stickerCode;

  it('shows a technician a machine of their region with where it is and their open orders on it, and no money', async () => {
    const { agent, site, machine } = await machineInField(ctx.t, admin);
    const technician = await technicianOfAgent(ctx.t, admin, agent);
    const placed = await admin('PUT', '/api/sites', {
      id: site.id,
      agentId: agent.id,
      name: site.name,
      type: 'SCHOOL',
      address: '1 School Road',
      feeType: 'RENT',
      feeValue: 0,
      longitude: '121.473700',
      latitude: '31.230400',
    });
    expect(placed.statusCode, placed.body).toBe(204);
    const created = await admin('POST', '/api/workOrders', {
      machineIds: [machine.id],
      type: 'INSPECTION',
      priority: 'HIGH',
      technicianId: technician.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = await stickerOf(machine.id);

    // Typed in another case, as a technician might.
    const found = await technician.call('GET', `/api/workOrders/sticker/${code.toLowerCase()}`);
    expect(found.statusCode, found.body).toBe(200);
    const body = found.json();
    expect(body).toMatchObject({
      machineId: machine.id,
      serialNo: machine.serialNo,
      siteName: site.name,
      siteAddress: '1 School Road',
      latitude: 31.2304,
      longitude: 121.4737,
      lastServiced: null,
    });
    expect(body.orders).toEqual([
      expect.objectContaining({ type: 'INSPECTION', priority: 'HIGH', state: 'ASSIGNED', latitude: 31.2304 }),
    ]);
    expect(JSON.stringify(body)).not.toMatch(/price|amount|fen|commission/i);
  });

  it('finds nothing outside the technician’s region, whether the code exists or not', async () => {
    const mine = await machineInField(ctx.t, admin);
    const technician = await technicianOfAgent(ctx.t, admin, mine.agent);
    const elsewhere = await machineInField(ctx.t, admin);
    const theirs = await technician.call('GET', `/api/workOrders/sticker/${await stickerOf(elsewhere.machine.id)}`);
    expect(theirs.statusCode).toBe(404);
    const none = await technician.call('GET', '/api/workOrders/sticker/NO-SUCH-STICKER');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe(theirs.json().code);

    // A technician without a region finds a machine they hold an order on.
    const other = await activeAgent(admin, 'Other field agent');
    const roaming = await technicianOf(ctx.t, admin, other.deptId);
    const code = await stickerOf(elsewhere.machine.id);
    expect((await roaming.call('GET', `/api/workOrders/sticker/${code}`)).statusCode).toBe(404);
    const given = await admin('POST', '/api/workOrders', {
      machineIds: [elsewhere.machine.id],
      type: 'CLEANING',
      priority: 'LOW',
      technicianId: roaming.id,
    });
    expect(given.statusCode, given.body).toBe(201);
    const held = await roaming.call('GET', `/api/workOrders/sticker/${code}`);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().orders).toHaveLength(1);
  });

  it('refuses a code that is not a sticker’s with a clear 400', async () => {
    const bad = await admin('GET', `/api/workOrders/sticker/${encodeURIComponent("x' OR 1=1")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/code/);
  });
});
