import Type from 'typebox';
import { authErrors, Empty, ErrorBody, IdRef, Page, PageQuery } from './common.ts';
import { XlsxFile } from './crud-routes.ts';
import { LogFilter, LogQuery, OperationLog } from './logs.ts';
import { defineRoute } from './route.ts';

const tags = ['logs'];

export const logRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/logs',
    summary: 'Operation log',
    tags,
    permission: ['log:list'],
    query: LogQuery,
    replies: { 200: Page(OperationLog), 400: ErrorBody, ...authErrors },
  }),
  errors: defineRoute({
    method: 'GET',
    path: '/api/logs/error',
    summary: 'Failed operations',
    tags,
    permission: ['log:list'],
    query: LogQuery,
    replies: { 200: Page(OperationLog), 400: ErrorBody, ...authErrors },
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/logs/download',
    summary: 'Export the operation log',
    tags,
    permission: ['log:list'],
    query: LogFilter,
    replies: { 200: XlsxFile, 400: ErrorBody, ...authErrors },
  }),
  exportErrors: defineRoute({
    method: 'GET',
    path: '/api/logs/error/download',
    summary: 'Export the error log',
    tags,
    permission: ['log:list'],
    query: LogFilter,
    replies: { 200: XlsxFile, 400: ErrorBody, ...authErrors },
  }),
  errorDetail: defineRoute({
    method: 'GET',
    path: '/api/logs/error/:id',
    summary: 'What went wrong in a failed operation',
    tags,
    permission: ['log:list'],
    params: IdRef,
    replies: {
      200: Type.Object({ exception: Type.Union([Type.String(), Type.Null()]) }),
      404: ErrorBody,
      ...authErrors,
    },
  }),
  own: defineRoute({
    method: 'GET',
    path: '/api/logs/user',
    summary: 'The signed-in user’s own recent operations',
    tags,
    permission: 'signed-in',
    query: PageQuery,
    replies: { 200: Page(OperationLog), 400: ErrorBody, ...authErrors },
  }),
  clear: defineRoute({
    method: 'DELETE',
    path: '/api/logs/del/info',
    summary: 'Clear the operation log',
    tags,
    permission: ['admin'],
    replies: { 200: Empty, ...authErrors },
  }),
  clearErrors: defineRoute({
    method: 'DELETE',
    path: '/api/logs/del/error',
    summary: 'Clear the error log',
    tags,
    permission: ['admin'],
    replies: { 200: Empty, ...authErrors },
  }),
};
