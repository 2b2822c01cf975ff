import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, IdList } from '@water/contract/common';
import { UserCreateInput, UserFilter, UserPage, UserQuery, UserUpdateInput } from '@water/contract/users';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

const tags = ['users'];

export async function usersRoutes(base: FastifyInstance, { service }: { service: UsersService }) {
  crudRoutes(base, {
    path: '/api/users',
    tags,
    summaries: {
      list: 'Users in the caller’s data scope, filtered and paged',
      export: 'Export users as an Excel workbook',
      create: 'Create a user',
      update: 'Update a user',
      remove: 'Delete users',
    },
    permissions: { list: ['user:list'], add: ['user:add'], edit: ['user:edit'], del: ['user:del'] },
    schemas: { query: UserQuery, page: UserPage, filter: UserFilter, create: UserCreateInput, update: UserUpdateInput },
    service,
  });

  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/api/users/resetPwd',
    {
      schema: {
        tags,
        summary: 'Reset passwords to the default, to be changed at the next sign-in',
        body: IdList,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['user:edit'] },
    },
    async (request, reply) => {
      await service.resetPasswords(principalOf(request), request.body);
      return reply.code(204).send();
    },
  );
}
