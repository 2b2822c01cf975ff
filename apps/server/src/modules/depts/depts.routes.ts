import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, ErrorBody, IdList } from '@water/contract/common';
import { DeptCreateInput, DeptFilter, DeptPage, DeptQuery, DeptTree, DeptUpdateInput } from '@water/contract/depts';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { DeptsService } from './depts.service.ts';

const tags = ['departments'];

export async function deptsRoutes(base: FastifyInstance, { service }: { service: DeptsService }) {
  crudRoutes(base, {
    path: '/api/dept',
    tags,
    summaries: {
      list: 'Departments in the caller’s data scope: top level, children of pid, or matches of a search',
      export: 'Export departments as an Excel workbook',
      create: 'Create a department',
      update: 'Update or move a department',
      remove: 'Delete departments with all their sub-departments',
    },
    // The user page filters by department, so its readers see the tree too.
    permissions: {
      list: ['dept:list', 'user:list'],
      export: ['dept:list'],
      add: ['dept:add'],
      edit: ['dept:edit'],
      del: ['dept:del'],
    },
    schemas: { query: DeptQuery, page: DeptPage, filter: DeptFilter, create: DeptCreateInput, update: DeptUpdateInput },
    service,
  });

  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/dept/superior',
    {
      schema: {
        tags,
        summary: 'The top level plus the siblings of each department and of its ancestors, as a tree',
        body: IdList,
        response: { 200: DeptTree, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['dept:list', 'user:list'], readOnly: true },
    },
    async (request) => service.superior(principalOf(request), request.body),
  );
}
