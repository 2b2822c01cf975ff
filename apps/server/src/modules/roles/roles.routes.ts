import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Id, IdList } from '@water/contract/common';
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
import { and, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { roles } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { between, containsText, selectPage, toPaging } from '../../lib/list-query.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { principalOf } from '../../plugins/auth.ts';
import { findRole, roleOrder, roleSortable, toRoleDtos } from './roles.repository.ts';
import { createRole, deleteRoles, updateRole, updateRoleMenus } from './roles.service.ts';

const tags = ['roles'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function roleConditions(filter: Static<typeof RoleFilter>): SQL | undefined {
  return and(
    containsText([roles.name, roles.description], filter.blurry),
    between(roles.createTime, filter.createTime),
  );
}

export async function rolesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/roles',
    {
      schema: {
        tags,
        summary: 'Roles, filtered and paged',
        querystring: RoleQuery,
        response: { 200: RolePage, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['roles:list'] },
    },
    async (request) => {
      const where = roleConditions(request.query);
      const paging = toPaging(request.query, roleSortable, roleOrder);
      const page = await selectPage(app.db, roles, where, paging);
      return { content: await toRoleDtos(app.db, page.content), totalElements: page.totalElements };
    },
  );

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
    async () =>
      toRoleDtos(
        app.db,
        await app.db
          .select()
          .from(roles)
          .orderBy(...roleOrder),
      ),
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

  app.get(
    '/api/roles/download',
    {
      schema: {
        tags,
        summary: 'Export roles as an Excel workbook',
        querystring: RoleFilter,
        produces: [XLSX],
        response: { 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['roles:list'] },
    },
    async (request, reply) => {
      const { orderBy } = toPaging({ sort: request.query.sort }, roleSortable, roleOrder);
      const rows = await toRoleDtos(
        app.db,
        await app.db
          .select()
          .from(roles)
          .where(roleConditions(request.query))
          .orderBy(...orderBy),
      );
      return sendXlsx(
        reply,
        {
          name: 'roles',
          columns: [
            { header: 'Name', value: (r) => r.name },
            { header: 'Level', value: (r) => r.level },
            { header: 'Data scope', value: (r) => r.dataScope },
            { header: 'Departments', value: (r) => r.depts.map((dept) => dept.name).join(', ') },
            { header: 'Description', value: (r) => r.description },
            { header: 'Created', value: (r) => r.createTime },
          ],
          rows: rows,
        },
        app.clock.now(),
      );
    },
  );

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
    async (request) => {
      const row = await findRole(app.db, request.params.id);
      if (!row) throw notFound(`No role with id ${request.params.id}`);
      const [role] = await toRoleDtos(app.db, [row]);
      return role!;
    },
  );

  app.post(
    '/api/roles',
    {
      schema: {
        tags,
        summary: 'Create a role',
        body: RoleCreateInput,
        response: { 201: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['roles:add'] },
    },
    async (request, reply) => {
      await createRole(app, principalOf(request), request.body);
      return reply.code(201).send();
    },
  );

  app.put(
    '/api/roles',
    {
      schema: {
        tags,
        summary: 'Update a role',
        body: RoleUpdateInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['roles:edit'] },
    },
    async (request, reply) => {
      await updateRole(app, principalOf(request), request.body);
      return reply.code(204).send();
    },
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
      await updateRoleMenus(app, principalOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/roles',
    {
      schema: {
        tags,
        summary: 'Delete roles that nobody holds',
        body: IdList,
        response: { 200: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['roles:del'] },
    },
    async (request, reply) => {
      await deleteRoles(app, principalOf(request), request.body);
      return reply.code(200).send();
    },
  );
}
