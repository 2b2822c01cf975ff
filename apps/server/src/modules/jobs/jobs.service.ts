import type { Job, JobCreateInput, JobFilter, JobUpdateInput } from '@water/contract/jobs';
import { and, asc, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { jobs, usersJobs } from '../../db/schema.ts';
import { badRequest, invalidField, notFound } from '../../lib/http-errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { containsText, createdBetween, isUniqueViolation } from '../users/list-filters.ts';

type JobRow = typeof jobs.$inferSelect;

export const jobSortable = {
  id: jobs.id,
  name: jobs.name,
  jobSort: jobs.jobSort,
  enabled: jobs.enabled,
  createTime: jobs.createTime,
  updateTime: jobs.updateTime,
};
export const jobOrder = [asc(jobs.jobSort), asc(jobs.id)];

export function toJobDto(row: JobRow): Job {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    jobSort: row.jobSort,
    createBy: row.createBy,
    updateBy: row.updateBy,
    createTime: formatDateTime(row.createTime),
    updateTime: formatDateTime(row.updateTime),
  };
}

export function jobConditions(filter: Static<typeof JobFilter>): SQL | undefined {
  return and(
    containsText([jobs.name], filter.name),
    filter.enabled === undefined ? undefined : eq(jobs.enabled, filter.enabled),
    createdBetween(jobs.createTime, filter.createTime),
  );
}

async function checkedName(app: FastifyInstance, name: string, exceptId?: number): Promise<string> {
  const trimmed = name.trim();
  if (!trimmed) throw invalidField('name', 'must not be empty', 'required');
  const same = eq(jobs.name, trimmed);
  const [taken] = await app.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(exceptId === undefined ? same : and(same, ne(jobs.id, exceptId)));
  if (taken) throw invalidField('name', `"${trimmed}" is already used by another job`, 'taken');
  return trimmed;
}

const duplicate = (name: string) => (error: unknown) => {
  throw isUniqueViolation(error) ? invalidField('name', `"${name}" is already used by another job`, 'taken') : error;
};

export async function createJob(app: FastifyInstance, actor: string, input: JobCreateInput): Promise<void> {
  const name = await checkedName(app, input.name);
  const now = app.clock.now();
  await app.db
    .insert(jobs)
    .values({
      name,
      enabled: input.enabled ?? true,
      jobSort: input.jobSort ?? 999,
      createBy: actor,
      updateBy: actor,
      createTime: now,
      updateTime: now,
    })
    .catch(duplicate(name));
}

export async function updateJob(app: FastifyInstance, actor: string, input: JobUpdateInput): Promise<void> {
  const [current] = await app.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, input.id));
  if (!current) throw notFound(`No job with id ${input.id}`);
  const name = await checkedName(app, input.name, input.id);
  await app.db
    .update(jobs)
    .set({
      name,
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      ...(input.jobSort === undefined ? {} : { jobSort: input.jobSort }),
      updateBy: actor,
      updateTime: app.clock.now(),
    })
    .where(eq(jobs.id, input.id))
    .catch(duplicate(name));
}

/** Deletes jobs that nobody holds. */
export async function deleteJobs(app: FastifyInstance, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  const rows = await app.db.select().from(jobs).where(inArray(jobs.id, wanted));
  const missing = wanted.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) throw notFound(`No job with id ${missing.join(', ')}`);
  const held = await app.db
    .select({ jobId: usersJobs.jobId, n: count() })
    .from(usersJobs)
    .where(inArray(usersJobs.jobId, wanted))
    .groupBy(usersJobs.jobId);
  if (held.length > 0) {
    const names = held.map((entry) => `"${rows.find((row) => row.id === entry.jobId)?.name}"`).join(', ');
    throw badRequest(`Users still hold the job ${names}; take it away from them before deleting it`);
  }
  await app.db.delete(jobs).where(inArray(jobs.id, wanted));
}
