import { authErrors, ErrorBody, IdRef, Page } from './common.ts';
import { listRoutes, withoutPaging } from './crud-routes.ts';
import {
  Discrepancy,
  DiscrepancyQuery,
  ImportQuery,
  ImportStatementQuery,
  OpenDiscrepancies,
  RECONCILIATION_PERMISSIONS as P,
  PeriodQuery,
  ReconciliationImport,
  ResolveInput,
} from './reconciliation.ts';
import { defineRoute } from './route.ts';

const tags = ['reconciliation'];

export const reconciliationRoutes = {
  imports: defineRoute({
    method: 'GET',
    path: '/api/reconciliation/imports',
    summary: 'Imported channel statements, the latest day first, with their rows counted per class and their fees',
    tags,
    permission: [P.list],
    query: ImportQuery,
    replies: { 200: Page(ReconciliationImport), 400: ErrorBody, ...authErrors },
  }),
  importStatement: defineRoute({
    method: 'POST',
    path: '/api/reconciliation/imports',
    summary:
      'Import a channel’s daily statement (WeChat Pay trade bill or Alipay business detail CSV, UTF-8 or GBK): classify every row against our orders and refunds and book the day’s fees; a day imported again replaces its classification and books only the difference',
    tags,
    permission: [P.import],
    query: ImportStatementQuery,
    upload: 'file',
    replies: { 201: ReconciliationImport, 400: ErrorBody, 413: ErrorBody, ...authErrors },
  }),
  discrepancies: listRoutes({
    path: '/api/reconciliation/discrepancies',
    tags,
    summaries: {
      list: 'The queue of discrepancies between the channels’ statements and our orders and refunds',
      export: 'Export discrepancies as an Excel workbook',
    },
    permissions: { list: [P.list] },
    schemas: { query: DiscrepancyQuery, page: Page(Discrepancy), filter: withoutPaging(DiscrepancyQuery) },
  }),
  resolve: defineRoute({
    method: 'PUT',
    path: '/api/reconciliation/discrepancies/:id/resolve',
    summary: 'Resolve a discrepancy with a note saying what was found and done',
    tags,
    permission: [P.resolve],
    params: IdRef,
    body: ResolveInput,
    replies: { 200: Discrepancy, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  openDiscrepancies: defineRoute({
    method: 'GET',
    path: '/api/reconciliation/open-discrepancies',
    summary: 'How many discrepancies of a period’s days are still open (a period does not close while any is)',
    tags,
    permission: [P.list],
    query: PeriodQuery,
    replies: { 200: OpenDiscrepancies, 400: ErrorBody, ...authErrors },
  }),
};
