import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Id, Page } from '@water/contract/common';
import { ExportJob } from '@water/contract/exports';
import {
  ORDER_PERMISSIONS,
  Order,
  OrderDetail,
  OrderNoParam,
  OrderQuery,
  Refund,
  RefundQuery,
  RefundRequestInput,
  RefundReviewInput,
} from '@water/contract/orders';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { listRoutes } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { OrdersService } from './orders.service.ts';

const tags = ['orders'];
const P = ORDER_PERMISSIONS;
const { page: _page, size: _size, ...filterFields } = OrderQuery.properties;
const OrderFilter = Type.Object(filterFields);
const conflict = { 409: ErrorBody };

export async function ordersRoutes(base: FastifyInstance, { service }: { service: OrdersService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  listRoutes(app, {
    path: '/api/orders',
    tags,
    summaries: {
      list: 'Orders of a time range (at most 92 days) within the caller’s data scope, filtered and paged',
      export: 'Export orders of a time range as an Excel workbook',
    },
    permissions: { list: [P.list] },
    schemas: { query: OrderQuery, page: Page(Order), filter: OrderFilter },
    service,
  });
  app.post(
    '/api/orders/exports',
    {
      schema: {
        tags,
        summary: 'Export the orders of a time range in the background (any number up to 1,000,000); see api/exports',
        body: OrderFilter,
        response: { 202: ExportJob, 400: ErrorBody, 409: ErrorBody, ...authErrors },
      },
      config: { permission: [P.list] },
    },
    async (request, reply) =>
      reply.code(202).send(await service.exportInBackground(principalOf(request), request.body)),
  );
  app.get(
    '/api/orders/:orderNo',
    {
      schema: {
        tags,
        summary: 'One order with its refunds',
        params: OrderNoParam,
        response: { 200: OrderDetail, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [P.list] },
    },
    async (request) => service.detail(principalOf(request), request.params.orderNo),
  );
  app.post(
    '/api/orders/:orderNo/refunds',
    {
      schema: {
        tags,
        summary: 'Ask for a refund of a completed order, with a reason; it waits for review',
        params: OrderNoParam,
        body: RefundRequestInput,
        response: { 201: Refund, 400: ErrorBody, 404: ErrorBody, ...conflict, ...authErrors },
      },
      config: { permission: [P.refundAdd] },
    },
    async (request, reply) =>
      reply.code(201).send(await service.requestRefund(principalOf(request), request.params.orderNo, request.body)),
  );
  app.get(
    '/api/refunds',
    {
      schema: {
        tags,
        summary: 'Refunds within the caller’s data scope (status PENDING: the review queue)',
        querystring: RefundQuery,
        response: { 200: Page(Refund), 400: ErrorBody, ...authErrors },
      },
      config: { permission: [P.refundList] },
    },
    async (request) => service.refunds(principalOf(request), request.query),
  );
  app.put(
    '/api/refunds/:id/review',
    {
      schema: {
        tags,
        summary: 'Approve a refund (WeChat and Alipay: with the channel’s reference) or reject it',
        params: Type.Object({ id: Id() }),
        body: RefundReviewInput,
        response: { 200: Empty, 400: ErrorBody, 404: ErrorBody, ...conflict, ...authErrors },
      },
      config: { permission: [P.refundReview] },
    },
    async (request, reply) => {
      await service.review(principalOf(request), request.params.id, request.body);
      return reply.code(200).send();
    },
  );
}
