import Type from 'typebox';
import { authErrors, ErrorBody, IdRef, Page } from './common.ts';
import { listRoutes, withoutPaging } from './crud-routes.ts';
import { defineRoute } from './route.ts';
import {
  AgentBalance,
  AgentBalanceQuery,
  WITHDRAWAL_PERMISSIONS as P,
  Withdrawal,
  WithdrawalDetail,
  WithdrawalPayoutInput,
  WithdrawalQuery,
  WithdrawalRequestInput,
  WithdrawalReviewInput,
  WithdrawalTerms,
  WithdrawalTotals,
} from './withdrawals.ts';

const tags = ['withdrawals'];
/** The withdrawals of the list's filter, as the export and the totals take them. */
export const WithdrawalFilter = withoutPaging(WithdrawalQuery);
/** The totals take the filter alone: a sum has no order. */
const { sort: _sort, ...totalsFilter } = WithdrawalFilter.properties;
export const WithdrawalTotalsQuery = Type.Object(totalsFilter);

export const withdrawalRoutes = {
  ...listRoutes({
    path: '/api/withdrawals',
    tags,
    summaries: {
      list: 'Withdrawals within the caller’s data scope (requested first, then approved), filtered and paged',
      export: 'Export withdrawals as an Excel workbook',
    },
    permissions: { list: [P.list] },
    schemas: { query: WithdrawalQuery, page: Page(Withdrawal), filter: WithdrawalFilter },
  }),
  totals: defineRoute({
    method: 'GET',
    path: '/api/withdrawals/totals',
    summary: 'The count and sums (amount, fee, net) of the withdrawals the list’s filter matches',
    tags,
    permission: [P.list],
    query: WithdrawalTotalsQuery,
    replies: { 200: WithdrawalTotals, 400: ErrorBody, ...authErrors },
  }),
  balances: defineRoute({
    method: 'GET',
    path: '/api/withdrawals/balances',
    summary: 'Agents’ balances within the caller’s data scope: available, held, in transit, paid out',
    tags,
    permission: [P.list, P.add],
    query: AgentBalanceQuery,
    replies: { 200: Page(AgentBalance), 400: ErrorBody, ...authErrors },
  }),
  terms: defineRoute({
    method: 'GET',
    path: '/api/withdrawals/terms',
    summary: 'The minimum amount and the fee of a withdrawal, from the global settings',
    tags,
    permission: [P.list, P.add],
    replies: { 200: WithdrawalTerms, ...authErrors },
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/withdrawals/:id',
    summary: 'One withdrawal with its timeline of states, who did each and when',
    tags,
    permission: [P.list],
    params: IdRef,
    replies: { 200: WithdrawalDetail, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  request: defineRoute({
    method: 'POST',
    path: '/api/withdrawals',
    summary: 'Ask for a withdrawal of an agent’s available balance to its settlement account; it waits for review',
    tags,
    permission: [P.add],
    body: WithdrawalRequestInput,
    replies: { 201: Withdrawal, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  review: defineRoute({
    method: 'PUT',
    path: '/api/withdrawals/:id/review',
    summary: 'Approve a requested withdrawal or reject it (with a note); never one’s own',
    tags,
    permission: [P.review],
    params: IdRef,
    body: WithdrawalReviewInput,
    replies: { 200: Withdrawal, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  payout: defineRoute({
    method: 'PUT',
    path: '/api/withdrawals/:id/payout',
    summary:
      'Pay out an approved withdrawal (manual driver: with the bank transfer’s reference; the same reference again pays nothing more) or record that its payout failed',
    tags,
    permission: [P.pay],
    params: IdRef,
    body: WithdrawalPayoutInput,
    replies: { 200: Withdrawal, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
};
