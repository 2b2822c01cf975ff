import Type from 'typebox';
import { authErrors, Empty, ErrorBody, IdRef } from './common.ts';
import { crudRoutes } from './crud-routes.ts';
import {
  Role,
  RoleCreateInput,
  RoleFilter,
  RoleLevel,
  RoleMenusInput,
  RolePage,
  RoleQuery,
  RoleUpdateInput,
} from './roles.ts';
import { defineRoute } from './route.ts';

const tags = ['roles'];

export const roleRoutes = {
  all: defineRoute({
    method: 'GET',
    path: '/api/roles/all',
    summary: 'Every role, best level first (for the user form)',
    tags,
    permission: ['roles:list', 'user:add', 'user:edit'],
    replies: { 200: Type.Array(Role), ...authErrors },
  }),
  level: defineRoute({
    method: 'GET',
    path: '/api/roles/level',
    summary: 'The best (lowest) role level of the caller',
    tags,
    permission: 'signed-in',
    replies: { 200: RoleLevel, ...authErrors },
  }),
  ...crudRoutes({
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
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/roles/:id',
    summary: 'One role with its departments and menus',
    tags,
    permission: ['roles:list'],
    params: IdRef,
    replies: { 200: Role, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  updateMenus: defineRoute({
    method: 'PUT',
    path: '/api/roles/menu',
    summary: 'Set the menus and buttons a role grants',
    tags,
    permission: ['roles:edit'],
    body: RoleMenusInput,
    replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
};
