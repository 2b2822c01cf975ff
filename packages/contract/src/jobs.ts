import Type, { type Static } from 'typebox';
import { CreateTimeRange, DateTime, Id, PageQuery } from './common.ts';

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
