import Type, { type Static } from 'typebox';
import { CreateTimeRange, DateTime, Id, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';

export const Job = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  jobSort: Type.Integer(),
  createBy: Type.Union([Type.String(), Type.Null()]),
  updateBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type Job = Static<typeof Job>;

/** The jobs' list, on the page and in its Excel file. */
export const JOB_COLUMNS = listColumns<Job>()({
  name: { field: 'name', title: 'jobs.name', sortable: true },
  jobSort: { field: 'jobSort', title: 'jobs.sort', sortable: true, width: 100 },
  enabled: {
    field: 'enabled',
    title: 'jobs.status',
    kind: 'enum',
    labels: 'jobs.statuses',
    sortable: true,
    width: 110,
  },
  createTime: { field: 'createTime', title: 'list.createTime', sortable: true, width: 180 },
});

export const JobPage = Type.Object({
  content: Type.Array(Job),
  totalElements: Type.Integer({ minimum: 0 }),
});

export const JobQuery = Type.Object({
  ...PageQuery.properties,
  name: Type.Optional(Type.String({ maxLength: 255, description: 'part of the name' })),
  enabled: Type.Optional(Type.Boolean()),
  createTime: Type.Optional(CreateTimeRange),
});
export type JobQuery = Static<typeof JobQuery>;

/** Filters of the Excel export: those of the list, without paging. */
export const JobFilter = Type.Object({
  name: JobQuery.properties.name,
  enabled: JobQuery.properties.enabled,
  createTime: JobQuery.properties.createTime,
  sort: PageQuery.properties.sort,
});

const jobFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  /** Absent: enabled for a new job, unchanged for an existing one. */
  enabled: Type.Optional(Type.Boolean()),
  /** Absent: 999 for a new job, unchanged for an existing one. */
  jobSort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
};

/** eladmin clients send `id: null` when creating. */
export const JobCreateInput = Type.Object({ id: Type.Optional(Type.Null()), ...jobFields });
export type JobCreateInput = Static<typeof JobCreateInput>;

export const JobUpdateInput = Type.Object({ id: Id(), ...jobFields });
export type JobUpdateInput = Static<typeof JobUpdateInput>;
