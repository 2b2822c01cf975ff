import type { AgentStatus } from '@water/contract/agents';
import type { Fen } from '@water/contract/money';
import type { AgentBalanceQuery, PayoutDriverName, WithdrawalQuery } from '@water/contract/withdrawals';
import { and, asc, count, desc, eq, inArray, type SQL, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { fenOf } from '../../db/columns.ts';
import { between, columnsOf, containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { ledgerAccounts } from '../ledger/ledger.read-model.ts';
import { withdrawalSteps, withdrawals } from './withdrawals.schema.ts';

/** Requested first (the review queue), then approved (the payout queue), then the rest. */
const queueRank = sql`CASE ${withdrawals.state} WHEN 'REQUESTED' THEN 0 WHEN 'APPROVED' THEN 1 ELSE 2 END`;

export const withdrawalSortable = columnsOf(withdrawals, ['amount', 'state', 'createTime']);
export const withdrawalOrder = [asc(queueRank), desc(withdrawals.createTime), desc(withdrawals.id)];

const payable = alias(ledgerAccounts, 'payable');
const held = alias(ledgerAccounts, 'held');
/** An agent's available balance: the credit balance of its commission payable (no account yet: none). */
const availableBalance = sql<Fen>`coalesce(-${payable.balance}, 0)`.mapWith(fenOf);
export const balanceSortable = { available: availableBalance, agentCode: agents.code };
/** Those with the most to withdraw first. */
export const balanceOrder = [desc(availableBalance), asc(agents.id)];

export type WithdrawalRecord = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;
export type WithdrawalRow = WithdrawalRecord & { agentName: string; deptId: number };
export type StepRecord = typeof withdrawalSteps.$inferSelect;

/** An agent as a withdrawal needs it. */
export interface WithdrawingAgent {
  id: number;
  deptId: number;
  name: string;
  status: AgentStatus;
  settlementAccount: string | null;
}

/** Rows of the agents within reach (`null`: every agent). */
const ofAgents = (agentIds: readonly number[] | null) =>
  agentIds === null ? undefined : inArray(withdrawals.agentId, agentIds.length > 0 ? [...agentIds] : [0]);

function matching(agentIds: readonly number[] | null, query: Omit<WithdrawalQuery, 'page' | 'size'>): SQL | undefined {
  return and(
    ofAgents(agentIds),
    containsText([withdrawals.withdrawalNo, depts.name], query.blurry),
    query.agentId ? eq(withdrawals.agentId, query.agentId) : undefined,
    query.state ? eq(withdrawals.state, query.state) : undefined,
    between(withdrawals.createTime, query.createTime),
  );
}

const rowColumns = { withdrawal: withdrawals, agentName: depts.name, deptId: agents.deptId };
const toRow = (row: { withdrawal: WithdrawalRecord; agentName: string; deptId: number }): WithdrawalRow => ({
  ...row.withdrawal,
  agentName: row.agentName,
  deptId: row.deptId,
});

export const withdrawalsRepository = {
  async agent(db: Database, agentId: number): Promise<WithdrawingAgent | undefined> {
    const [row] = await db
      .select({
        id: agents.id,
        deptId: agents.deptId,
        name: depts.name,
        status: agents.status,
        settlementAccount: agents.settlementAccount,
      })
      .from(agents)
      .innerJoin(depts, eq(depts.id, agents.deptId))
      .where(eq(agents.id, agentId));
    return row;
  },

  /** The id the next withdrawal takes, so that its number can name it. */
  async nextId(db: Database): Promise<number> {
    const result = await db.execute<{ id: string }>(
      sql`SELECT nextval(pg_get_serial_sequence('fin_withdrawal', 'id')) AS id`,
    );
    return Number((result as unknown as { rows: { id: string }[] }).rows[0]?.id);
  },

  async insert(db: Database, values: NewWithdrawal): Promise<void> {
    await db.insert(withdrawals).values(values);
  },

  async update(db: Database, id: number, values: Partial<NewWithdrawal>): Promise<void> {
    await db.update(withdrawals).set(values).where(eq(withdrawals.id, id));
  },

  async addStep(db: Database, values: typeof withdrawalSteps.$inferInsert): Promise<void> {
    await db.insert(withdrawalSteps).values(values);
  },

  /** A withdrawal with its agent's name and department; `lock` holds it for the rest of the transaction. */
  async byId(db: Database, id: number, lock = false): Promise<WithdrawalRow | undefined> {
    const query = db
      .select(rowColumns)
      .from(withdrawals)
      .innerJoin(agents, eq(agents.id, withdrawals.agentId))
      .innerJoin(depts, eq(depts.id, agents.deptId))
      .where(eq(withdrawals.id, id))
      .$dynamic();
    const [row] = await (lock ? query.for('update', { of: withdrawals }) : query);
    return row && toRow(row);
  },

  /** The withdrawal a driver's payout reference already pays, if any. */
  async byReference(db: Database, driver: PayoutDriverName, reference: string) {
    const [row] = await db
      .select({ id: withdrawals.id, withdrawalNo: withdrawals.withdrawalNo })
      .from(withdrawals)
      .where(and(eq(withdrawals.payoutDriver, driver), eq(withdrawals.payoutRef, reference)));
    return row;
  },

  async steps(db: Database, id: number): Promise<StepRecord[]> {
    return db
      .select()
      .from(withdrawalSteps)
      .where(eq(withdrawalSteps.withdrawalId, id))
      .orderBy(asc(withdrawalSteps.id));
  },

  async page(
    db: Database,
    agentIds: readonly number[] | null,
    query: Omit<WithdrawalQuery, 'page' | 'size'>,
    paging: Paging,
  ): Promise<{ content: WithdrawalRow[]; totalElements: number }> {
    const where = matching(agentIds, query);
    const { content, totalElements } = await pageOf(
      db
        .select(rowColumns)
        .from(withdrawals)
        .innerJoin(agents, eq(agents.id, withdrawals.agentId))
        .innerJoin(depts, eq(depts.id, agents.deptId))
        .where(where)
        .$dynamic(),
      db
        .select({ n: count() })
        .from(withdrawals)
        .innerJoin(agents, eq(agents.id, withdrawals.agentId))
        .innerJoin(depts, eq(depts.id, agents.deptId))
        .where(where),
      paging,
    );
    return { content: content.map(toRow), totalElements };
  },

  async totals(db: Database, agentIds: readonly number[] | null, query: Omit<WithdrawalQuery, 'page' | 'size'>) {
    const [row] = await db
      .select({
        count: count(),
        amount: sql<Fen>`coalesce(${sum(withdrawals.amount)}, 0)`.mapWith(fenOf),
        fee: sql<Fen>`coalesce(${sum(withdrawals.fee)}, 0)`.mapWith(fenOf),
        net: sql<Fen>`coalesce(${sum(withdrawals.net)}, 0)`.mapWith(fenOf),
      })
      .from(withdrawals)
      .innerJoin(agents, eq(agents.id, withdrawals.agentId))
      .innerJoin(depts, eq(depts.id, agents.deptId))
      .where(matching(agentIds, query));
    return row ?? { count: 0, amount: 0 as Fen, fee: 0 as Fen, net: 0 as Fen };
  },

  /**
   * Agents within reach with their balances: what the ledger holds for them (commission payable,
   * held; credits are negative there, positive here) and the sums of their withdrawals under way
   * and paid.
   */
  async balances(
    db: Database,
    agentIds: readonly number[] | null,
    query: Omit<AgentBalanceQuery, 'page' | 'size'>,
    paging: Paging,
  ) {
    const sumOf = (column: 'amount' | 'net', states: string) =>
      sql<Fen>`(SELECT coalesce(sum(w.${sql.raw(column)}), 0) FROM ${withdrawals} w WHERE w.agent_id = ${agents.id} AND w.state IN (${sql.raw(states)}))`.mapWith(
        fenOf,
      );
    const where = and(
      agentIds === null ? undefined : inArray(agents.id, agentIds.length > 0 ? [...agentIds] : [0]),
      containsText([depts.name, agents.code], query.blurry),
      query.agentId ? eq(agents.id, query.agentId) : undefined,
    );
    return pageOf(
      db
        .select({
          agentId: agents.id,
          agentName: depts.name,
          agentCode: agents.code,
          settlementAccount: agents.settlementAccount,
          available: availableBalance,
          held: sql<Fen>`coalesce(-${held.balance}, 0)`.mapWith(fenOf),
          inTransit: sumOf('amount', `'REQUESTED', 'APPROVED'`),
          paidOut: sumOf('net', `'PAID'`),
        })
        .from(agents)
        .innerJoin(depts, eq(depts.id, agents.deptId))
        .leftJoin(payable, and(eq(payable.agentId, agents.id), eq(payable.type, 'COMMISSION_PAYABLE')))
        .leftJoin(held, and(eq(held.agentId, agents.id), eq(held.type, 'COMMISSION_HELD')))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(agents).innerJoin(depts, eq(depts.id, agents.deptId)).where(where),
      paging,
    );
  },
};
