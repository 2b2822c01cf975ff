import type { Browser, BrowserContextOptions } from '@playwright/test';
import type { Heartbeat } from '@water/contract/gateway';
import type { GatewayMachine } from '../../apps/server/src/simulator/virtual-machine.ts';
import { type Api, apiAs, apiSignIn } from './api.ts';
import { expect, signedInState } from './fixtures.ts';

export const TECHNICIAN_PASSWORD = 'Technician-pass-1';

/** A user with the seeded Technician role, serving an agent's machines. */
export async function technicianOf(admin: Api, agent: { id: number; deptId: number }, username: string) {
  const roles = (await (await admin.get('api/roles/all')).json()) as { id: number; name: string }[];
  const role = roles.find((candidate) => candidate.name === 'Technician');
  const created = await admin.post('api/users', {
    username,
    nickName: `Tech ${username}`,
    dept: { id: agent.deptId },
    roles: [{ id: role?.id }],
    password: TECHNICIAN_PASSWORD,
  });
  expect(created.status(), await created.text()).toBe(201);
  const [user] = (await (await admin.get('api/users', { blurry: username })).json()).content;
  const region = await admin.put(`api/workOrders/technicians/${user.id}/region`, { agentId: agent.id, siteIds: [] });
  expect(region.status(), await region.text()).toBe(204);
  return user as { id: number };
}

/**
 * A phone (390 × 844, touch) signed in as a technician, in Chinese unless told, and the API as
 * that technician.
 */
export async function technicianPhone(
  browser: Browser,
  baseURL: string,
  username: string,
  options: BrowserContextOptions = {},
) {
  const signIn = await browser.newContext({ baseURL });
  const token = await apiSignIn(signIn.request, username, TECHNICIAN_PASSWORD);
  await signIn.close();
  const phone = await browser.newContext({
    baseURL,
    storageState: signedInState(token),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    ...options,
  });
  return { phone, api: apiAs(phone.request, token) };
}

/**
 * A machine that keeps sending heartbeats, one at a time, every few seconds as a real one does (so
 * a slow test never sees it go offline), with the readings set last.
 */
export function beating(device: GatewayMachine, readings: Heartbeat, everyMs = 5_000) {
  let current = readings;
  let last: Promise<unknown> = device.heartbeat(current);
  // A failed beat shows in what the test then reads of the machine, not as an unhandled rejection.
  last.catch(() => undefined);
  const beat = () => {
    last = last.catch(() => undefined).then(() => device.heartbeat(current));
    return last;
  };
  const timer = setInterval(() => void beat().catch(() => undefined), everyMs);
  timer.unref();
  return {
    /** New readings, sent at once and then with every beat. */
    async set(next: Heartbeat) {
      current = next;
      await beat();
    },
    async stop() {
      clearInterval(timer);
      await last.catch(() => undefined);
    },
  };
}

/** A spare part received into a warehouse and handed to the technician: one, to use on an order. */
export async function handedPart(admin: Api, technician: { id: number }, code: string): Promise<string> {
  const created = async (answer: Awaited<ReturnType<Api['post']>>) => {
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as { id: number };
  };
  const part = await created(
    await admin.post('api/parts', { code, name: 'Solenoid valve', kind: 'SPARE', unit: 'pc', reorderPoint: 0 }),
  );
  const depot = await created(await admin.post('api/warehouses', { name: `Depot ${code}` }));
  await created(await admin.post('api/stock/receive', { partId: part.id, warehouseId: depot.id, quantity: 1 }));
  await created(
    await admin.post('api/stock/transfer', {
      partId: part.id,
      from: { kind: 'WAREHOUSE', id: depot.id },
      to: { kind: 'TECHNICIAN', id: technician.id },
      quantity: 1,
    }),
  );
  return code;
}
