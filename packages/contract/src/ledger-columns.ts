import type { CommissionOrder, LedgerAccount, LedgerPosting } from './ledger.ts';
import { listColumns } from './list-columns.ts';

/** The ledger's accounts: which account, whose, and what it holds (debits positive, credits negative). */
export const LEDGER_ACCOUNT_COLUMNS = listColumns<LedgerAccount>()({
  code: { field: 'code', title: 'ledger.account', width: 230 },
  type: { field: 'type', title: 'ledger.accountType', kind: 'enum', labels: 'ledger.accountTypes', width: 170 },
  agent: { field: 'agentName', title: 'ledger.agent', width: 170 },
  channel: { field: 'channel', title: 'ledger.channel', kind: 'enum', labels: 'orders.channels', width: 110 },
  balance: { field: 'balance', title: 'ledger.balance', kind: 'money', width: 170 },
  version: { field: 'version', title: 'ledger.version', width: 90 },
  updateTime: { field: 'updateTime', title: 'list.updateTime', width: 170 },
});

/** The postings of a span of days; the page shows each one's entries when it is opened. */
export const LEDGER_POSTING_COLUMNS = listColumns<LedgerPosting>()({
  day: { field: 'day', title: 'ledger.day', width: 120 },
  kind: { field: 'kind', title: 'ledger.kind', kind: 'enum', labels: 'ledger.kinds', width: 170 },
  subject: { field: 'subject', title: 'ledger.subject', width: 130 },
  agent: { field: 'agentName', title: 'ledger.agent', width: 170 },
  items: { field: 'items', title: 'ledger.items', width: 90 },
  /** What the posting moved: the sum of its debits (equal to the sum of its credits). */
  amount: { field: 'entries', title: 'ledger.amount', width: 140 },
  updateTime: { field: 'updateTime', title: 'list.updateTime', width: 170, hidden: true },
});

/** The orders behind an agent's statement, with what the agent's level of the path earned on each. */
export const COMMISSION_ORDER_COLUMNS = listColumns<CommissionOrder>()({
  orderNo: { field: 'orderNo', title: 'ledger.orderNo', width: 180 },
  paidTime: { field: 'paidTime', title: 'ledger.paidTime', width: 160 },
  channel: { field: 'channel', title: 'ledger.channel', kind: 'enum', labels: 'orders.channels', width: 100 },
  state: { field: 'state', title: 'ledger.state', kind: 'enum', labels: 'orders.states', width: 110 },
  paid: { field: 'paid', title: 'ledger.paid', kind: 'money', width: 90 },
  refunded: { field: 'refunded', title: 'ledger.refunded', kind: 'money', width: 90 },
  level: { field: 'depth', title: 'ledger.level', width: 120 },
  rate: { field: 'rate', title: 'ledger.rate', kind: 'percent', width: 80 },
  earned: { field: 'amount', title: 'ledger.earned', kind: 'money', width: 90 },
});
