import { authErrors, Empty, ErrorBody, IdRef, Page } from './common.ts';
import { listRoutes, withoutPaging, XlsxFile } from './crud-routes.ts';
import { ExportJob } from './exports.ts';
import {
  Order,
  OrderDetail,
  OrderFilterOptions,
  OrderNoParam,
  OrderQuery,
  OrderTotals,
  ORDER_PERMISSIONS as P,
  Refund,
  RefundQuery,
  RefundRequestInput,
  RefundReviewInput,
} from './orders.ts';
import { defineRoute } from './route.ts';

const tags = ['orders'];
/** The orders of a time range, as the export and the background export take them. */
export const OrderFilter = withoutPaging(OrderQuery);
/** The refunds of the list's filter, as the export takes them. */
export const RefundFilter = withoutPaging(RefundQuery);

export const orderRoutes = {
  ...listRoutes({
    path: '/api/orders',
    tags,
    summaries: {
      list: 'Orders of a time range (at most 92 days) within the caller’s data scope, filtered and paged',
      export: 'Export orders of a time range as an Excel workbook',
    },
    permissions: { list: [P.list] },
    schemas: { query: OrderQuery, page: Page(Order), filter: OrderFilter },
  }),
  totals: defineRoute({
    method: 'GET',
    path: '/api/orders/totals',
    summary: 'The count and sums (payable, paid, refunded) of the orders the list’s filter matches',
    tags,
    permission: [P.list],
    query: OrderFilter,
    replies: { 200: OrderTotals, 400: ErrorBody, ...authErrors },
  }),
  filterOptions: defineRoute({
    method: 'GET',
    path: '/api/orders/filter-options',
    summary: 'The agents, sites and machines within the caller’s data scope, for the orders’ filters',
    tags,
    permission: [P.list],
    replies: { 200: OrderFilterOptions, ...authErrors },
  }),
  exportInBackground: defineRoute({
    method: 'POST',
    path: '/api/orders/exports',
    summary: 'Export the orders of a time range in the background (any number up to 1,000,000); see api/exports',
    tags,
    permission: [P.list],
    body: OrderFilter,
    replies: { 202: ExportJob, 400: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/orders/:orderNo',
    summary: 'One order with its refunds',
    tags,
    permission: [P.list],
    params: OrderNoParam,
    replies: { 200: OrderDetail, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  requestRefund: defineRoute({
    method: 'POST',
    path: '/api/orders/:orderNo/refunds',
    summary: 'Ask for a refund of a completed order, with a reason; it waits for review',
    tags,
    permission: [P.refundAdd],
    params: OrderNoParam,
    body: RefundRequestInput,
    replies: { 201: Refund, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  refunds: defineRoute({
    method: 'GET',
    path: '/api/refunds',
    summary: 'Refunds within the caller’s data scope (status PENDING: the review queue)',
    tags,
    permission: [P.refundList],
    query: RefundQuery,
    replies: { 200: Page(Refund), 400: ErrorBody, ...authErrors },
  }),
  exportRefunds: defineRoute({
    method: 'GET',
    path: '/api/refunds/download',
    summary: 'Export the refunds of the list’s filter as an Excel workbook',
    tags,
    permission: [P.refundList],
    query: RefundFilter,
    replies: { 200: XlsxFile, 400: ErrorBody, ...authErrors },
  }),
  reviewRefund: defineRoute({
    method: 'PUT',
    path: '/api/refunds/:id/review',
    summary: 'Approve a refund (WeChat and Alipay: with the channel’s reference) or reject it',
    tags,
    permission: [P.refundReview],
    params: IdRef,
    body: RefundReviewInput,
    replies: { 200: Empty, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
};
