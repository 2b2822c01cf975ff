import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Id, Page, PageQuery } from '@water/contract/common';
import { LogQuery, OperationLog } from '@water/contract/logs';
import { and, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { operationLogs as logs } from '../../db/schema.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import { selectPage, toPaging } from '../../lib/list-query.ts';
import { formatDateTime } from '../../lib/time.ts';

const tags = ['logs'];
const sortable = { id: logs.id, createTime: logs.createTime, time: logs.time, username: logs.username };
type LogRow = typeof logs.$inferSelect;

const toDto = (row: LogRow) => ({ ...row, createTime: formatDateTime(row.createTime) as string });

function parseTime(value: string, field: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!match) throw invalidField(field, 'must look like 2026-01-31 or 2026-01-31 08:00:00', 'format');
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

/** Filters shared by the lists: free text and a creation time range. */
export function logFilters(blurry: string | undefined, createTime: string[] | undefined): SQL[] {
  const filters: SQL[] = [];
  const text = blurry?.trim();
  if (text) {
    filters.push(
      or(
        ilike(logs.username, `%${text}%`),
        ilike(logs.description, `%${text}%`),
        ilike(logs.requestIp, `%${text}%`),
      ) as SQL,
    );
  }
  if (createTime?.[0]) filters.push(gte(logs.createTime, parseTime(createTime[0], 'createTime')));
  if (createTime?.[1]) filters.push(lte(logs.createTime, parseTime(createTime[1], 'createTime')));
  return filters;
}

export async function logsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  const list = async (logType: 'INFO' | 'ERROR', query: Static<typeof LogQuery>, extra: SQL[] = []) => {
    const paging = toPaging(query, sortable, [desc(logs.id)]);
    const where = and(eq(logs.logType, logType), ...logFilters(query.blurry, query.createTime), ...extra);
    const page = await selectPage(app.db, logs, where, paging);
    return { content: page.content.map(toDto), totalElements: page.totalElements };
  };

  app.get(
    '/api/logs',
    {
      schema: {
        tags,
        summary: 'Operation log',
        querystring: LogQuery,
        response: { 200: Page(OperationLog), 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['log:list'] },
    },
    async (request) => list('INFO', request.query),
  );

  app.get(
    '/api/logs/error',
    {
      schema: {
        tags,
        summary: 'Failed operations',
        querystring: LogQuery,
        response: { 200: Page(OperationLog), 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['log:list'] },
    },
    async (request) => list('ERROR', request.query),
  );

  app.get(
    '/api/logs/error/:id',
    {
      schema: {
        tags,
        summary: 'What went wrong in a failed operation',
        params: Type.Object({ id: Id() }),
        response: {
          200: Type.Object({ exception: Type.Union([Type.String(), Type.Null()]) }),
          404: ErrorBody,
          ...authErrors,
        },
      },
      config: { permission: ['log:list'] },
    },
    async (request) => {
      const [row] = await app.db
        .select({ detail: logs.exceptionDetail })
        .from(logs)
        .where(eq(logs.id, request.params.id));
      if (!row) throw notFound(`No log entry with id ${request.params.id}`);
      return { exception: row.detail };
    },
  );

  app.get(
    '/api/logs/user',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s own recent operations',
        querystring: PageQuery,
        response: { 200: Page(OperationLog), 400: ErrorBody, ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request) => {
      const { content, totalElements } = await list('INFO', request.query, [
        eq(logs.username, request.principal!.username),
      ]);
      // Parameters may hold what others typed about this user; the own list shows what was done, not the data.
      return { content: content.map((entry) => ({ ...entry, params: null })), totalElements };
    },
  );

  for (const [kind, logType] of [
    ['info', 'INFO'],
    ['error', 'ERROR'],
  ] as const) {
    app.delete(
      `/api/logs/del/${kind}`,
      {
        schema: {
          tags,
          summary: `Clear the ${kind === 'info' ? 'operation' : 'error'} log`,
          response: { 200: Empty, ...authErrors },
        },
        config: { permission: ['admin'] },
      },
      async (_request, reply) => {
        await app.db.delete(logs).where(eq(logs.logType, logType));
        return reply.code(200).send();
      },
    );
  }
}
