import { expect } from 'vitest';
import {
  activeAgent,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, callerFor, type TestApp, tokenOf } from '../../../test/test-app.ts';
import { roleId, userBody, userRow } from '../users/test-fixtures.ts';

const PASSWORD = 'Tech-pass-1';

/** A user with the seeded Technician role, made by the administrator, and calls signed in as them. */
export async function technicianOf(t: TestApp, admin: Caller, deptId: number) {
  const body = userBody(deptId, await roleId(t, 'Technician'), { password: PASSWORD });
  const created = await admin('POST', '/api/users', body);
  expect(created.statusCode, created.body).toBe(201);
  const { id } = await userRow(t, body.username);
  const token = await tokenOf(t, body.username, PASSWORD);
  return { id, username: body.username, token, call: callerFor(t, token) };
}

/** An agent with a site and an operating machine there, and the machine's signed calls. */
export async function machineInField(t: TestApp, admin: Caller) {
  const { id: modelId } = await machineModel(admin);
  const agent = await activeAgent(admin, unique('Field agent '));
  const site = await siteOf(admin, agent.id);
  const machine = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
  return { agent, site, machine, gateway: machineCaller(t, machine) };
}

/** A technician serving an agent's machines. */
export async function technicianOfAgent(t: TestApp, admin: Caller, agent: { id: number; deptId: number }) {
  const technician = await technicianOf(t, admin, agent.deptId);
  const set = await admin('PUT', `/api/workOrders/technicians/${technician.id}/region`, {
    agentId: agent.id,
    siteIds: [],
  });
  expect(set.statusCode, set.body).toBe(204);
  return technician;
}

export async function heartbeat(gateway: ReturnType<typeof machineCaller>, readings: object) {
  const beat = await gateway('POST', '/gateway/v1/heartbeat', readings);
  expect(beat.statusCode, beat.body).toBe(200);
}

/** Moves an order as a caller, expecting it done. */
export async function moved(as: Caller, id: number, event: string, extra: object = {}) {
  const response = await as('PUT', `/api/workOrders/${id}/state`, { event, ...extra });
  expect(response.statusCode, response.body).toBe(204);
}
