import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ALARM_PERMISSIONS, Alarm, AlarmActionInput, AlarmQuery } from '@water/contract/alarms';
import { authErrors, Empty, ErrorBody, Page } from '@water/contract/common';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { listRoutes } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AlarmsService } from './alarms.service.ts';

const tags = ['alarms'];
const { page: _page, size: _size, ...filterFields } = AlarmQuery.properties;

export async function alarmsRoutes(base: FastifyInstance, { service }: { service: AlarmsService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  listRoutes(app, {
    path: '/api/alarms',
    tags,
    summaries: {
      list: 'Alarms of the machines within the caller’s data scope, filtered and paged',
      export: 'Export alarms as an Excel workbook',
    },
    permissions: { list: [ALARM_PERMISSIONS.list] },
    schemas: { query: AlarmQuery, page: Page(Alarm), filter: Type.Object(filterFields) },
    service,
  });
  app.put(
    '/api/alarms',
    {
      schema: {
        tags,
        summary: 'Acknowledge or resolve alarms',
        body: AlarmActionInput,
        response: { 200: Empty, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
      },
      config: { permission: [ALARM_PERMISSIONS.edit] },
    },
    async (request, reply) => {
      await service.act(principalOf(request), request.body);
      return reply.code(200).send();
    },
  );
}
