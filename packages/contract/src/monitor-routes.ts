import Type from 'typebox';
import { authErrors, Empty } from './common.ts';
import { EladminMonitor, ServerStatus, StatementStats } from './logs.ts';
import { defineRoute, FileReply } from './route.ts';

const tags = ['monitor'];

export const monitorRoutes = {
  server: defineRoute({
    method: 'GET',
    path: '/api/monitor/server',
    summary: 'Server, CPU, memory, disk and database figures',
    tags,
    permission: ['monitor:list'],
    replies: { 200: ServerStatus, ...authErrors },
  }),
  eladmin: defineRoute({
    method: 'GET',
    path: '/api/monitor',
    summary: "The same figures in eladmin's shape, sizes as text (eladmin-web's server page)",
    tags,
    permission: ['monitor:list'],
    replies: { 200: EladminMonitor, ...authErrors },
  }),
  statements: defineRoute({
    method: 'GET',
    path: '/api/monitor/sql',
    summary: 'Every SQL statement run since start: count, total, average and longest time, errors',
    tags,
    permission: ['sql:list'],
    replies: { 200: Type.Array(StatementStats), ...authErrors },
  }),
  resetStatements: defineRoute({
    method: 'DELETE',
    path: '/api/monitor/sql',
    summary: 'Start the SQL figures afresh',
    tags,
    permission: ['sql:list'],
    replies: { 200: Empty, ...authErrors },
  }),
  /** Where eladmin kept its SQL monitor (eladmin-web's SQL page frames `/druid/index.html`). */
  druid: defineRoute({
    method: 'GET',
    path: '/druid',
    summary: 'A page that leads to the console’s SQL page (framed by eladmin-web’s SQL monitor)',
    tags,
    permission: 'public',
    hide: true,
    replies: { 200: FileReply(['text/html']) },
  }),
  druidFiles: defineRoute({
    method: 'GET',
    path: '/druid/*',
    summary: 'A page that leads to the console’s SQL page (framed by eladmin-web’s SQL monitor)',
    tags,
    permission: 'public',
    hide: true,
    replies: { 200: FileReply(['text/html']) },
  }),
};
