import { authErrors, ErrorBody, IdList } from './common.ts';
import { crudRoutes } from './crud-routes.ts';
import { DeptCreateInput, DeptFilter, DeptPage, DeptQuery, DeptTree, DeptUpdateInput } from './depts.ts';
import { defineRoute } from './route.ts';

const tags = ['departments'];
/** The user page filters by department, so its readers see the tree too. */
const readers = ['dept:list', 'user:list'] as const;

export const deptRoutes = {
  ...crudRoutes({
    path: '/api/dept',
    tags,
    summaries: {
      list: 'Departments in the caller’s data scope: top level, children of pid, or matches of a search',
      export: 'Export departments as an Excel workbook',
      create: 'Create a department',
      update: 'Update or move a department',
      remove: 'Delete departments with all their sub-departments',
    },
    permissions: { list: readers, export: ['dept:list'], add: ['dept:add'], edit: ['dept:edit'], del: ['dept:del'] },
    schemas: { query: DeptQuery, page: DeptPage, filter: DeptFilter, create: DeptCreateInput, update: DeptUpdateInput },
  }),
  /** A read sent as POST: not an operation, not in the operation log. */
  superior: defineRoute({
    method: 'POST',
    path: '/api/dept/superior',
    summary: 'The top level plus the siblings of each department and of its ancestors, as a tree',
    tags,
    permission: readers,
    body: IdList,
    replies: { 200: DeptTree, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
};
