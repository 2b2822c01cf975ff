import type { PageOf } from '@water/contract/common';
import { asFen, type Fen } from '@water/contract/money';
import {
  type AgentBalance,
  type AgentBalanceQuery,
  WITHDRAWAL_COLUMNS,
  WITHDRAWAL_STATE_MACHINE,
  Withdrawal,
  type WithdrawalDetail,
  type WithdrawalPayoutInput,
  type WithdrawalQuery,
  type WithdrawalRequestInput,
  type WithdrawalReviewInput,
  type WithdrawalStep,
  type WithdrawalTerms,
  WithdrawalTimelineStep,
  type WithdrawalTotals,
  withdrawalFee,
} from '@water/contract/withdrawals';
import type { Database } from '../../db/client.ts';
import { yuanText } from '../../domain/money.ts';
import { inScope, type Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import { DomainEvents } from '../../lib/domain-events.ts';
import { badRequest, forbidden, invalidField, noSuch, notFound, unknownInReach } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { moveBy } from '../../lib/state.ts';
import { formatDay } from '../../lib/time.ts';
import { wireMapper } from '../../lib/wire.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { manualPayoutDriver, type PayoutDriver, type PayoutOrder } from './payout-drivers.ts';
import { payoutPosting, requestPosting, returnPosting } from './withdrawal-postings.ts';
import {
  balanceOrder,
  balanceSortable,
  withdrawalsRepository as repo,
  type WithdrawalRow,
  withdrawalOrder,
  withdrawalSortable,
} from './withdrawals.repository.ts';

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

const toWire = wireMapper(Withdrawal);
const stepToWire = wireMapper(WithdrawalTimelineStep);

/** A withdrawal's number: `W`, the day it was requested, its id. */
const withdrawalNumber = (day: string, id: number) => `W${day.replaceAll('-', '')}${String(id).padStart(6, '0')}`;

const payoutOrder = (row: WithdrawalRow): PayoutOrder => ({
  withdrawalNo: row.withdrawalNo,
  net: row.net,
  settlementAccount: row.settlementAccount,
  state: row.state,
  payoutRef: row.payoutRef,
});

/** A withdrawal just requested, as others react to it (notifications) in the transaction of the request. */
export interface WithdrawalRequested {
  withdrawalNo: string;
  agentId: number;
  agentName: string;
  amount: Fen;
}

/** A note as stored: trimmed, absent when empty. */
const noteOf = (text: string | undefined) => text?.trim() || null;

/**
 * Agents' withdrawals of their available commission: requested by the agent's staff (the money
 * leaves its balance in the same transaction, against the locked balance, so concurrent requests
 * never take more than there is), reviewed by someone else, paid out through a payout driver
 * once per withdrawal, or given back when rejected or failed; every move booked in the ledger in
 * the transaction that makes it.
 */
export function createWithdrawalsService(
  { db, clock, audit }: Pick<Deps, 'db' | 'clock' | 'audit'>,
  {
    ledger,
    terms,
    driver = manualPayoutDriver,
  }: { ledger: LedgerService; terms: () => Promise<WithdrawalTerms>; driver?: PayoutDriver },
) {
  /** What reacts to a withdrawal being requested (registered where the app is composed). */
  const requested = new DomainEvents<WithdrawalRequested>();
  const list = declaredList<Principal, WithdrawalQuery, WithdrawalRow, Withdrawal>({
    name: 'withdrawals',
    columns: WITHDRAWAL_COLUMNS,
    sortable: withdrawalSortable,
    order: withdrawalOrder,
    read: async (principal, query, paging) => repo.page(db, await agentIdsInScope(db, principal.scope), query, paging),
    toWire,
  });

  /** A withdrawal the caller sees; anyone else's is not there for them. */
  async function visible(principal: Principal, id: number): Promise<WithdrawalRow> {
    const row = await repo.byId(db, id);
    if (!row || !inScope(principal, row.deptId)) throw notFound(noSuch('withdrawal', id));
    return row;
  }

  /** Nobody reviews or pays out the withdrawal they asked for. */
  function notOwn(principal: Principal, row: WithdrawalRow): void {
    if (row.requestedBy === principal.username) throw forbidden({ key: 'errors.withdrawals.ownRequest' });
  }

  async function answer(id: number): Promise<Withdrawal> {
    const row = await repo.byId(db, id);
    if (!row) throw notFound(noSuch('withdrawal', id));
    return toWire(row);
  }

  /** Moves a locked withdrawal and records the step, in the caller's transaction. */
  async function record(
    tx: Database,
    row: WithdrawalRow,
    step: WithdrawalStep,
    values: Parameters<typeof repo.update>[2] & { state: WithdrawalRow['state'] },
    by: string,
    extra: { note?: string | null; reference?: string | null } = {},
  ) {
    const now = clock.now();
    await repo.update(tx, row.id, values);
    await repo.addStep(tx, {
      withdrawalId: row.id,
      step,
      state: values.state,
      by,
      note: extra.note ?? null,
      reference: extra.reference ?? null,
      time: now,
    });
    const before = { withdrawalNo: row.withdrawalNo, amount: row.amount, state: row.state };
    const after = { ...values, ...extra, withdrawalNo: row.withdrawalNo, amount: row.amount };
    const keys = ['withdrawalNo', 'amount'];
    await audit.record(tx, {
      recordType: 'withdrawal',
      recordId: row.id,
      action: step.toLowerCase(),
      before,
      after,
      keys,
    });
  }

  /** Gives a rejected or failed withdrawal's money back to the agent's balance. */
  const giveBack = (tx: Database, row: WithdrawalRow) => ledger.post(tx, returnPosting(formatDay(clock.now()), row));

  return {
    requested,

    list: list.list,
    exportSheet: list.exportSheet,

    async totals(principal: Principal, filter: Omit<WithdrawalQuery, 'page' | 'size'>): Promise<WithdrawalTotals> {
      return repo.totals(db, await agentIdsInScope(db, principal.scope), filter);
    },

    async detail(principal: Principal, id: number): Promise<WithdrawalDetail> {
      const row = await visible(principal, id);
      const steps = await repo.steps(db, id);
      return { ...toWire(row), timeline: steps.map(stepToWire) };
    },

    /** The terms of a withdrawal: its minimum and its fee. */
    terms,

    /** The agents within the caller's reach with their available, held, in-transit and paid-out money. */
    async balances(principal: Principal, query: AgentBalanceQuery): Promise<PageOf<AgentBalance>> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      return repo.balances(db, agentIds, query, toPaging(query, balanceSortable, balanceOrder));
    },

    /**
     * An agent's staff ask for a withdrawal of its available balance to its settlement account.
     * The amount leaves the balance at once (WITHDRAWAL), checked against the balance locked for
     * the transaction: of concurrent requests, those beyond the balance are refused.
     */
    async request(principal: Principal, input: WithdrawalRequestInput): Promise<Withdrawal> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      const agent = await repo.agent(db, input.agentId);
      if (!agent || (agentIds !== null && !agentIds.includes(agent.id))) {
        throw invalidField('agentId', unknownInReach('agent', input.agentId), 'unknown_reference');
      }
      if (agent.status !== 'ACTIVE' && agent.status !== 'TERMINATED') {
        throw badRequest({ key: 'errors.withdrawals.agentCannotWithdraw', values: { name: agent.name } });
      }
      const account = agent.settlementAccount?.trim();
      if (!account) throw badRequest({ key: 'errors.withdrawals.noSettlementAccount', values: { name: agent.name } });
      const { minimum, ...fees } = await terms();
      if (input.amount < minimum) {
        throw invalidField(
          'amount',
          { key: 'errors.withdrawals.belowMinimum', values: { yuan: yuanText(minimum) } },
          'too_small',
          { limit: minimum },
        );
      }
      const fee = withdrawalFee(input.amount, fees);
      if (fee >= input.amount) {
        throw invalidField('amount', { key: 'errors.withdrawals.feeTakesAll', values: { yuan: yuanText(fee) } });
      }
      const id = await db.transaction(async (tx) => {
        const { balance } = await ledger.lockedBalance(tx, { type: 'COMMISSION_PAYABLE', agentId: agent.id });
        const available = asFen(Math.max(0, -balance));
        if (input.amount > available) {
          throw invalidField(
            'amount',
            { key: 'errors.withdrawals.moreThanAvailable', values: { yuan: yuanText(available) } },
            'too_large',
            { limit: available },
          );
        }
        const now = clock.now();
        const day = formatDay(now);
        const id = await repo.nextId(tx);
        const withdrawal = {
          id,
          withdrawalNo: withdrawalNumber(day, id),
          agentId: agent.id,
          amount: input.amount,
          fee,
          net: asFen(input.amount - fee),
          state: 'REQUESTED' as const,
          settlementAccount: account,
          note: noteOf(input.note),
          requestedBy: principal.username,
          createTime: now,
          payoutDriver: driver.name,
        };
        await repo.insert(tx, withdrawal);
        await repo.addStep(tx, {
          withdrawalId: id,
          step: 'REQUEST',
          state: 'REQUESTED',
          by: principal.username,
          note: withdrawal.note,
          time: now,
        });
        await ledger.post(tx, requestPosting(day, withdrawal));
        await requested.emit(tx, { ...withdrawal, agentName: agent.name });
        return id;
      });
      return answer(id);
    },

    /** Approves a requested withdrawal, or rejects it with a note (its money goes back: WITHDRAWAL_RETURN). */
    async review(principal: Principal, id: number, input: WithdrawalReviewInput): Promise<Withdrawal> {
      const found = await visible(principal, id);
      notOwn(principal, found);
      const note = noteOf(input.note);
      if (input.action === 'REJECT' && !note) {
        throw invalidField('note', { key: 'errors.withdrawals.sayWhyRejected' }, 'required');
      }
      await db.transaction(async (tx) => {
        const row = (await repo.byId(tx, id, true)) as WithdrawalRow;
        const state = moveBy(WITHDRAWAL_STATE_MACHINE, row.state, input.action, {
          message: `Withdrawal ${row.withdrawalNo} is ${row.state}: it was reviewed already`,
        });
        const now = clock.now();
        await record(
          tx,
          row,
          input.action,
          {
            state,
            reviewedBy: principal.username,
            reviewTime: now,
            reviewNote: note,
            ...(state === 'REJECTED' ? { doneTime: now } : {}),
          },
          principal.username,
          { note },
        );
        if (state === 'REJECTED') await giveBack(tx, row);
      });
      return answer(id);
    },

    /**
     * Pays out an approved withdrawal through the payout driver (PAYOUT), or records that its
     * payout failed (its money goes back: WITHDRAWAL_RETURN). The withdrawal's row is held while
     * the driver pays, so it pays once: asked again with the reference it was paid with, the
     * answer is the withdrawal as it stands; with another reference, a 409.
     */
    async payout(principal: Principal, id: number, input: WithdrawalPayoutInput): Promise<Withdrawal> {
      const found = await visible(principal, id);
      notOwn(principal, found);
      const note = noteOf(input.note);
      if (input.action === 'FAIL' && !note) {
        throw invalidField('note', { key: 'errors.withdrawals.sayWhyFailed' }, 'required');
      }
      const referenceTaken = (withdrawalNo: string) =>
        invalidField('reference', { key: 'errors.withdrawals.referenceTaken', values: { withdrawalNo } }, 'taken');
      try {
        await db.transaction(async (tx) => {
          const row = (await repo.byId(tx, id, true)) as WithdrawalRow;
          if (input.action === 'PAY' && row.state === 'PAID') {
            const standing = await driver.query(payoutOrder(row));
            if (input.reference !== undefined && standing.reference === input.reference) return;
          }
          const message = `Withdrawal ${row.withdrawalNo} is ${row.state}${row.payoutRef ? ` (reference ${row.payoutRef})` : ''}`;
          const state = moveBy(WITHDRAWAL_STATE_MACHINE, row.state, input.action, { message });
          const now = clock.now();
          if (input.action === 'FAIL') {
            await record(tx, row, 'FAIL', { state, doneTime: now }, principal.username, { note });
            await giveBack(tx, row);
            return;
          }
          if (input.reference) {
            const holder = await repo.byReference(tx, driver.name, input.reference);
            if (holder && holder.id !== row.id) throw referenceTaken(holder.withdrawalNo);
          }
          const outcome = await driver.pay(payoutOrder(row), { reference: input.reference });
          if (outcome.status === 'PENDING') {
            await repo.update(tx, row.id, { payoutRef: outcome.reference });
          } else if (outcome.status === 'PAID') {
            const values = { state, payoutRef: outcome.reference, paidBy: principal.username, doneTime: now };
            await record(tx, row, 'PAY', values, principal.username, { note, reference: outcome.reference });
            await ledger.post(tx, payoutPosting(formatDay(now), row));
          } else {
            const failed = moveBy(WITHDRAWAL_STATE_MACHINE, row.state, 'FAIL');
            const values = { state: failed, payoutRef: outcome.reference, doneTime: now };
            await record(tx, row, 'FAIL', values, principal.username, { note, reference: outcome.reference });
            await giveBack(tx, row);
          }
        });
      } catch (error) {
        // Another withdrawal was paid with the same reference meanwhile.
        if (!isUniqueViolation(error) || !input.reference) throw error;
        const holder = await repo.byReference(db, driver.name, input.reference);
        throw holder ? referenceTaken(holder.withdrawalNo) : error;
      }
      return answer(id);
    },
  };
}
