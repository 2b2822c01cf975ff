import Type from 'typebox';
import { authErrors, Empty, ErrorBody, Page, PageQuery } from './common.ts';
import { XlsxFile } from './crud-routes.ts';
import { OnlineQuery, OnlineUser } from './logs.ts';
import { defineRoute } from './route.ts';

const tags = ['online users'];

export const OnlineListQuery = Type.Intersect([PageQuery, OnlineQuery]);

export const onlineRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/auth/online',
    summary: 'Users signed in now, one row per session',
    tags,
    permission: ['online:list'],
    query: OnlineListQuery,
    replies: { 200: Page(OnlineUser), ...authErrors },
  }),
  export: defineRoute({
    method: 'GET',
    path: '/auth/online/download',
    summary: 'Export the users signed in now',
    tags,
    permission: ['online:list'],
    query: OnlineQuery,
    replies: { 200: XlsxFile, 400: ErrorBody, ...authErrors },
  }),
  /** The body lists the sessions' keys. */
  kick: defineRoute({
    method: 'DELETE',
    path: '/auth/online',
    summary: 'Sign sessions out (kick out)',
    tags,
    permission: ['online:del'],
    body: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
    replies: { 200: Empty, 400: ErrorBody, ...authErrors },
  }),
};
