import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, ErrorBody, Id, Page, PageQuery, ParentId } from '@water/contract/common';
import { Menu, MenuInput, MenuRoute, MenuTreeNode } from '@water/contract/menus';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { sendReady } from '../../lib/ready-answer.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { MenusService } from './menus.service.ts';

const tags = ['menus'];
const MenuWithChildren = Type.Cyclic(
  { MenuNode: Type.Intersect([Menu, Type.Object({ children: Type.Optional(Type.Array(Type.Ref('MenuNode'))) })]) },
  'MenuNode',
);
const MenuQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    pid: Type.Optional(ParentId()),
    blurry: Type.Optional(Type.String({ maxLength: 255 })),
  }),
]);

export async function menusRoutes(base: FastifyInstance, { service }: { service: MenusService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/menus/build',
    {
      schema: {
        tags,
        summary: 'Router tree of the signed-in user',
        response: { 200: Type.Array(MenuRoute), ...authErrors },
      },
      config: { permission: 'signed-in' },
      // A ready answer is compressed once, when it is made (lib/ready-answer.ts).
      compress: false,
    },
    async (request, reply) =>
      sendReady(request, reply, await service.routes(principalOf(request)), (principal) =>
        service.routesInMemory(principal),
      ),
  );

  app.get(
    '/api/menus/tree',
    {
      schema: {
        tags,
        summary: 'Every menu as a tree, for pickers',
        response: { 200: Type.Array(MenuTreeNode), ...authErrors },
      },
      config: { permission: ['menu:list', 'roles:list'] },
    },
    async () => service.tree(),
  );

  crudRoutes(base, {
    path: '/api/menus',
    tags,
    summaries: {
      list: 'Menus: the top level, the children of pid, or every match of blurry',
      export: 'Every menu as an Excel workbook',
      create: 'Create a menu',
      update: 'Update a menu',
      remove: 'Delete menus with all their descendants',
    },
    permissions: { list: ['menu:list'], add: ['menu:add'], edit: ['menu:edit'], del: ['menu:del'] },
    schemas: { query: MenuQuery, page: Page(Menu), filter: Type.Object({}), create: MenuInput, update: MenuInput },
    service,
  });

  app.get(
    '/api/menus/lazy',
    {
      schema: {
        tags,
        summary: 'The children of a menu (pid 0: the top level)',
        querystring: Type.Object({ pid: Type.Optional(ParentId()) }),
        response: { 200: Type.Array(Menu), ...authErrors },
      },
      config: { permission: ['menu:list', 'roles:list'] },
    },
    async (request) => service.children(request.query.pid),
  );

  app.get(
    '/api/menus/child',
    {
      schema: {
        tags,
        summary: 'Ids of a menu and all its descendants',
        querystring: Type.Object({ id: Id() }),
        response: { 200: Type.Array(Type.Integer()), ...authErrors },
      },
      config: { permission: ['menu:list', 'roles:list'] },
    },
    async (request) => service.subtree(request.query.id),
  );

  app.post(
    '/api/menus/superior',
    {
      schema: {
        tags,
        summary: 'The top level plus the siblings of each menu and of its ancestors, as a tree',
        body: Type.Array(Id(), { maxItems: 1000 }),
        response: { 200: Type.Array(MenuWithChildren), 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['menu:list'], readOnly: true },
    },
    async (request) => service.superior(request.body),
  );
}
