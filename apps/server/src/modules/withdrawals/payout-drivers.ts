import type { Fen } from '@water/contract/money';
import type { PayoutDriverName, WithdrawalState } from '@water/contract/withdrawals';
import { invalidField } from '../../lib/http-errors.ts';

/** A withdrawal as a payout driver sees it. */
export interface PayoutOrder {
  /** The idempotency key of the payout: a driver never pays one withdrawal number twice. */
  withdrawalNo: string;
  net: Fen;
  settlementAccount: string;
  state: WithdrawalState;
  payoutRef: string | null;
}

/** How a payout stands: paid (with the channel's reference), still under way, or failed. */
export interface PayoutOutcome {
  status: 'PAID' | 'PENDING' | 'FAILED';
  reference: string | null;
}

/**
 * How money leaves for an agent's settlement account. `pay` sends the withdrawal's net amount and
 * is idempotent on its withdrawal number (a driver that calls a bank passes it as the bank's
 * idempotency key, so a payout retried after a crash pays once); `query` says how a payout stands.
 * The withdrawals service calls `pay` once per withdrawal, holding the withdrawal's row, and books
 * what it answers.
 */
export interface PayoutDriver {
  readonly name: PayoutDriverName;
  pay(order: PayoutOrder, input: { reference?: string }): Promise<PayoutOutcome>;
  query(order: PayoutOrder): Promise<PayoutOutcome>;
}

/**
 * The built-in driver: finance transfers the money in the bank's own console and records the
 * transfer's reference here, which pays the withdrawal. The reference is what the payout is
 * known by: the same one again is the same payout.
 */
export const manualPayoutDriver: PayoutDriver = {
  name: 'MANUAL',
  async pay(_order, { reference }) {
    if (!reference) throw invalidField('reference', { key: 'errors.withdrawals.reference' }, 'required');
    return { status: 'PAID', reference };
  },
  async query(order) {
    const status = order.state === 'PAID' ? 'PAID' : order.state === 'FAILED' ? 'FAILED' : 'PENDING';
    return { status, reference: order.payoutRef };
  },
};
