import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, IdList } from '@water/contract/common';
import { UserCreateInput, UserFilter, UserPage, UserQuery, UserUpdateInput } from '@water/contract/users';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.ts';
import { selectPage, toPaging } from '../../lib/list-query.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { principalOf } from '../../plugins/auth.ts';
import { avatarDirOf, removeAvatars } from './avatar.ts';
import { toUserDtos } from './user-info.repository.ts';
import { userConditions, userOrder, userSortable } from './users.repository.ts';
import { createUser, deleteUsers, resetPasswords, updateUser } from './users.service.ts';

export interface UsersOptions {
  defaultUserPassword: string;
  dataDir: string;
}

const tags = ['users'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function usersRoutes(base: FastifyInstance, options: UsersOptions) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const avatarDir = avatarDirOf(options.dataDir);

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Users in the caller’s data scope, filtered and paged',
        querystring: UserQuery,
        response: { 200: UserPage, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['user:list'] },
    },
    async (request) => {
      const caller = principalOf(request);
      const where = await userConditions(app.db, caller, request.query);
      const paging = toPaging(request.query, userSortable, userOrder);
      const page = await selectPage(app.db, users, where, paging);
      return { content: await toUserDtos(app.db, page.content), totalElements: page.totalElements };
    },
  );

  app.get(
    '/api/users/download',
    {
      schema: {
        tags,
        summary: 'Export users as an Excel workbook',
        querystring: UserFilter,
        produces: [XLSX],
        response: { 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['user:list'] },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      const where = await userConditions(app.db, caller, request.query);
      const { orderBy } = toPaging({ sort: request.query.sort }, userSortable, userOrder);
      const rows = await toUserDtos(
        app.db,
        await app.db
          .select()
          .from(users)
          .where(where)
          .orderBy(...orderBy),
      );
      const names = (list: { name: string }[]) => list.map((item) => item.name).join(', ');
      return sendXlsx(
        reply,
        {
          name: 'users',
          columns: [
            { header: 'Username', value: (u) => u.username },
            { header: 'Nickname', value: (u) => u.nickName },
            { header: 'Gender', value: (u) => u.gender },
            { header: 'Phone', value: (u) => u.phone },
            { header: 'E-mail', value: (u) => u.email },
            { header: 'Department', value: (u) => u.dept?.name },
            { header: 'Jobs', value: (u) => names(u.jobs) },
            { header: 'Roles', value: (u) => names(u.roles) },
            { header: 'Enabled', value: (u) => (u.enabled ? 'yes' : 'no') },
            { header: 'Password changed', value: (u) => u.pwdResetTime },
            { header: 'Created', value: (u) => u.createTime },
          ],
          rows: rows,
        },
        app.clock.now(),
      );
    },
  );

  app.post(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Create a user',
        body: UserCreateInput,
        response: { 201: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['user:add'] },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      await createUser(app, caller, request.body, options.defaultUserPassword);
      return reply.code(201).send();
    },
  );

  app.put(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Update a user',
        body: UserUpdateInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['user:edit'] },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      await updateUser(app, caller, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Delete users',
        body: IdList,
        response: { 200: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['user:del'] },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      await removeAvatars(avatarDir, await deleteUsers(app, caller, request.body));
      return reply.code(200).send();
    },
  );

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
      const caller = principalOf(request);
      await resetPasswords(app, caller, request.body, options.defaultUserPassword);
      return reply.code(204).send();
    },
  );
}
