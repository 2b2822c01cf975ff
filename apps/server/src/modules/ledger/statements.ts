import type { Statement, StatementAccount, StatementLine } from '@water/contract/ledger';
import { asFen, type Fen } from '@water/contract/money';
import { periodOf } from '../../domain/periods.ts';

/** Kinds whose postings are per depth below the agent (subject `agentId/depth`). */
const BY_DEPTH = new Set(['COMMISSION', 'REVERSAL']);

/** The order a statement lists its lines in. */
const LINE_ORDER = ['COMMISSION', 'REVERSAL', 'RELEASE', 'WITHDRAWAL', 'WITHDRAWAL_RETURN'];

interface Movements {
  accounts: { id: number; type: string }[];
  opening: { accountId: number; amount: Fen }[];
  moves: { accountId: number; kind: string; subject: string; amount: Fen; items: number }[];
}

/**
 * One of the agent's balances over a period, from its ledger account: what it held before, each
 * kind of posting (commission and reversals per depth) that moved it, and what it holds at the
 * end. The platform owes an agent a credit, so amounts are the entries' negatives.
 */
export function statementAccount(type: StatementAccount['type'], movements: Movements): StatementAccount {
  const account = movements.accounts.find((candidate) => candidate.type === type);
  const opening = asFen(-(movements.opening.find((row) => row.accountId === account?.id)?.amount ?? 0));
  const lines = new Map<string, StatementLine>();
  for (const move of movements.moves.filter((row) => row.accountId === account?.id)) {
    const depth = BY_DEPTH.has(move.kind) ? Number(move.subject.split('/')[1] ?? 0) : null;
    const key = `${move.kind}/${depth ?? ''}`;
    const line = lines.get(key) ?? { kind: move.kind as StatementLine['kind'], depth, amount: asFen(0), items: 0 };
    line.amount = asFen(line.amount - move.amount);
    line.items += move.items;
    lines.set(key, line);
  }
  const ordered = [...lines.values()].sort(
    (a, b) =>
      rank(a.kind) - rank(b.kind) ||
      (a.depth ?? 0) - (b.depth ?? 0) ||
      (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0),
  );
  const closing = asFen(ordered.reduce((sum, line) => sum + line.amount, opening as number));
  return { type, opening, lines: ordered, closing };
}

function rank(kind: string): number {
  const index = LINE_ORDER.indexOf(kind);
  return index < 0 ? LINE_ORDER.length : index;
}

export function statementOf(
  agent: { id: number; name: string },
  period: string,
  movements: Movements,
  closedThrough: string | null,
): Statement {
  const { kind, firstDay, lastDay } = periodOf(period);
  return {
    agentId: agent.id,
    agentName: agent.name,
    kind,
    period,
    firstDay,
    lastDay,
    closed: closedThrough !== null && closedThrough >= lastDay,
    accounts: [statementAccount('COMMISSION_PAYABLE', movements), statementAccount('COMMISSION_HELD', movements)],
  };
}
