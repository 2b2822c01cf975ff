import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, IdList } from '@water/contract/common';
import { DeptCreateInput, DeptFilter, DeptPage, DeptQuery, DeptTree, DeptUpdateInput } from '@water/contract/depts';
import type { FastifyInstance } from 'fastify';
import { depts } from '../../db/schema.ts';
import { selectPage, toPaging } from '../../lib/list-query.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { principalOf } from '../../plugins/auth.ts';
import { deptOrder, toDeptDto } from './depts.repository.ts';
import { createDept, deleteDepts, deptConditions, superiorTree, updateDept } from './depts.service.ts';

const tags = ['departments'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const sortable = {
  id: depts.id,
  name: depts.name,
  deptSort: depts.deptSort,
  enabled: depts.enabled,
  createTime: depts.createTime,
  updateTime: depts.updateTime,
};

export async function deptsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/dept',
    {
      schema: {
        tags,
        summary: 'Departments in the caller’s data scope: top level, children of pid, or matches of a search',
        description: 'Without `page`, every matching department (still as `{content, totalElements}`).',
        querystring: DeptQuery,
        response: { 200: DeptPage, 400: ErrorBody, ...authErrors },
      },
      // The user page filters by department, so its readers see the tree too.
      config: { permission: ['dept:list', 'user:list'] },
    },
    async (request) => {
      const caller = principalOf(request);
      const where = deptConditions(caller, request.query);
      const paging = toPaging(request.query, sortable, deptOrder);
      const page = await selectPage(app.db, depts, where, paging);
      return { content: page.content.map(toDeptDto), totalElements: page.totalElements };
    },
  );

  app.post(
    '/api/dept/superior',
    {
      schema: {
        tags,
        summary: 'The top level plus the siblings of each department and of its ancestors, as a tree',
        body: IdList,
        response: { 200: DeptTree, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['dept:list', 'user:list'] },
    },
    async (request) => superiorTree(app, request.body),
  );

  app.get(
    '/api/dept/download',
    {
      schema: {
        tags,
        summary: 'Export departments as an Excel workbook',
        querystring: DeptFilter,
        produces: [XLSX],
        response: { 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['dept:list'] },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      const { orderBy } = toPaging({ sort: request.query.sort }, sortable, deptOrder);
      const rows = await app.db
        .select()
        .from(depts)
        .where(deptConditions(caller, request.query, true))
        .orderBy(...orderBy);
      const names = new Map(rows.map((row) => [row.id, row.name]));
      return sendXlsx(
        reply,
        {
          name: 'departments',
          columns: [
            { header: 'Name', value: (d) => d.name },
            { header: 'Parent', value: (d) => (d.pid === null ? null : (names.get(d.pid) ?? d.pid)) },
            { header: 'Sort', value: (d) => d.deptSort },
            { header: 'Enabled', value: (d) => (d.enabled ? 'yes' : 'no') },
            { header: 'Created', value: (d) => toDeptDto(d).createTime },
          ],
          rows: rows,
        },
        app.clock.now(),
      );
    },
  );

  app.post(
    '/api/dept',
    {
      schema: {
        tags,
        summary: 'Create a department',
        body: DeptCreateInput,
        response: { 201: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['dept:add'] },
    },
    async (request, reply) => {
      await createDept(app, principalOf(request), request.body);
      return reply.code(201).send();
    },
  );

  app.put(
    '/api/dept',
    {
      schema: {
        tags,
        summary: 'Update or move a department',
        body: DeptUpdateInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['dept:edit'] },
    },
    async (request, reply) => {
      await updateDept(app, principalOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/dept',
    {
      schema: {
        tags,
        summary: 'Delete departments with all their sub-departments',
        body: IdList,
        response: { 200: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['dept:del'] },
    },
    async (request, reply) => {
      await deleteDepts(app, principalOf(request), request.body);
      return reply.code(200).send();
    },
  );
}
