import type { Browser, BrowserContextOptions } from '@playwright/test';
import { type Api, apiSignIn } from './api.ts';
import { expect, signedInState } from './fixtures.ts';

const PASSWORD = 'Manager-pass-1';

/**
 * An agent, approved; a site of it; a machine registered, allocated and installed there; prices for every machine.
 * With `under`, the agent (15 %) sits beneath a head agent (20 %), so that a sale earns both levels.
 */
export async function sellingMachine(admin: Api, suffix: string, options: { under?: boolean } = {}) {
  const ok = async (answer: Awaited<ReturnType<Api['post']>>, status = 201) =>
    expect(answer.status(), await answer.text()).toBe(status);
  const agent = async (code: string, name: string, parent?: { id: number }) => {
    await ok(
      await admin.post('api/agents', {
        code,
        name,
        level: 'PLATFORM',
        contactName: 'Wu Fang',
        contactPhone: '139 0000 3333',
        commissionRate: '20',
        machineQuota: 5,
        ...(parent ? { parentId: parent.id, level: 'PROVINCE', commissionRate: '15' } : {}),
      }),
    );
    const [created] = (await (await admin.get('api/agents', { blurry: code })).json()).content;
    await ok(await admin.put(`api/agents/${created.id}/review`, { action: 'APPROVE' }), 200);
    return created as { id: number; deptId: number };
  };
  const head = options.under ? await agent(`SH-${suffix}`, `Harbour Head ${suffix}`) : undefined;
  const mine = await agent(`SA-${suffix}`, `Harbour Agent ${suffix}`, head);
  const other = await agent(`SB-${suffix}`, `Other Agent ${suffix}`);
  await ok(
    await admin.post('api/sites', {
      agentId: mine.id,
      // Long enough to be cut short in the home page's rankings.
      name: `Harbour View Residences, East Gate ${suffix}`,
      type: 'RESIDENTIAL',
      address: '3 Harbour Road',
      feeType: 'RENT',
      feeValue: 0,
    }),
  );
  const [site] = (
    await (await admin.get('api/sites', { blurry: `Harbour View Residences, East Gate ${suffix}` })).json()
  ).content;
  await ok(
    await admin.post('api/machine-models', {
      code: `SM-${suffix}`,
      name: `Harbour model ${suffix}`,
      taps: 1,
      waterTypes: 'COLD',
      tankLitres: 40,
      outputLph: 40,
      billing: 'FLOW',
      pulsesPerLitre: 450,
    }),
  );
  const [model] = (await (await admin.get('api/machine-models', { blurry: `SM-${suffix}` })).json()).content;
  const registered = await admin.post('api/machines', { serialNo: `WS${suffix}`, modelId: model.id });
  await ok(registered);
  const { machine, secret } = await registered.json();
  await ok(await admin.post('api/machines/allocate', { machineIds: [machine.id], agentId: mine.id }), 200);
  await ok(await admin.put(`api/machines/${machine.id}/lifecycle`, { action: 'INSTALL', siteId: site.id }), 200);
  await ok(
    await admin.post('api/price-policies', {
      name: `Machine price ${suffix}`,
      scope: 'MACHINE',
      scopeId: machine.id,
      priceWechat: 50,
      priceAlipay: 50,
      priceCard: 40,
      priceCoin: 50,
      discountPct: '0',
      effectiveFrom: '2020-01-01 00:00:00',
    }),
  );
  return {
    id: machine.id as number,
    serialNo: machine.serialNo as string,
    secret: secret as string,
    mine,
    other,
    head,
    site: site as { id: number; name: string },
  };
}

/**
 * A user of a department with a seeded role (the Agent manager unless told), and a browser signed
 * in as them (with `context`'s screen and language, when told).
 */
export async function staffOf(
  admin: Api,
  browser: Browser,
  baseURL: string,
  deptId: number,
  username: string,
  options: { role?: 'Agent manager' | 'Finance'; context?: BrowserContextOptions } = {},
) {
  const roles = (await (await admin.get('api/roles/all')).json()) as { id: number; name: string }[];
  const role = roles.find((candidate) => candidate.name === (options.role ?? 'Agent manager'));
  const created = await admin.post('api/users', {
    username,
    nickName: username,
    dept: { id: deptId },
    roles: [{ id: role?.id }],
    password: PASSWORD,
  });
  expect(created.status(), await created.text()).toBe(201);
  const request = (await browser.newContext({ baseURL })).request;
  const token = await apiSignIn(request, username, PASSWORD);
  const context = await browser.newContext({ ...options.context, baseURL, storageState: signedInState(token) });
  return { context, page: await context.newPage() };
}

/** A water card of an agent, issued and topped up with `fen` in cash: what a machine reads off it. */
export async function waterCard(admin: Api, agentId: number, fen: number) {
  const issued = await admin.post('api/cards/batches', { agentId, count: 1 });
  expect(issued.status(), await issued.text()).toBe(201);
  const [card] = (await issued.json()).cards as { id: number; cardNo: string; secret: string }[];
  if (!card) throw new Error('no card issued');
  const topped = await admin.post(`api/cards/${card.id}/top-ups`, {
    amount: fen,
    channel: 'CASH',
    requestId: `e2e-${card.cardNo}`,
  });
  expect(topped.status(), await topped.text()).toBe(200);
  return { id: card.id, cardNo: card.cardNo, cardSecret: card.secret };
}
