import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Id, Page, PageQuery } from '@water/contract/common';
import { LogFilter, LogQuery, OperationLog } from '@water/contract/logs';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { sendXlsx, XLSX_TYPE } from '../../lib/xlsx.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { LogsService } from './logs.service.ts';

const tags = ['logs'];

export async function logsRoutes(base: FastifyInstance, { service }: { service: LogsService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

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
    async (request) => service.list('INFO', request.query),
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
    async (request) => service.list('ERROR', request.query),
  );

  for (const [path, logType] of [
    ['/api/logs/download', 'INFO'],
    ['/api/logs/error/download', 'ERROR'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `Export the ${logType === 'INFO' ? 'operation' : 'error'} log`,
          querystring: LogFilter,
          produces: [XLSX_TYPE],
          response: { 400: ErrorBody, ...authErrors },
        },
        config: { permission: ['log:list'] },
      },
      async (request, reply) => sendXlsx(reply, await service.exportSheet(logType, request.query), app.clock.now()),
    );
  }

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
    async (request) => service.exception(request.params.id),
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
    async (request) => service.own(principalOf(request), request.query),
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
        await service.clear(logType);
        return reply.code(200).send();
      },
    );
  }
}
