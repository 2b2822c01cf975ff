import { useQuery } from '@tanstack/react-query';
import type { Agent, AgentCreateInput, AgentReviewInput, AgentUpdateInput } from '@water/contract/agents';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { agentKeys, machineKeys, siteKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/agents`: the agents in the user's data scope, searched, filtered, paged and sorted. */
export function useAgents(params: RouteListParams<'GET /api/agents'>) {
  return useQuery(pageQuery('GET /api/agents', agentKeys.list(params), params));
}

/** What an agent holds, for its details: its machines, its sites and the agents directly beneath it (first 100 of each). */
export function useAgentHoldings(agent: Agent | undefined) {
  const id = agent?.id;
  const first = { page: 0, size: 100 };
  return {
    machines: useQuery({
      queryKey: [...machineKeys.all, 'of-agent', id],
      queryFn: () => callApi('GET /api/machines', { query: { agentId: id, sort: 'serialNo,asc', ...first } }),
      enabled: id !== undefined,
    }),
    sites: useQuery({
      queryKey: [...siteKeys.all, 'of-agent', id],
      queryFn: () => callApi('GET /api/sites', { query: { agentId: id, sort: 'name,asc', ...first } }),
      enabled: id !== undefined,
    }),
    children: useQuery({
      queryKey: [...agentKeys.all, 'children', id],
      queryFn: () => callApi('GET /api/agents', { query: { parentId: id, sort: 'code,asc', ...first } }),
      enabled: id !== undefined,
    }),
  };
}

/** `POST api/agents` → 201. Validation messages go to the form. */
async function createAgent(input: AgentCreateInput): Promise<void> {
  await callApi('POST /api/agents', { body: input }, { errorNotice: 'network' });
}

/** `PUT api/agents` → 204. Validation messages go to the form. */
async function updateAgent(input: AgentUpdateInput): Promise<void> {
  await callApi('PUT /api/agents', { body: input }, { errorNotice: 'network' });
}

/** `PUT api/agents/{id}/review` → the agent in its new status. */
const reviewAgent = ({ id, ...input }: AgentReviewInput & { id: number }) =>
  callApi('PUT /api/agents/:id/review', { params: { id }, body: input }, { errorNotice: 'network' });

export const useCreateAgent = () => useInvalidatingMutation(createAgent, [agentKeys.all]);
export const useUpdateAgent = () => useInvalidatingMutation(updateAgent, [agentKeys.all]);
export const useReviewAgent = () => useInvalidatingMutation(reviewAgent, [agentKeys.all]);
