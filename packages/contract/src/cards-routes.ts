import Type from 'typebox';
import {
  Card,
  CardBatch,
  CardBatchInput,
  CardLiability,
  CardLiabilityQuery,
  CardLimitsInput,
  CardMovement,
  CardMovementQuery,
  CardQuery,
  CardReissued,
  CardRules,
  CardStateInput,
  CardTopUp,
  CardTopUpInput,
  CARD_PERMISSIONS as P,
} from './cards.ts';
import { authErrors, ErrorBody, Id, Page } from './common.ts';
import { listRoutes, withoutPaging } from './crud-routes.ts';
import { defineRoute } from './route.ts';

const tags = ['water cards'];
const CardRef = Type.Object({ id: Id() });
const refusals = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors } as const;

export const cardRoutes = {
  cards: listRoutes({
    path: '/api/cards',
    tags,
    summaries: {
      list: 'Water cards issued by the agents within the caller’s data scope',
      export: 'Export water cards as an Excel workbook',
    },
    permissions: { list: [P.list] },
    schemas: { query: CardQuery, page: Page(Card), filter: withoutPaging(CardQuery) },
  }),
  liabilities: listRoutes({
    path: '/api/cards/liabilities',
    tags,
    summaries: {
      list: 'What each agent within the caller’s data scope owes its cardholders, against the ledger and its reserve',
      export: 'Export the card liabilities as an Excel workbook',
    },
    permissions: { list: [P.list] },
    schemas: { query: CardLiabilityQuery, page: Page(CardLiability), filter: withoutPaging(CardLiabilityQuery) },
  }),
  rules: defineRoute({
    method: 'GET',
    path: '/api/cards/rules',
    summary: 'The card rules in force: top-up bonuses, the reserve share, the caps',
    tags,
    permission: [P.list],
    replies: { 200: CardRules, ...authErrors },
  }),
  issue: defineRoute({
    method: 'POST',
    path: '/api/cards/batches',
    summary: 'Issue a batch of water cards; their secrets are answered this once',
    tags,
    permission: [P.add],
    body: CardBatchInput,
    replies: { 201: CardBatch, ...refusals },
  }),
  card: defineRoute({
    method: 'GET',
    path: '/api/cards/:id',
    summary: 'A water card',
    tags,
    permission: [P.list],
    params: CardRef,
    replies: { 200: Card, ...refusals },
  }),
  movements: defineRoute({
    method: 'GET',
    path: '/api/cards/:id/movements',
    summary: 'A water card’s history: top-ups, sales, refunds, freezes and reissues',
    tags,
    permission: [P.list],
    params: CardRef,
    query: CardMovementQuery,
    replies: { 200: Page(CardMovement), ...refusals },
  }),
  topUp: defineRoute({
    method: 'POST',
    path: '/api/cards/:id/top-ups',
    summary: 'Top up a water card (with the bonus the rules grant)',
    tags,
    permission: [P.topUp],
    params: CardRef,
    body: CardTopUpInput,
    replies: { 200: CardTopUp, ...refusals },
  }),
  setState: defineRoute({
    method: 'PUT',
    path: '/api/cards/:id/state',
    summary: 'Freeze a water card (lost) or unfreeze it (found)',
    tags,
    permission: [P.edit],
    params: CardRef,
    body: CardStateInput,
    replies: { 200: Card, ...refusals },
  }),
  setLimits: defineRoute({
    method: 'PUT',
    path: '/api/cards/:id/limits',
    summary: 'Change a water card’s per-use and per-day limits',
    tags,
    permission: [P.edit],
    params: CardRef,
    body: CardLimitsInput,
    replies: { 200: Card, ...refusals },
  }),
  reissue: defineRoute({
    method: 'POST',
    path: '/api/cards/:id/reissue',
    summary: 'Reissue a frozen water card: a new card takes its balance; its secret is answered this once',
    tags,
    permission: [P.edit],
    params: CardRef,
    replies: { 201: CardReissued, ...refusals },
  }),
};
