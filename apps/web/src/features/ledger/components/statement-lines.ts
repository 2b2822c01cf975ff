import type { Statement, StatementAccount, StatementLine } from '@water/contract/ledger';
import type { Fen } from '@water/contract/money';
import type { TFunction } from 'i18next';

/** How far below the agent a sale was made, as a level: "Own sales", "2 levels below". */
export const levelName = (t: TFunction, depth: number): string =>
  depth === 0 ? t('ledger.levelOwn') : t('ledger.depthBelow', { count: depth });

/** A statement line's name: its kind, and for commission and reversals the level it came from. */
export function lineName(t: TFunction, line: StatementLine): string {
  const kind = t(`ledger.kinds.${line.kind}`);
  if (line.depth === null) return kind;
  const depth = line.depth === 0 ? t('ledger.ownSales') : t('ledger.depthBelow', { count: line.depth });
  return t('ledger.lineOf', { kind, depth });
}

/** One row of a balance's table: its opening, each line, its closing. */
export interface StatementRow {
  key: string;
  item: string;
  items: number | null;
  amount: Fen;
  /** The opening and the closing balance, set apart from the lines between them. */
  total: boolean;
}

export function statementRows(t: TFunction, account: StatementAccount): StatementRow[] {
  return [
    { key: 'opening', item: t('ledger.opening'), items: null, amount: account.opening, total: true },
    ...account.lines.map((line) => ({
      key: `${line.kind}/${line.depth ?? ''}`,
      item: lineName(t, line),
      items: line.items,
      amount: line.amount,
      total: false,
    })),
    { key: 'closing', item: t('ledger.closing'), items: null, amount: account.closing, total: true },
  ];
}

/** The balances a statement shows: the available one always, the held one only when it ever held something. */
export const shownAccounts = (statement: Statement): StatementAccount[] =>
  statement.accounts.filter(
    (account) =>
      account.type === 'COMMISSION_PAYABLE' ||
      account.opening !== 0 ||
      account.closing !== 0 ||
      account.lines.length > 0,
  );
