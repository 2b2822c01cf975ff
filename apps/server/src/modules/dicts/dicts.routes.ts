import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Id, IdList, Page, PageQuery } from '@water/contract/common';
import { Dict, DictDetail, DictDetailInput, DictInput } from '@water/contract/dicts';
import { asc, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { dicts } from '../../db/schema.ts';
import { selectPage, sortKeys, sortRows, toPaging } from '../../lib/list-query.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import {
  createDetail,
  createDict,
  DictEntriesCache,
  deleteDetail,
  deleteDicts,
  updateDetail,
  updateDict,
  withDetails,
} from './dicts.service.ts';

const tags = ['dictionaries'];
const sortable = { id: dicts.id, name: dicts.name, createTime: dicts.createTime };

const DictQuery = Type.Intersect([PageQuery, Type.Object({ blurry: Type.Optional(Type.String({ maxLength: 255 })) })]);
const DetailQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    dictName: Type.String({ minLength: 1, maxLength: 255 }),
    label: Type.Optional(Type.String({ maxLength: 255 })),
  }),
]);

export async function dictsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const entries = new DictEntriesCache(app);

  const filterOf = (blurry: string | undefined) =>
    blurry?.trim()
      ? or(ilike(dicts.name, `%${blurry.trim()}%`), ilike(dicts.description, `%${blurry.trim()}%`))
      : undefined;

  app.get(
    '/api/dict',
    {
      schema: {
        tags,
        summary: 'Dictionaries, with their entries',
        querystring: DictQuery,
        response: { 200: Page(Dict), 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['dict:list'] },
    },
    async (request) => {
      const paging = toPaging(request.query, sortable, [asc(dicts.id)]);
      const page = await selectPage(app.db, dicts, filterOf(request.query.blurry), paging);
      return { content: await withDetails(app.db, page.content), totalElements: page.totalElements };
    },
  );

  app.get(
    '/api/dict/all',
    {
      schema: { tags, summary: 'Every dictionary', response: { 200: Type.Array(Dict), ...authErrors } },
      config: { permission: ['dict:list'] },
    },
    async () => withDetails(app.db, await app.db.select().from(dicts).orderBy(dicts.id)),
  );

  app.get(
    '/api/dict/download',
    { schema: { tags, summary: 'Every dictionary entry as an Excel workbook' }, config: { permission: ['dict:list'] } },
    async (_request, reply) => {
      const all = await withDetails(app.db, await app.db.select().from(dicts).orderBy(dicts.id));
      const rows: { dict: Dict; detail?: DictDetail }[] = all.flatMap((dict) =>
        dict.dictDetails.length > 0 ? dict.dictDetails.map((detail) => ({ dict, detail })) : [{ dict }],
      );
      return sendXlsx(
        reply,
        {
          name: 'dictionaries',
          columns: [
            { header: 'Dictionary', value: (row) => row.dict.name },
            { header: 'Description', value: (row) => row.dict.description },
            { header: 'Label', value: (row) => row.detail?.label },
            { header: 'Value', value: (row) => row.detail?.value },
            { header: 'Sort', value: (row) => row.detail?.dictSort },
            { header: 'Created', value: (row) => row.dict.createTime },
          ],
          rows: rows,
        },
        app.clock.now(),
      );
    },
  );

  app.post(
    '/api/dict',
    {
      schema: {
        tags,
        summary: 'Create a dictionary',
        body: DictInput,
        response: { 201: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['dict:add'] },
    },
    async (request, reply) => {
      await createDict(app, request.body, request.principal!.username);
      return reply.code(201).send();
    },
  );

  app.put(
    '/api/dict',
    {
      schema: {
        tags,
        summary: 'Update a dictionary',
        body: DictInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['dict:edit'] },
    },
    async (request, reply) => {
      await updateDict(app, request.body, request.principal!.username);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/dict',
    {
      schema: {
        tags,
        summary: 'Delete dictionaries and their entries',
        body: IdList,
        response: { 200: Empty, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['dict:del'] },
    },
    async (request, reply) => {
      await deleteDicts(app, request.body);
      return reply.code(200).send();
    },
  );

  app.get(
    '/api/dictDetail',
    {
      schema: {
        tags,
        summary: 'The entries of a dictionary, by sort order',
        querystring: DetailQuery,
        response: { 200: Page(DictDetail), ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request) => {
      const { dictName, label, page, size, sort } = request.query;
      const order = sortKeys(sort, ['id', 'label', 'value', 'dictSort'] as const);
      let content = sortRows(await entries.get(dictName), order);
      if (label?.trim()) content = content.filter((entry) => entry.label.includes(label.trim()));
      const totalElements = content.length;
      if (page !== undefined) content = content.slice(page * (size ?? 10), (page + 1) * (size ?? 10));
      return { content, totalElements };
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
    async (request) => {
      const names = [
        ...new Set(
          request.query.dictName
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ];
      const lists = await Promise.all(names.map((name) => entries.get(name)));
      return Object.fromEntries(names.map((name, index) => [name, lists[index] ?? []]));
    },
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
      await createDetail(app, request.body, request.principal!.username);
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
      await updateDetail(app, request.body, request.principal!.username);
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
      await deleteDetail(app, request.params.id);
      return reply.code(200).send();
    },
  );
}
