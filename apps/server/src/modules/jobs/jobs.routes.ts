import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, IdList } from '@water/contract/common';
import { JobCreateInput, JobFilter, JobPage, JobQuery, JobUpdateInput } from '@water/contract/jobs';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../../db/schema.ts';
import { selectPage, toPaging } from '../../lib/paging.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { createJob, deleteJobs, jobConditions, jobOrder, jobSortable, toJobDto, updateJob } from './jobs.service.ts';

const tags = ['jobs'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function jobsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/job',
    {
      schema: {
        tags,
        summary: 'Jobs, filtered and paged',
        querystring: JobQuery,
        response: { 200: JobPage, 400: ErrorBody, ...authErrors },
      },
      // The user form offers the jobs, so the readers of users see them too.
      config: { permission: ['job:list', 'user:list'] },
    },
    async (request) => {
      const where = jobConditions(request.query);
      const paging = toPaging(request.query, jobSortable, jobOrder);
      const page = await selectPage(app.db, jobs, where, paging);
      return { content: page.content.map(toJobDto), totalElements: page.totalElements };
    },
  );

  app.get(
    '/api/job/download',
    {
      schema: {
        tags,
        summary: 'Export jobs as an Excel workbook',
        querystring: JobFilter,
        produces: [XLSX],
        response: { 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['job:list'] },
    },
    async (request, reply) => {
      const { orderBy } = toPaging({ sort: request.query.sort }, jobSortable, jobOrder);
      const rows = await app.db
        .select()
        .from(jobs)
        .where(jobConditions(request.query))
        .orderBy(...orderBy);
      return sendXlsx(
        reply,
        'jobs',
        [
          { header: 'Name', value: (j) => j.name },
          { header: 'Sort', value: (j) => j.jobSort },
          { header: 'Enabled', value: (j) => (j.enabled ? 'yes' : 'no') },
          { header: 'Created', value: (j) => toJobDto(j).createTime },
        ],
        rows,
        app.clock.now(),
      );
    },
  );

  app.post(
    '/api/job',
    {
      schema: {
        tags,
        summary: 'Create a job',
        body: JobCreateInput,
        response: { 201: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['job:add'] },
    },
    async (request, reply) => {
      await createJob(app, request.principal!.username, request.body);
      return reply.code(201).send();
    },
  );

  app.put(
    '/api/job',
    {
      schema: {
        tags,
        summary: 'Update a job',
        body: JobUpdateInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['job:edit'] },
    },
    async (request, reply) => {
      await updateJob(app, request.principal!.username, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/job',
    {
      schema: {
        tags,
        summary: 'Delete jobs that nobody holds',
        body: IdList,
        response: { 200: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['job:del'] },
    },
    async (request, reply) => {
      await deleteJobs(app, request.body);
      return reply.code(200).send();
    },
  );
}
