import { asFen, type Fen } from '@water/contract/money';
import { type WithdrawalTerms, withdrawalFee } from '@water/contract/withdrawals';
import { yuanToFen } from '@/lib/format/money.ts';

/** What a withdrawal of the amount typed (in yuan) asks for, costs and sends, as the server will count it. */
export interface RequestAmounts {
  amount: Fen;
  fee: Fen;
  net: Fen;
}

/** The amounts of a withdrawal of `yuan`; none while nothing sensible is typed. */
export function requestAmounts(yuan: string | null | undefined, terms: WithdrawalTerms): RequestAmounts | null {
  let amount: Fen | null;
  try {
    amount = yuanToFen(yuan);
  } catch {
    return null;
  }
  if (amount === null || amount <= 0) return null;
  const fee = withdrawalFee(amount, terms);
  return { amount, fee, net: asFen(amount - fee) };
}
