import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Page, PageQuery } from '@water/contract/common';
import { OnlineQuery, OnlineUser } from '@water/contract/logs';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { sendXlsx, XLSX_TYPE } from '../../lib/xlsx.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { OnlineService } from './online.service.ts';

const tags = ['online users'];

export async function onlineRoutes(base: FastifyInstance, { service }: { service: OnlineService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/auth/online',
    {
      schema: {
        tags,
        summary: 'Users signed in now, one row per session',
        querystring: Type.Intersect([PageQuery, OnlineQuery]),
        response: { 200: Page(OnlineUser), ...authErrors },
      },
      config: { permission: ['online:list'] },
    },
    async (request) => service.list(principalOf(request), request.query),
  );

  app.get(
    '/auth/online/download',
    {
      schema: {
        tags,
        summary: 'Export the users signed in now',
        querystring: OnlineQuery,
        produces: [XLSX_TYPE],
        response: { 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['online:list'] },
    },
    async (request, reply) =>
      sendXlsx(reply, await service.exportSheet(principalOf(request), request.query), app.clock.now()),
  );

  app.delete(
    '/auth/online',
    {
      schema: {
        tags,
        summary: 'Sign sessions out (kick out)',
        body: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
        response: { 200: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['online:del'] },
    },
    async (request, reply) => {
      await service.kick(principalOf(request), request.body);
      return reply.code(200).send();
    },
  );
}
