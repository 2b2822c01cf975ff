import {
  Agent,
  AgentCreateInput,
  AgentFilter,
  AgentQuery,
  AgentReviewInput,
  AgentUpdateInput,
  AGENT_PERMISSIONS as P,
} from './agents.ts';
import { authErrors, Empty, ErrorBody, IdRef, Page } from './common.ts';
import { listRoutes } from './crud-routes.ts';
import { defineRoute } from './route.ts';

const tags = ['agents'];

export const agentRoutes = {
  ...listRoutes({
    path: '/api/agents',
    tags,
    summaries: {
      list: 'Agents within the caller’s data scope, filtered and paged',
      export: 'Export agents as an Excel workbook',
    },
    permissions: { list: [P.list] },
    schemas: { query: AgentQuery, page: Page(Agent), filter: AgentFilter },
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/agents/:id',
    summary: 'One agent',
    tags,
    permission: [P.list],
    params: IdRef,
    replies: { 200: Agent, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/agents',
    summary: 'Create an agent, with its department, beneath an active agent; it awaits review',
    tags,
    permission: [P.add],
    body: AgentCreateInput,
    replies: { 201: Empty, 400: ErrorBody, ...authErrors },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/agents',
    summary: 'Change an agent’s terms (a new rate applies to new orders only)',
    tags,
    permission: [P.edit],
    body: AgentUpdateInput,
    replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  review: defineRoute({
    method: 'PUT',
    path: '/api/agents/:id/review',
    summary: 'Approve, reject, freeze, unfreeze or terminate an agent',
    tags,
    permission: [P.review],
    params: IdRef,
    body: AgentReviewInput,
    replies: { 200: Agent, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
};
