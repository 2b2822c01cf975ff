import Type from 'typebox';
import { authErrors, ErrorBody, Page } from './common.ts';
import {
  AccountQuery,
  AgentBalance,
  ClosePeriodInput,
  CommissionOrder,
  CommissionOrderQuery,
  LedgerAccount,
  LedgerPeriod,
  LedgerPosting,
  LEDGER_PERMISSIONS as P,
  PostingQuery,
  Statement,
  StatementFileQuery,
  StatementQuery,
  TrialBalance,
} from './ledger.ts';
import { defineRoute, FileReply, XLSX_TYPE } from './route.ts';

const tags = ['ledger'];

export const ledgerRoutes = {
  accounts: defineRoute({
    method: 'GET',
    path: '/api/ledger/accounts',
    summary: 'The ledger’s accounts with their balances (agents’ staff: their own agents’ accounts)',
    tags,
    permission: [P.list],
    query: AccountQuery,
    replies: { 200: Page(LedgerAccount), 400: ErrorBody, ...authErrors },
  }),
  trialBalance: defineRoute({
    method: 'GET',
    path: '/api/ledger/trial-balance',
    summary: 'The balance of each type of account, and their sum (zero when the books balance)',
    tags,
    permission: [P.list],
    replies: { 200: TrialBalance, ...authErrors },
  }),
  postings: defineRoute({
    method: 'GET',
    path: '/api/ledger/postings',
    summary: 'The postings of a span of days, each with its entries',
    tags,
    permission: [P.list],
    query: PostingQuery,
    replies: { 200: Page(LedgerPosting), 400: ErrorBody, ...authErrors },
  }),
  periods: defineRoute({
    method: 'GET',
    path: '/api/ledger/periods',
    summary: 'The periods closed, the latest first',
    tags,
    permission: [P.list, P.statements],
    replies: { 200: Type.Array(LedgerPeriod), ...authErrors },
  }),
  close: defineRoute({
    method: 'POST',
    path: '/api/ledger/periods',
    summary: 'Close a period (a day or a month that is over): its postings never change again',
    tags,
    permission: [P.close],
    body: ClosePeriodInput,
    replies: { 201: LedgerPeriod, 400: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  balances: defineRoute({
    method: 'GET',
    path: '/api/statements/agents',
    summary: 'The agents within the caller’s data scope, with their available and held commission',
    tags,
    permission: [P.statements],
    replies: { 200: Type.Array(AgentBalance), ...authErrors },
  }),
  statement: defineRoute({
    method: 'GET',
    path: '/api/statements',
    summary:
      'An agent’s statement of a day or a month: opening balance, commission per level, reversals, withdrawals, closing balance',
    tags,
    permission: [P.statements],
    query: StatementQuery,
    replies: { 200: Statement, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  statementFile: defineRoute({
    method: 'GET',
    path: '/api/statements/download',
    summary: 'An agent’s statement as an Excel workbook or a PDF file',
    tags,
    permission: [P.statements],
    query: StatementFileQuery,
    replies: { 200: FileReply([XLSX_TYPE, 'application/pdf']), 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  statementOrders: defineRoute({
    method: 'GET',
    path: '/api/statements/orders',
    summary:
      'The orders behind an agent’s statement: those paid in the period, with what the agent’s level earned on each',
    tags,
    permission: [P.statements],
    query: CommissionOrderQuery,
    replies: { 200: Page(CommissionOrder), 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
};
