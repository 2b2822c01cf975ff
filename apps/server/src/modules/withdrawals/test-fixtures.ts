import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import type { Caller, TestApp } from '../../../test/test-app.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../ledger/ledger.schema.ts';

/** An approved agent with a settlement account (unless told none), created by the caller. */
export async function withdrawingAgent(
  as: Caller,
  name: string,
  options: { parentId?: number; level?: string; rate?: string; settlementAccount?: string | null } = {},
) {
  const code = unique('WA');
  const created = await as('POST', '/api/agents', {
    code,
    name,
    parentId: options.parentId ?? null,
    level: options.level ?? 'PLATFORM',
    contactName: 'Zhou Min',
    contactPhone: '13900139000',
    commissionRate: options.rate ?? '20',
    machineQuota: 5,
    settlementAccount:
      options.settlementAccount === undefined ? `ICBC 6222 ${code.slice(-8)}` : options.settlementAccount,
  });
  expect(created.statusCode, created.body).toBe(201);
  const [agent] = (await as('GET', `/api/agents?blurry=${code}`)).json().content;
  const approved = await as('PUT', `/api/agents/${agent.id}/review`, { action: 'APPROVE' });
  expect(approved.statusCode, approved.body).toBe(200);
  return agent as { id: number; deptId: number; name: string; settlementAccount: string | null };
}

/** A machine of the agent, selling, and its signed gateway calls. */
export async function sellingMachineOf(t: TestApp, as: Caller, agentId: number): Promise<MachineCaller> {
  const modelId = (await machineModel(as)).id;
  const machine = await operatingMachine(as, { modelId, agentId, siteId: (await siteOf(as, agentId)).id });
  return machineCaller(t, machine);
}

/** A coin sale of `litres` carried through (created, paid, dispensed): the agent earns its commission on it. */
export async function coinSale(call: MachineCaller, litres = 10) {
  const machineOrderNo = unique('S');
  const created = await call('POST', '/gateway/v1/orders', {
    machineOrderNo,
    tap: 1,
    waterType: 'COLD',
    requestedMl: litres * 1000,
    channel: 'COIN',
  });
  expect(created.statusCode, created.body).toBe(201);
  const { payable } = created.json() as { payable: number };
  const paid = await call('POST', `/gateway/v1/orders/${machineOrderNo}/payment`, { channel: 'COIN', amount: payable });
  expect(paid.statusCode, paid.body).toBe(200);
  const done = await call('POST', `/gateway/v1/orders/${machineOrderNo}/dispense`, {
    result: 'COMPLETED',
    dispensedMl: litres * 1000,
  });
  expect(done.statusCode, done.body).toBe(200);
  return payable;
}

/** An account's balance in the ledger (debits positive, credits negative; 0 before its first entry). */
export async function accountBalance(t: TestApp, code: string): Promise<number> {
  const [row] = await t.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return row?.balance ?? 0;
}

/** The entries of a withdrawal's posting of a kind, by account code (none: the posting is not there). */
export async function postingOf(t: TestApp, kind: string, withdrawalNo: string): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ code: ledgerAccounts.code, amount: ledgerEntries.amount })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.postingId, ledgerPostings.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerPostings.kind, kind as never), eq(ledgerPostings.subject, withdrawalNo)));
  return Object.fromEntries(rows.map((row) => [row.code, row.amount]));
}

/** The sum of every account's balance: a ledger that balances sums to zero. */
export async function ledgerTotal(t: TestApp): Promise<number> {
  const rows = await t.database.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts);
  return rows.reduce((sum, row) => sum + row.balance, 0);
}
