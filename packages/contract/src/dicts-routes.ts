import Type from 'typebox';
import { authErrors, Empty, ErrorBody, IdRef, Page, PageQuery } from './common.ts';
import { crudRoutes } from './crud-routes.ts';
import { Dict, DictDetail, DictDetailInput, DictInput } from './dicts.ts';
import { defineRoute } from './route.ts';

const tags = ['dictionaries'];

export const DictQuery = Type.Intersect([
  PageQuery,
  Type.Object({ blurry: Type.Optional(Type.String({ maxLength: 255 })) }),
]);

export const DictDetailQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    dictName: Type.String({ minLength: 1, maxLength: 255 }),
    label: Type.Optional(Type.String({ maxLength: 255 })),
  }),
]);

export const dictRoutes = {
  all: defineRoute({
    method: 'GET',
    path: '/api/dict/all',
    summary: 'Every dictionary',
    tags,
    permission: ['dict:list'],
    replies: { 200: Type.Array(Dict), ...authErrors },
  }),
  ...crudRoutes({
    path: '/api/dict',
    tags,
    summaries: {
      list: 'Dictionaries, with their entries',
      export: 'Every dictionary entry as an Excel workbook',
      create: 'Create a dictionary',
      update: 'Update a dictionary',
      remove: 'Delete dictionaries and their entries',
    },
    permissions: { list: ['dict:list'], add: ['dict:add'], edit: ['dict:edit'], del: ['dict:del'] },
    schemas: { query: DictQuery, page: Page(Dict), filter: Type.Object({}), create: DictInput, update: DictInput },
  }),
};

/** A dictionary's entries, which every signed-in user reads (dropdowns, labels). */
export const dictDetailRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/dictDetail',
    summary: 'The entries of a dictionary, by sort order',
    tags,
    permission: 'signed-in',
    query: DictDetailQuery,
    replies: { 200: Page(DictDetail), 400: ErrorBody, ...authErrors },
  }),
  byNames: defineRoute({
    method: 'GET',
    path: '/api/dictDetail/map',
    summary: 'The entries of several dictionaries at once: dictName=a,b',
    tags,
    permission: 'signed-in',
    query: Type.Object({ dictName: Type.String({ minLength: 1, maxLength: 2000 }) }),
    replies: { 200: Type.Record(Type.String(), Type.Array(DictDetail)), ...authErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/dictDetail',
    summary: 'Add an entry to a dictionary',
    tags,
    permission: ['dict:add'],
    body: DictDetailInput,
    replies: { 201: Empty, 400: ErrorBody, ...authErrors },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/dictDetail',
    summary: 'Update a dictionary entry',
    tags,
    permission: ['dict:edit'],
    body: DictDetailInput,
    replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  /** One entry by its id in the path, as eladmin deletes entries (not a list of ids in the body). */
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/dictDetail/:id',
    summary: 'Delete a dictionary entry',
    tags,
    permission: ['dict:del'],
    params: IdRef,
    replies: { 200: Empty, 404: ErrorBody, ...authErrors },
  }),
};
