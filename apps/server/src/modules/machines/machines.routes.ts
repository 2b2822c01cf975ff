import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Id, IdList, Page } from '@water/contract/common';
import {
  Allocation,
  AllocationDone,
  AllocationInput,
  DEVICE_PERMISSIONS,
  IMPORT_COLUMNS,
  LifecycleInput,
  Machine,
  MachineModel,
  MachineModelCreateInput,
  MachineModelQuery,
  MachineModelUpdateInput,
  MachineQuery,
  MachineRegistered,
  MachineRegisterInput,
  MachineStatus,
  MachineStatusQuery,
  MachinesImported,
  RecallInput,
} from '@water/contract/machines';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { readUpload } from '../../lib/uploads.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { MachinesService } from './machines.service.ts';

const tags = ['machines'];
const byId = Type.Object({ id: Id() });
const P = DEVICE_PERMISSIONS;

export async function machinesRoutes(base: FastifyInstance, { service }: { service: MachinesService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/machine-models',
    {
      schema: {
        tags,
        summary: 'Machine models, with how many machines each',
        querystring: MachineModelQuery,
        response: { 200: Page(MachineModel), 400: ErrorBody, ...authErrors },
      },
      config: { permission: [P.list] },
    },
    async (request) => service.listModels(request.query),
  );
  app.post(
    '/api/machine-models',
    {
      schema: {
        tags,
        summary: 'Create a machine model',
        body: MachineModelCreateInput,
        response: { 201: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: [P.add] },
    },
    async (request, reply) => {
      await service.createModel(principalOf(request), request.body);
      return reply.code(201).send();
    },
  );
  app.put(
    '/api/machine-models',
    {
      schema: {
        tags,
        summary: 'Update a machine model',
        body: MachineModelUpdateInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [P.edit] },
    },
    async (request, reply) => {
      await service.updateModel(principalOf(request), request.body);
      return reply.code(204).send();
    },
  );
  app.delete(
    '/api/machine-models',
    {
      schema: {
        tags,
        summary: 'Delete machine models no machine is of',
        body: IdList,
        response: { 200: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [P.del] },
    },
    async (request, reply) => {
      await service.removeModels(request.body);
      return reply.code(200).send();
    },
  );

  app.post(
    '/api/machines/import',
    {
      schema: {
        tags,
        summary: `Register the machines of an xlsx or CSV sheet (${IMPORT_COLUMNS.join(', ')}), all or none`,
        consumes: ['multipart/form-data'],
        uploadField: 'file',
        response: { 201: MachinesImported, 400: ErrorBody, 413: ErrorBody, ...authErrors },
      },
      config: { permission: [P.add] },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.importSerials(principalOf(request), await readUpload(request, 'file', 5 * 1024 * 1024))),
  );
  app.get(
    '/api/machines',
    {
      schema: {
        tags,
        summary: 'Machines within the caller’s data scope (the company’s stock: unrestricted scopes only)',
        querystring: MachineQuery,
        response: { 200: Page(Machine), 400: ErrorBody, ...authErrors },
      },
      config: { permission: [P.list] },
    },
    async (request) => service.list(principalOf(request), request.query),
  );
  app.get(
    '/api/machines/:id',
    {
      schema: {
        tags,
        summary: 'One machine',
        params: byId,
        response: { 200: Machine, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [P.list] },
    },
    async (request) => service.get(principalOf(request), request.params.id),
  );
  app.get(
    '/api/machines/:id/status',
    {
      schema: {
        tags,
        summary: 'A machine’s runtime, prices, today’s sales and its sales per hour, day or month',
        params: byId,
        querystring: MachineStatusQuery,
        response: { 200: MachineStatus, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [P.list] },
    },
    async (request) => service.status(principalOf(request), request.params.id, request.query.period),
  );
  app.get(
    '/api/machines/:id/allocations',
    {
      schema: {
        tags,
        summary: 'A machine’s allocations, recalls and transfers, newest first',
        params: byId,
        response: { 200: Type.Array(Allocation), 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [P.list] },
    },
    async (request) => service.allocations(principalOf(request), request.params.id),
  );
  app.post(
    '/api/machines',
    {
      schema: {
        tags,
        summary: 'Register a machine into stock; its gateway secret is answered this once',
        body: MachineRegisterInput,
        response: { 201: MachineRegistered, 400: ErrorBody, ...authErrors },
      },
      config: { permission: [P.add] },
    },
    async (request, reply) => reply.code(201).send(await service.register(principalOf(request), request.body)),
  );
  for (const [path, summary, run] of [
    ['allocate', 'Allocate machines from stock to an agent, within its quota', service.allocate],
    ['transfer', 'Transfer machines not yet installed to another agent', service.transfer],
  ] as const) {
    app.post(
      `/api/machines/${path}`,
      {
        schema: {
          tags,
          summary,
          body: AllocationInput,
          response: { 200: AllocationDone, 400: ErrorBody, ...authErrors },
        },
        config: { permission: [P.allocate] },
      },
      async (request) => run(principalOf(request), request.body),
    );
  }
  app.put(
    '/api/machines/:id/lifecycle',
    {
      schema: {
        tags,
        summary: 'Install a machine at a site, suspend, resume, retire, restock or scrap it',
        params: byId,
        body: LifecycleInput,
        response: { 200: Machine, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [P.operate] },
    },
    async (request) => service.changeLifecycle(principalOf(request), request.params.id, request.body),
  );
  app.post(
    '/api/machines/recall',
    {
      schema: {
        tags,
        summary: 'Recall machines not yet installed back to stock',
        body: RecallInput,
        response: { 200: AllocationDone, 400: ErrorBody, ...authErrors },
      },
      config: { permission: [P.allocate] },
    },
    async (request) => service.recall(principalOf(request), request.body),
  );
}
