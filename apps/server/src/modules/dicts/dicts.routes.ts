import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Id, Page, PageQuery } from '@water/contract/common';
import { Dict, DictDetail, DictDetailInput, DictInput } from '@water/contract/dicts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { sendReady } from '../../lib/ready-answer.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { DictsService } from './dicts.service.ts';

const tags = ['dictionaries'];

const DictQuery = Type.Intersect([PageQuery, Type.Object({ blurry: Type.Optional(Type.String({ maxLength: 255 })) })]);
const DetailQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    dictName: Type.String({ minLength: 1, maxLength: 255 }),
    label: Type.Optional(Type.String({ maxLength: 255 })),
  }),
]);

export async function dictsRoutes(base: FastifyInstance, { service }: { service: DictsService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/dict/all',
    {
      schema: { tags, summary: 'Every dictionary', response: { 200: Type.Array(Dict), ...authErrors } },
      config: { permission: ['dict:list'] },
    },
    async () => service.all(),
  );

  crudRoutes(base, {
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
    service,
  });

  app.get(
    '/api/dictDetail',
    {
      schema: {
        tags,
        summary: 'The entries of a dictionary, by sort order',
        querystring: DetailQuery,
        response: { 200: Page(DictDetail), 400: ErrorBody, ...authErrors },
      },
      config: { permission: 'signed-in' },
      // A ready answer is compressed once, when it is made (lib/ready-answer.ts).
      compress: false,
    },
    async (request, reply) => {
      const { query } = request;
      return sendReady(request, reply, await service.entriesAnswer(query), service.entriesAnswerInMemory(query));
    },
  );

  app.get(
    '/api/dictDetail/map',
    {
      schema: {
        tags,
        summary: 'The entries of several dictionaries at once: dictName=a,b',
        querystring: Type.Object({ dictName: Type.String({ minLength: 1, maxLength: 2000 }) }),
        response: { 200: Type.Record(Type.String(), Type.Array(DictDetail)), ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request) => service.entriesByName(request.query.dictName),
  );

  app.post(
    '/api/dictDetail',
    {
      schema: {
        tags,
        summary: 'Add an entry to a dictionary',
        body: DictDetailInput,
        response: { 201: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['dict:add'] },
    },
    async (request, reply) => {
      await service.createEntry(principalOf(request), request.body);
      return reply.code(201).send();
    },
  );

  app.put(
    '/api/dictDetail',
    {
      schema: {
        tags,
        summary: 'Update a dictionary entry',
        body: DictDetailInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['dict:edit'] },
    },
    async (request, reply) => {
      await service.updateEntry(principalOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/dictDetail/:id',
    {
      schema: {
        tags,
        summary: 'Delete a dictionary entry',
        params: Type.Object({ id: Id() }),
        response: { 200: Empty, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['dict:del'] },
    },
    async (request, reply) => {
      await service.removeEntry(request.params.id);
      return reply.code(200).send();
    },
  );
}
