import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Id } from '@water/contract/common';
import {
  Role,
  RoleCreateInput,
  RoleFilter,
  RoleLevel,
  RoleMenusInput,
  RolePage,
  RoleQuery,
  RoleUpdateInput,
} from '@water/contract/roles';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { RolesService } from './roles.service.ts';

const tags = ['roles'];

export async function rolesRoutes(base: FastifyInstance, { service }: { service: RolesService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  // Before the CRUD block, so that `all`, `level` and `download` are not taken for an id.
  app.get(
    '/api/roles/all',
    {
      schema: {
        tags,
        summary: 'Every role, best level first (for the user form)',
        response: { 200: Type.Array(Role), ...authErrors },
      },
      config: { permission: ['roles:list', 'user:add', 'user:edit'] },
    },
    async () => service.all(),
  );

  app.get(
    '/api/roles/level',
    {
      schema: {
        tags,
        summary: 'The best (lowest) role level of the caller',
        response: { 200: RoleLevel, ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request) => ({ level: principalOf(request).level }),
  );

  crudRoutes(base, {
    path: '/api/roles',
    tags,
    summaries: {
      list: 'Roles, filtered and paged',
      export: 'Export roles as an Excel workbook',
      create: 'Create a role',
      update: 'Update a role',
      remove: 'Delete roles that nobody holds',
    },
    permissions: { list: ['roles:list'], add: ['roles:add'], edit: ['roles:edit'], del: ['roles:del'] },
    schemas: { query: RoleQuery, page: RolePage, filter: RoleFilter, create: RoleCreateInput, update: RoleUpdateInput },
    service,
  });

  app.get(
    '/api/roles/:id',
    {
      schema: {
        tags,
        summary: 'One role with its departments and menus',
        params: Type.Object({ id: Id() }),
        response: { 200: Role, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['roles:list'] },
    },
    async (request) => service.one(request.params.id),
  );

  app.put(
    '/api/roles/menu',
    {
      schema: {
        tags,
        summary: 'Set the menus and buttons a role grants',
        body: RoleMenusInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['roles:edit'] },
    },
    async (request, reply) => {
      await service.updateMenus(principalOf(request), request.body);
      return reply.code(204).send();
    },
  );
}
