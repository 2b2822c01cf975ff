import Type from 'typebox';
import { authErrors, ErrorBody, Id, Page, PageQuery, ParentId } from './common.ts';
import { crudRoutes } from './crud-routes.ts';
import { Menu, MenuInput, MenuRoute, MenuTreeNode } from './menus.ts';
import { defineRoute } from './route.ts';

const tags = ['menus'];
const pickers = ['menu:list', 'roles:list'] as const;

/** A menu with the menus below it, for the parent picker. */
export const MenuWithChildren = Type.Cyclic(
  { MenuNode: Type.Intersect([Menu, Type.Object({ children: Type.Optional(Type.Array(Type.Ref('MenuNode'))) })]) },
  'MenuNode',
);

export const MenuQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    pid: Type.Optional(ParentId()),
    blurry: Type.Optional(Type.String({ maxLength: 255 })),
  }),
]);

export const menuRoutes = {
  build: defineRoute({
    method: 'GET',
    path: '/api/menus/build',
    summary: 'Router tree of the signed-in user',
    tags,
    permission: 'signed-in',
    replies: { 200: Type.Array(MenuRoute), ...authErrors },
  }),
  tree: defineRoute({
    method: 'GET',
    path: '/api/menus/tree',
    summary: 'Every menu as a tree, for pickers',
    tags,
    permission: pickers,
    replies: { 200: Type.Array(MenuTreeNode), ...authErrors },
  }),
  ...crudRoutes({
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
  }),
  children: defineRoute({
    method: 'GET',
    path: '/api/menus/lazy',
    summary: 'The children of a menu (pid 0: the top level)',
    tags,
    permission: pickers,
    query: Type.Object({ pid: Type.Optional(ParentId()) }),
    replies: { 200: Type.Array(Menu), ...authErrors },
  }),
  subtree: defineRoute({
    method: 'GET',
    path: '/api/menus/child',
    summary: 'Ids of a menu and all its descendants',
    tags,
    permission: pickers,
    query: Type.Object({ id: Id() }),
    replies: { 200: Type.Array(Type.Integer()), ...authErrors },
  }),
  /** A read sent as POST: not an operation, not in the operation log. */
  superior: defineRoute({
    method: 'POST',
    path: '/api/menus/superior',
    summary: 'The top level plus the siblings of each menu and of its ancestors, as a tree',
    tags,
    permission: ['menu:list'],
    body: Type.Array(Id(), { maxItems: 1000 }),
    replies: { 200: Type.Array(MenuWithChildren), 404: ErrorBody, ...authErrors },
  }),
};
