import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, IdList, IdRef, Page } from '@water/contract/common';
import {
  COUPON_PERMISSIONS,
  Coupon,
  CouponQuery,
  CouponStats,
  CouponStatsQuery,
  CouponTemplate,
  CouponTemplateCreateInput,
  CouponTemplateQuery,
  CouponTemplateUpdateInput,
  PushInput,
  PushResult,
  TemplateStatusInput,
} from '@water/contract/coupons';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { crudRoutes, listRoutes } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { CouponsService } from './coupons.service.ts';

const tags = ['coupons'];
const { page: _page, size: _size, ...templateFilter } = CouponTemplateQuery.properties;
const { page: _couponPage, size: _couponSize, ...couponFilter } = CouponQuery.properties;

export async function couponsRoutes(base: FastifyInstance, { service }: { service: CouponsService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  crudRoutes(app, {
    path: '/api/coupons/templates',
    tags,
    summaries: {
      list: 'Coupon templates of the platform (unrestricted staff) or of the agents within the caller’s data scope, with their figures',
      export: 'Export coupon templates as an Excel workbook',
      create: 'Create a coupon template (a draft)',
      update: 'Change a draft coupon template',
      remove: 'Delete draft coupon templates',
    },
    permissions: {
      list: [COUPON_PERMISSIONS.list],
      add: [COUPON_PERMISSIONS.add],
      edit: [COUPON_PERMISSIONS.edit],
      del: [COUPON_PERMISSIONS.del],
    },
    schemas: {
      query: CouponTemplateQuery,
      page: Page(CouponTemplate),
      filter: Type.Object(templateFilter),
      create: CouponTemplateCreateInput,
      update: CouponTemplateUpdateInput,
    },
    service,
  });
  app.put(
    '/api/coupons/templates/:id/status',
    {
      schema: {
        tags,
        summary: 'Start, pause, resume or end a coupon template',
        params: IdRef,
        body: TemplateStatusInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
      },
      config: { permission: [COUPON_PERMISSIONS.edit] },
    },
    async (request, reply) => {
      await service.setStatus(principalOf(request), request.params.id, request.body.status);
      return reply.code(204).send();
    },
  );
  app.post(
    '/api/coupons/templates/:id/push',
    {
      schema: {
        tags,
        summary: 'Push a coupon to members by phone; answers how many were issued and which phones were refused',
        params: IdRef,
        body: PushInput,
        response: { 200: PushResult, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
      },
      config: { permission: [COUPON_PERMISSIONS.issue] },
    },
    async (request) => service.push(principalOf(request), request.params.id, request.body),
  );
  app.get(
    '/api/coupons/stats',
    {
      schema: {
        tags,
        summary: 'Coupons issued, used and expired, and what the used ones took off, all together and by funder',
        querystring: CouponStatsQuery,
        response: { 200: CouponStats, 400: ErrorBody, ...authErrors },
      },
      config: { permission: [COUPON_PERMISSIONS.list] },
    },
    async (request) => service.stats(principalOf(request), request.query),
  );
  listRoutes(app, {
    path: '/api/coupons',
    tags,
    summaries: {
      list: 'Coupons issued to members, of the templates within the caller’s reach',
      export: 'Export issued coupons as an Excel workbook',
    },
    permissions: { list: [COUPON_PERMISSIONS.list] },
    schemas: { query: CouponQuery, page: Page(Coupon), filter: Type.Object(couponFilter) },
    service: { list: service.coupons, exportSheet: service.exportCoupons },
  });
  app.put(
    '/api/coupons/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke unused coupons',
        body: IdList,
        response: { 200: Empty, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
      },
      config: { permission: [COUPON_PERMISSIONS.issue] },
    },
    async (request, reply) => {
      await service.revoke(principalOf(request), request.body);
      return reply.code(200).send();
    },
  );
}
