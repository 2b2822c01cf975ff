import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Id, IdList, Page, PageQuery, ParentId } from '@water/contract/common';
import { Menu, MenuInput, MenuRoute, MenuTreeNode } from '@water/contract/menus';
import { and, eq, ilike, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { menus } from '../../db/schema.ts';
import { invalidField } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { allMenus, childrenOf, menuOrder, subtreeIds, toMenuDto } from './menus.repository.ts';
import { createMenu, deleteMenus, MenuBuildCache, menuTree, superiorTree, updateMenu } from './menus.service.ts';

const tags = ['menus'];
const sortable = {
  id: menus.id,
  menuSort: menus.menuSort,
  title: menus.title,
  createTime: menus.createTime,
};
const MenuList = Page(Menu);
const MenuWithChildren = Type.Cyclic(
  { MenuNode: Type.Intersect([Menu, Type.Object({ children: Type.Optional(Type.Array(Type.Ref('MenuNode'))) })]) },
  'MenuNode',
);

export async function menusRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const builds = new MenuBuildCache(app);

  app.get(
    '/api/menus/build',
    {
      schema: {
        tags,
        summary: 'Router tree of the signed-in user',
        response: { 200: Type.Array(MenuRoute), ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request) => builds.get(request.principal!),
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
    async () => menuTree(app),
  );

  app.get(
    '/api/menus',
    {
      schema: {
        tags,
        summary: 'Menus: the top level, the children of pid, or every match of blurry',
        querystring: Type.Intersect([
          PageQuery,
          Type.Object({
            pid: Type.Optional(ParentId()),
            blurry: Type.Optional(Type.String({ maxLength: 255 })),
          }),
        ]),
        response: { 200: MenuList, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['menu:list'] },
    },
    async (request) => {
      const { pid, blurry } = request.query;
      // Tree tables need every row of a level, so paging parameters only choose the order.
      const { orderBy } = toPaging({ sort: request.query.sort }, sortable, menuOrder);
      const filter = blurry?.trim()
        ? or(
            ilike(menus.title, `%${blurry.trim()}%`),
            ilike(menus.component, `%${blurry.trim()}%`),
            ilike(menus.permission, `%${blurry.trim()}%`),
          )
        : pid
          ? eq(menus.pid, pid)
          : isNull(menus.pid);
      const rows = await app.db
        .select()
        .from(menus)
        .where(and(filter))
        .orderBy(...orderBy);
      return { content: rows.map(toMenuDto), totalElements: rows.length };
    },
  );

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
    async (request) => (await childrenOf(app.db, request.query.pid || null)).map(toMenuDto),
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
    async (request) => {
      const all = await allMenus(app.db);
      return all.some((menu) => menu.id === request.query.id)
        ? subtreeIds(all, [request.query.id]).sort((a, b) => a - b)
        : [];
    },
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
      config: { permission: ['menu:list'] },
    },
    async (request) => superiorTree(app, request.body),
  );

  app.get(
    '/api/menus/download',
    {
      schema: {
        tags,
        summary: 'Every menu as an Excel workbook',
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
      config: { permission: ['menu:list'] },
    },
    async (_request, reply) => {
      const rows = await allMenus(app.db);
      const yes = (value: boolean) => (value ? 'yes' : 'no');
      return sendXlsx(
        reply,
        {
          name: 'menus',
          columns: [
            { header: 'Title', value: (m) => m.title },
            { header: 'Type', value: (m) => ['directory', 'menu', 'button'][m.type] },
            { header: 'Path', value: (m) => m.path },
            { header: 'Page', value: (m) => m.component },
            { header: 'Permission', value: (m) => m.permission },
            { header: 'Sort', value: (m) => m.menuSort },
            { header: 'External link', value: (m) => yes(m.iFrame) },
            { header: 'Cached', value: (m) => yes(m.cache) },
            { header: 'Hidden', value: (m) => yes(m.hidden) },
            { header: 'Created', value: (m) => toMenuDto(m).createTime },
          ],
          rows: rows,
        },
        app.clock.now(),
      );
    },
  );

  app.post(
    '/api/menus',
    {
      schema: {
        tags,
        summary: 'Create a menu',
        body: MenuInput,
        response: { 201: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['menu:add'] },
    },
    async (request, reply) => {
      if (request.body.id != null) throw invalidField('id', 'must not be set when creating a menu');
      await createMenu(app, request.body, request.principal!.username);
      return reply.code(201).send();
    },
  );

  app.put(
    '/api/menus',
    {
      schema: {
        tags,
        summary: 'Update a menu',
        body: MenuInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['menu:edit'] },
    },
    async (request, reply) => {
      await updateMenu(app, request.body, request.principal!.username);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/menus',
    {
      schema: {
        tags,
        summary: 'Delete menus with all their descendants',
        body: IdList,
        response: { 200: Empty, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['menu:del'] },
    },
    async (request, reply) => {
      await deleteMenus(app, request.body);
      return reply.code(200).send();
    },
  );
}
