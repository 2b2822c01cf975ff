import { authErrors, Empty, ErrorBody, IdList, IdRef, Page } from './common.ts';
import {
  Coupon,
  CouponQuery,
  CouponStats,
  CouponStatsQuery,
  CouponTemplate,
  CouponTemplateCreateInput,
  CouponTemplateQuery,
  CouponTemplateUpdateInput,
  COUPON_PERMISSIONS as P,
  PushInput,
  PushResult,
  TemplateStatusInput,
} from './coupons.ts';
import { crudRoutes, listRoutes, withoutPaging } from './crud-routes.ts';
import { defineRoute } from './route.ts';

const tags = ['coupons'];

export const couponRoutes = {
  templates: crudRoutes({
    path: '/api/coupons/templates',
    tags,
    summaries: {
      list: 'Coupon templates of the platform (unrestricted staff) or of the agents within the caller’s data scope, with their figures',
      export: 'Export coupon templates as an Excel workbook',
      create: 'Create a coupon template (a draft)',
      update: 'Change a draft coupon template',
      remove: 'Delete draft coupon templates',
    },
    permissions: { list: [P.list], add: [P.add], edit: [P.edit], del: [P.del] },
    schemas: {
      query: CouponTemplateQuery,
      page: Page(CouponTemplate),
      filter: withoutPaging(CouponTemplateQuery),
      create: CouponTemplateCreateInput,
      update: CouponTemplateUpdateInput,
    },
  }),
  setTemplateStatus: defineRoute({
    method: 'PUT',
    path: '/api/coupons/templates/:id/status',
    summary: 'Start, pause, resume or end a coupon template',
    tags,
    permission: [P.edit],
    params: IdRef,
    body: TemplateStatusInput,
    replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  push: defineRoute({
    method: 'POST',
    path: '/api/coupons/templates/:id/push',
    summary: 'Push a coupon to members by phone; answers how many were issued and which phones were refused',
    tags,
    permission: [P.issue],
    params: IdRef,
    body: PushInput,
    replies: { 200: PushResult, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/coupons/stats',
    summary: 'Coupons issued, used and expired, and what the used ones took off, all together and by funder',
    tags,
    permission: [P.list],
    query: CouponStatsQuery,
    replies: { 200: CouponStats, 400: ErrorBody, ...authErrors },
  }),
  issued: listRoutes({
    path: '/api/coupons',
    tags,
    summaries: {
      list: 'Coupons issued to members, of the templates within the caller’s reach',
      export: 'Export issued coupons as an Excel workbook',
    },
    permissions: { list: [P.list] },
    schemas: { query: CouponQuery, page: Page(Coupon), filter: withoutPaging(CouponQuery) },
  }),
  revoke: defineRoute({
    method: 'PUT',
    path: '/api/coupons/revoke',
    summary: 'Revoke unused coupons',
    tags,
    permission: [P.issue],
    body: IdList,
    replies: { 200: Empty, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
  }),
};
