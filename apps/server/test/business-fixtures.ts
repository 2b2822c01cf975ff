import { expect } from 'vitest';
import { signedHeaders, signingKeyOf } from '../src/modules/gateway/gateway-signing.ts';
import { roleId, userBody } from '../src/modules/users/test-fixtures.ts';
import { type Caller, callerFor, type TestApp, tokenOf } from './test-app.ts';

let serial = 0;
/** A name or code no other call of this run gives. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++serial}`;

/** An active agent, created and approved by the caller (the administrator, or someone above it). */
export async function activeAgent(
  as: Caller,
  name: string,
  options: { parentId?: number | null; level?: string; quota?: number; rate?: string } = {},
) {
  const code = unique('A');
  const created = await as('POST', '/api/agents', {
    code,
    name,
    parentId: options.parentId ?? null,
    level: options.level ?? 'PLATFORM',
    contactName: 'Li Wei',
    contactPhone: '13800138000',
    commissionRate: options.rate ?? '20',
    machineQuota: options.quota ?? 20,
  });
  expect(created.statusCode, created.body).toBe(201);
  const [agent] = (await as('GET', `/api/agents?blurry=${code}`)).json().content;
  const approved = await as('PUT', `/api/agents/${agent.id}/review`, { action: 'APPROVE' });
  expect(approved.statusCode, approved.body).toBe(200);
  return agent as { id: number; deptId: number; name: string };
}

/** A site of an agent. */
export async function siteOf(as: Caller, agentId: number) {
  const name = unique('Site ');
  const created = await as('POST', '/api/sites', {
    agentId,
    name,
    type: 'SCHOOL',
    address: '1 School Road',
    feeType: 'RENT',
    feeValue: 0,
  });
  expect(created.statusCode, created.body).toBe(201);
  return (await as('GET', `/api/sites?blurry=${encodeURIComponent(name)}`)).json().content[0] as {
    id: number;
    name: string;
  };
}

/** A machine model. */
export async function machineModel(as: Caller) {
  const code = unique('M-');
  const created = await as('POST', '/api/machine-models', {
    code,
    name: `Model ${code}`,
    taps: 2,
    waterTypes: 'COLD,HOT',
    tankLitres: 60,
    outputLph: 60,
    billing: 'FLOW',
    pulsesPerLitre: 450,
  });
  expect(created.statusCode, created.body).toBe(201);
  return (await as('GET', `/api/machine-models?blurry=${code}`)).json().content[0] as { id: number };
}

/** A machine registered, allocated to the agent and installed at the site: selling. */
export async function operatingMachine(as: Caller, options: { modelId: number; agentId: number; siteId: number }) {
  const registered = await as('POST', '/api/machines', { serialNo: unique('WM'), modelId: options.modelId });
  expect(registered.statusCode, registered.body).toBe(201);
  const { machine, secret } = registered.json() as { machine: { id: number; serialNo: string }; secret: string };
  const allocated = await as('POST', '/api/machines/allocate', { machineIds: [machine.id], agentId: options.agentId });
  expect(allocated.statusCode, allocated.body).toBe(200);
  const installed = await as('PUT', `/api/machines/${machine.id}/lifecycle`, {
    action: 'INSTALL',
    siteId: options.siteId,
  });
  expect(installed.statusCode, installed.body).toBe(200);
  return { id: machine.id, serialNo: machine.serialNo, secret };
}

/** A price policy in effect since 2020: `fen` a litre on every channel, for every machine. */
export async function flatPrice(as: Caller, fen: number) {
  const created = await as('POST', '/api/price-policies', {
    name: unique('Flat price '),
    scope: 'ALL',
    priceWechat: fen,
    priceAlipay: fen,
    priceCard: fen,
    priceCoin: fen,
    discountPct: '0',
    effectiveFrom: '2020-01-01 00:00:00',
  });
  expect(created.statusCode, created.body).toBe(201);
}

/** Signed gateway calls as a machine, at the test app's clock. */
export function machineCaller(t: TestApp, machine: { serialNo: string; secret: string }) {
  const key = signingKeyOf(machine.secret);
  return (method: 'GET' | 'POST', url: string, body?: object, override: { nonce?: string; now?: number } = {}) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const headers = signedHeaders({
      key,
      method,
      path: url,
      body: payload,
      machine: machine.serialNo,
      now: override.now ?? t.clock.now().getTime(),
      nonce: override.nonce,
    });
    return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  };
}

export type MachineCaller = ReturnType<typeof machineCaller>;

/** A user of a department with a seeded role, made by the administrator, and calls signed in as them. */
export async function staffOf(t: TestApp, admin: Caller, dept: number, role: string, password = 'Staff-pass-1') {
  const body = userBody(dept, await roleId(t, role), { password });
  const created = await admin('POST', '/api/users', body);
  expect(created.statusCode, created.body).toBe(201);
  return callerFor(t, await tokenOf(t, body.username, password));
}

/** A water card of an agent, issued and topped up with `fen` in cash by the caller: what a machine reads off it. */
export async function toppedUpCard(as: Caller, agentId: number, fen: number, options: { phone?: string } = {}) {
  const issued = await as(
    'POST',
    '/api/cards/batches',
    options.phone ? { agentId, phones: [options.phone] } : { agentId, count: 1 },
  );
  expect(issued.statusCode, issued.body).toBe(201);
  const [card] = issued.json().cards as { id: number; cardNo: string; secret: string }[];
  if (!card) throw new Error('no card issued');
  if (fen > 0) {
    const topped = await as('POST', `/api/cards/${card.id}/top-ups`, {
      amount: fen,
      channel: 'CASH',
      requestId: unique('top-up-'),
    });
    expect(topped.statusCode, topped.body).toBe(200);
  }
  return { id: card.id, cardNo: card.cardNo, cardSecret: card.secret };
}

export type TestCard = Awaited<ReturnType<typeof toppedUpCard>>;

/** What a machine's card payment names of a card: `{ channel: 'CARD', amount, ...cardPayment(card) }`. */
export const cardPayment = (card: TestCard) => ({ cardNo: card.cardNo, cardSecret: card.cardSecret });

/** Prices of one machine in effect since 2020, in fen a litre: WeChat and Alipay, card, members, percent off. */
export interface MachinePrices {
  channel: number;
  card: number;
  member: number;
  discountPct: string;
}

/**
 * A machine of a new agent, installed at its site and priced for itself, as a consumer finds it
 * behind its sticker: its identity, the agent's id and the sticker code.
 */
export async function stickeredMachine(as: Caller, name: string, prices: MachinePrices) {
  const agent = await activeAgent(as, unique(`${name} agent `));
  const site = await siteOf(as, agent.id);
  const { id: modelId } = await machineModel(as);
  const machine = await operatingMachine(as, { modelId, agentId: agent.id, siteId: site.id });
  const policy = await as('POST', '/api/price-policies', {
    name: unique(`${name} price `),
    scope: 'MACHINE',
    scopeId: machine.id,
    priceWechat: prices.channel,
    priceAlipay: prices.channel,
    priceCard: prices.card,
    priceCoin: prices.channel,
    memberPrice: prices.member,
    discountPct: prices.discountPct,
    effectiveFrom: '2020-01-01 00:00:00',
  });
  expect(policy.statusCode, policy.body).toBe(201);
  const code = (await as('GET', `/api/machines/${machine.id}`)).json().stickerCode as string;
  return { machine, agentId: agent.id, siteId: site.id, modelId, code };
}

/** The WeChat channel's notification, signed with the test app's notify key, that an order is paid. */
export function channelPaid(t: TestApp, notifyKey: string, orderNo: string, amount: number) {
  const url = '/gateway/v1/channels/wechat/notify';
  const text = JSON.stringify({ orderNo, transactionId: unique('wx-'), amount });
  const headers = signedHeaders({
    key: notifyKey,
    method: 'POST',
    path: url,
    body: text,
    now: t.clock.now().getTime(),
  });
  return t.app.inject({ method: 'POST', url, headers, payload: text });
}
