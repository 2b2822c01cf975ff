import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty } from '@water/contract/common';
import { EladminMonitor, ServerStatus, StatementStats } from '@water/contract/logs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import Type from 'typebox';
import type { MonitorService } from './monitor.service.ts';

export async function monitorRoutes(base: FastifyInstance, { service }: { service: MonitorService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/monitor/server',
    {
      schema: {
        tags: ['monitor'],
        summary: 'Server, CPU, memory, disk and database figures',
        response: { 200: ServerStatus, ...authErrors },
      },
      config: { permission: ['monitor:list'] },
    },
    async () => service.server(),
  );

  app.get(
    '/api/monitor',
    {
      schema: {
        tags: ['monitor'],
        summary: "The same figures in eladmin's shape, sizes as text (eladmin-web's server page)",
        response: { 200: EladminMonitor, ...authErrors },
      },
      config: { permission: ['monitor:list'] },
    },
    async () => service.eladmin(),
  );

  app.get(
    '/api/monitor/sql',
    {
      schema: {
        tags: ['monitor'],
        summary: 'Every SQL statement run since start: count, total, average and longest time, errors',
        response: { 200: Type.Array(StatementStats), ...authErrors },
      },
      config: { permission: ['sql:list'] },
    },
    async () => service.statements(),
  );

  app.delete(
    '/api/monitor/sql',
    {
      schema: { tags: ['monitor'], summary: 'Start the SQL figures afresh', response: { 200: Empty, ...authErrors } },
      config: { permission: ['sql:list'] },
    },
    async (_request, reply) => {
      service.resetStatements();
      return reply.code(200).send();
    },
  );
}

/** The console's SQL page: the seeded menu `monitor` > `sql`. */
export const SQL_PAGE_PATH = '/monitor/sql';

/**
 * `/druid` and everything below it, where eladmin kept its SQL monitor (eladmin-web's SQL page
 * frames `/druid/index.html`), lead to the console's SQL page.
 */
export async function druidRedirect(app: FastifyInstance) {
  const toSqlPage = (_request: unknown, reply: FastifyReply) => reply.redirect(SQL_PAGE_PATH, 302);
  app.get('/druid', { schema: { hide: true } }, toSqlPage);
  app.get('/druid/*', { schema: { hide: true } }, toSqlPage);
}
