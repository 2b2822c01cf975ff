import type { JobFilter } from '@water/contract/jobs';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Database } from '../../db/client.ts';
import { between, columnsOf, containsText, type Paging, selectPage } from '../../lib/list-query.ts';
import { valueTaken } from '../../lib/unique-value.ts';
import { usersJobs } from '../users/users.read-model.ts';
import { jobs } from './jobs.schema.ts';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

export const jobSortable = columnsOf(jobs, ['id', 'name', 'jobSort', 'enabled', 'createTime', 'updateTime']);
export const jobOrder = [asc(jobs.jobSort), asc(jobs.id)];

function matching(filter: Static<typeof JobFilter>) {
  return and(
    containsText([jobs.name], filter.name, { seeded: true }),
    filter.enabled === undefined ? undefined : eq(jobs.enabled, filter.enabled),
    between(jobs.createTime, filter.createTime),
  );
}

export const jobsRepository = {
  page: (db: Database, filter: Static<typeof JobFilter>, paging: Paging) =>
    selectPage(db, jobs, matching(filter), paging),

  byIds: (db: Database, ids: readonly number[]) =>
    db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [...ids])),

  /** Whether another job than `exceptId` has this name. */
  nameTaken: (db: Database, name: string, exceptId?: number) => valueTaken(db, jobs, jobs.name, name, exceptId),

  insert: (db: Database, values: NewJob) => db.insert(jobs).values(values),

  /** Answers whether the job existed. */
  update: async (db: Database, id: number, values: Partial<NewJob>) =>
    (await db.update(jobs).set(values).where(eq(jobs.id, id)).returning({ id: jobs.id })).length > 0,

  /** How many users hold each of the jobs (only jobs somebody holds). */
  holders: (db: Database, ids: readonly number[]) =>
    db
      .select({ jobId: usersJobs.jobId, n: count() })
      .from(usersJobs)
      .where(inArray(usersJobs.jobId, [...ids]))
      .groupBy(usersJobs.jobId),

  delete: (db: Database, ids: readonly number[]) => db.delete(jobs).where(inArray(jobs.id, [...ids])),
};
