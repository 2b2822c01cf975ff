import {
  bonusFor,
  CARD_CAPS,
  type Card,
  type CardBatchInput,
  type CardBonusRule,
  type CardLimitsInput,
} from '@water/contract/cards';
import { asFen, type Fen } from '@water/contract/money';
import { fenToYuan, yuanToFen } from '@/lib/format/money.ts';

/** The limits as typed, in yuan: empty is no limit. */
export interface LimitValues {
  perUseLimit?: string | null;
  perDayLimit?: string | null;
}

/** The issue form: an agent, anonymous cards by count or named ones by phone, and their limits. */
export interface BatchValues extends LimitValues {
  agentId: number;
  kind: 'ANONYMOUS' | 'NAMED';
  count?: number;
  phones?: string;
}

/** The phone numbers typed one per line (or separated by spaces, commas or semicolons), each once. */
export function parsePhones(text: string | undefined): string[] {
  return [...new Set((text ?? '').split(/[\s,;，；]+/).filter(Boolean))];
}

/** The first of the phones that is not a mobile number, if any. */
export const notAPhone = (phones: readonly string[]) => phones.find((phone) => !/^1\d{10}$/.test(phone));

export function toLimitsInput(values: LimitValues): CardLimitsInput {
  return { perUseLimit: yuanToFen(values.perUseLimit), perDayLimit: yuanToFen(values.perDayLimit) };
}

export const toLimitValues = (card: Pick<Card, 'perUseLimit' | 'perDayLimit'>): LimitValues => ({
  perUseLimit: card.perUseLimit === null ? null : fenToYuan(card.perUseLimit),
  perDayLimit: card.perDayLimit === null ? null : fenToYuan(card.perDayLimit),
});

export function toBatchInput(values: BatchValues): CardBatchInput {
  const limits = toLimitsInput(values);
  return values.kind === 'NAMED'
    ? { agentId: values.agentId, phones: parsePhones(values.phones), ...limits }
    : { agentId: values.agentId, count: values.count ?? 1, ...limits };
}

/**
 * What a top-up of `amount` yuan would do to a card, by the rules in force: the bonus, the balance
 * after it, and whether that passes the cap of the card's kind. Nothing while no amount is typed.
 */
export function topUpPreview(
  card: Pick<Card, 'balance' | 'kind'>,
  rules: readonly CardBonusRule[],
  amount: string | null | undefined,
): { bonus: Fen; balance: Fen; aboveCap: boolean } | undefined {
  let fen: Fen | null;
  try {
    fen = yuanToFen(amount);
  } catch {
    return undefined;
  }
  if (fen === null || fen <= 0) return undefined;
  const bonus = bonusFor(rules, fen);
  const balance = asFen(card.balance + fen + bonus);
  return { bonus, balance, aboveCap: balance > CARD_CAPS[card.kind] };
}
