import { asFen, type Fen } from '@water/contract/money';
import type { Posting } from '../ledger/ledger.service.ts';

/** What a withdrawal's postings read of it. */
interface Booked {
  withdrawalNo: string;
  agentId: number;
  amount: Fen;
  fee: Fen;
}

const negative = (amount: Fen) => asFen(-amount);

/**
 * Requested (WITHDRAWAL): the amount leaves the agent's commission payable at once; what will be
 * paid out waits in transit, the fee is the platform's.
 */
export function requestPosting(day: string, w: Booked): Posting {
  return {
    day,
    kind: 'WITHDRAWAL',
    subject: w.withdrawalNo,
    agentId: w.agentId,
    items: 1,
    lines: [
      { account: { type: 'COMMISSION_PAYABLE', agentId: w.agentId }, amount: w.amount },
      { account: { type: 'WITHDRAWALS_IN_TRANSIT' }, amount: negative(asFen(w.amount - w.fee)) },
      { account: { type: 'WITHDRAWAL_FEES' }, amount: negative(w.fee) },
    ],
  };
}

/** Rejected or failed (WITHDRAWAL_RETURN): the exact reverse of the request's posting. */
export function returnPosting(day: string, w: Booked): Posting {
  const request = requestPosting(day, w);
  return {
    ...request,
    kind: 'WITHDRAWAL_RETURN',
    lines: request.lines.map((line) => ({ ...line, amount: negative(line.amount) })),
  };
}

/** Paid (PAYOUT): the net amount leaves the platform's bank account and is no longer in transit. */
export function payoutPosting(day: string, w: Booked): Posting {
  const net = asFen(w.amount - w.fee);
  return {
    day,
    kind: 'PAYOUT',
    subject: w.withdrawalNo,
    agentId: w.agentId,
    items: 1,
    lines: [
      { account: { type: 'WITHDRAWALS_IN_TRANSIT' }, amount: net },
      { account: { type: 'BANK' }, amount: negative(net) },
    ],
  };
}
