import Type from 'typebox';
import { authErrors, Empty, ErrorBody, Id, Page } from './common.ts';
import { FilterRun, FilterScheduleQuery, FilterScheduleRow, FilterStages, FILTER_PERMISSIONS as P } from './filters.ts';
import { defineRoute } from './route.ts';

const tags = ['filters'];
const ById = Type.Object({ id: Id() });

export const filterRoutes = {
  schedule: defineRoute({
    method: 'GET',
    path: '/api/filters/schedule',
    summary: 'Each stage of each machine within the caller’s data scope, as the last scheduled run found it, due first',
    tags,
    permission: [P.list],
    query: FilterScheduleQuery,
    replies: { 200: Page(FilterScheduleRow), 400: ErrorBody, ...authErrors },
  }),
  run: defineRoute({
    method: 'POST',
    path: '/api/filters/schedule/run',
    summary: 'Compute the filter schedule now, making the filter-change orders of the machines due',
    tags,
    permission: [P.edit],
    replies: { 200: FilterRun, ...authErrors },
  }),
  machine: defineRoute({
    method: 'GET',
    path: '/api/filters/machines/:id',
    summary: 'A machine’s stages with their remaining life and the filter fitted',
    tags,
    permission: [P.list],
    params: ById,
    replies: { 200: Type.Array(FilterScheduleRow), 404: ErrorBody, ...authErrors },
  }),
  stages: defineRoute({
    method: 'GET',
    path: '/api/filters/models/:id/stages',
    summary: 'A machine model’s filter stages, in order',
    tags,
    permission: [P.list],
    params: ById,
    replies: { 200: FilterStages, 404: ErrorBody, ...authErrors },
  }),
  setStages: defineRoute({
    method: 'PUT',
    path: '/api/filters/models/:id/stages',
    summary: 'Set a machine model’s filter stages, in order (each code once)',
    tags,
    permission: [P.edit],
    params: ById,
    body: FilterStages,
    replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
};
