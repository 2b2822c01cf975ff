import { JobCreateInput, JobFilter, JobPage, JobQuery, JobUpdateInput } from '@water/contract/jobs';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.ts';
import type { JobsService } from './jobs.service.ts';

export async function jobsRoutes(app: FastifyInstance, { service }: { service: JobsService }) {
  crudRoutes(app, {
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
    service,
  });
}
