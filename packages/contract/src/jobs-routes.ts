import { crudRoutes } from './crud-routes.ts';
import { JobCreateInput, JobFilter, JobPage, JobQuery, JobUpdateInput } from './jobs.ts';

export const jobRoutes = crudRoutes({
  path: '/api/job',
  tags: ['jobs'],
  summaries: {
    list: 'Jobs, filtered and paged',
    export: 'Export jobs as an Excel workbook',
    create: 'Create a job',
    update: 'Update a job',
    remove: 'Delete jobs that nobody holds',
  },
  // The user form offers the jobs, so the readers of users see them too.
  permissions: {
    list: ['job:list', 'user:list'],
    export: ['job:list'],
    add: ['job:add'],
    edit: ['job:edit'],
    del: ['job:del'],
  },
  schemas: { query: JobQuery, page: JobPage, filter: JobFilter, create: JobCreateInput, update: JobUpdateInput },
});
