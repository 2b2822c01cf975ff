import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Page, PageQuery } from '@water/contract/common';
import { OnlineUser } from '@water/contract/logs';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
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
        querystring: Type.Intersect([
          PageQuery,
          Type.Object({ username: Type.Optional(Type.String({ maxLength: 64 })) }),
        ]),
        response: { 200: Page(OnlineUser), ...authErrors },
      },
      config: { permission: ['online:list'] },
    },
    async (request) => service.list(principalOf(request), request.query),
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
