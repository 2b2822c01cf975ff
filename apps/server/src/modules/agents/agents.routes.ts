import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AGENT_PERMISSIONS,
  Agent,
  AgentCreateInput,
  AgentFilter,
  AgentQuery,
  AgentReviewInput,
  AgentUpdateInput,
} from '@water/contract/agents';
import { authErrors, Empty, ErrorBody, Id, Page } from '@water/contract/common';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { sendXlsx, XLSX_TYPE } from '../../lib/xlsx.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AgentsService } from './agents.service.ts';

const tags = ['agents'];
const byId = Type.Object({ id: Id() });

export async function agentsRoutes(base: FastifyInstance, { service }: { service: AgentsService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/agents',
    {
      schema: {
        tags,
        summary: 'Agents within the caller’s data scope, filtered and paged',
        querystring: AgentQuery,
        response: { 200: Page(Agent), 400: ErrorBody, ...authErrors },
      },
      config: { permission: [AGENT_PERMISSIONS.list] },
    },
    async (request) => service.list(principalOf(request), request.query),
  );

  app.get(
    '/api/agents/download',
    {
      schema: {
        tags,
        summary: 'Export agents as an Excel workbook',
        querystring: AgentFilter,
        produces: [XLSX_TYPE],
        response: { 400: ErrorBody, ...authErrors },
      },
      config: { permission: [AGENT_PERMISSIONS.list] },
    },
    async (request, reply) =>
      sendXlsx(reply, await service.exportSheet(principalOf(request), request.query), app.clock.now()),
  );

  app.get(
    '/api/agents/:id',
    {
      schema: {
        tags,
        summary: 'One agent',
        params: byId,
        response: { 200: Agent, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [AGENT_PERMISSIONS.list] },
    },
    async (request) => service.get(principalOf(request), request.params.id),
  );

  app.post(
    '/api/agents',
    {
      schema: {
        tags,
        summary: 'Create an agent, with its department, beneath an active agent; it awaits review',
        body: AgentCreateInput,
        response: { 201: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: [AGENT_PERMISSIONS.add] },
    },
    async (request, reply) => {
      await service.create(principalOf(request), request.body);
      return reply.code(201).send();
    },
  );

  app.put(
    '/api/agents',
    {
      schema: {
        tags,
        summary: 'Change an agent’s terms (a new rate applies to new orders only)',
        body: AgentUpdateInput,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [AGENT_PERMISSIONS.edit] },
    },
    async (request, reply) => {
      await service.update(principalOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/agents/:id/review',
    {
      schema: {
        tags,
        summary: 'Approve, reject, freeze, unfreeze or terminate an agent',
        params: byId,
        body: AgentReviewInput,
        response: { 200: Agent, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [AGENT_PERMISSIONS.review] },
    },
    async (request) => service.review(principalOf(request), request.params.id, request.body),
  );
}
