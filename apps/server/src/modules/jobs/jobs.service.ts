import { JOB_COLUMNS, Job, type JobCreateInput, type JobQuery, type JobUpdateInput } from '@water/contract/jobs';
import type { Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, emptyField, invalidField, noSuch, notFound, takenBy } from '../../lib/http-errors.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { quotedNames } from '../../lib/texts.ts';
import { wireMapper } from '../../lib/wire.ts';
import { type JobRow, jobOrder, jobSortable, jobsRepository as repo } from './jobs.repository.ts';

export const toJobDto = wireMapper(Job);

const nameTaken = (name: string) => invalidField('name', takenBy('job', name), 'taken', { value: name });

export type JobsService = ReturnType<typeof createJobsService>;

/** Jobs (positions) users hold: names unique, a held job cannot be deleted. */
export function createJobsService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  async function checkedName(name: string, exceptId?: number): Promise<string> {
    const trimmed = name.trim();
    if (!trimmed) throw emptyField('name');
    if (await repo.nameTaken(db, trimmed, exceptId)) throw nameTaken(trimmed);
    return trimmed;
  }
  // Two requests may race past the check: the unique index has the last word.
  const refuseDuplicate = (name: string) => (error: unknown) => {
    throw isUniqueViolation(error) ? nameTaken(name) : error;
  };

  return {
    ...declaredList<Principal, JobQuery, JobRow, Job>({
      name: 'jobs',
      columns: JOB_COLUMNS,
      sortable: jobSortable,
      order: jobOrder,
      read: (_principal, filter, paging) => repo.page(db, filter, paging),
      toWire: toJobDto,
    }),

    async create(principal: Principal, input: JobCreateInput): Promise<void> {
      const name = await checkedName(input.name);
      const now = clock.now();
      await repo
        .insert(db, {
          name,
          enabled: input.enabled ?? true,
          jobSort: input.jobSort ?? 999,
          createBy: principal.username,
          updateBy: principal.username,
          createTime: now,
          updateTime: now,
        })
        .catch(refuseDuplicate(name));
    },

    async update(principal: Principal, input: JobUpdateInput): Promise<void> {
      const name = await checkedName(input.name, input.id);
      const updated = await repo
        .update(db, input.id, {
          name,
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          ...(input.jobSort === undefined ? {} : { jobSort: input.jobSort }),
          updateBy: principal.username,
          updateTime: clock.now(),
        })
        .catch(refuseDuplicate(name));
      if (!updated) throw notFound(noSuch('job', input.id));
    },

    /** Deletes jobs that nobody holds. */
    async remove(_principal: Principal, ids: number[]): Promise<void> {
      const wanted = [...new Set(ids)];
      const rows = await repo.byIds(db, wanted);
      const missing = wanted.filter((id) => !rows.some((row) => row.id === id));
      if (missing.length > 0) throw notFound(noSuch('job', missing.join(', ')));
      const held = await repo.holders(db, wanted);
      if (held.length > 0) {
        const names = held.map((entry) => rows.find((row) => row.id === entry.jobId)?.name ?? '');
        throw badRequest({ key: 'errors.jobs.held', values: { names: quotedNames(names) } });
      }
      await repo.delete(db, wanted);
    },
  };
}
