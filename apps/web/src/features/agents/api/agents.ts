import { useQuery } from '@tanstack/react-query';
import type { Agent, AgentCreateInput, AgentReviewInput, AgentUpdateInput } from '@water/contract/agents';
import type { PageOf } from '@water/contract/common';
import type { Machine } from '@water/contract/machines';
import type { Site } from '@water/contract/sites';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { apiClient } from '@/lib/api-client.ts';
import { agentKeys, machineKeys, siteKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/agents`: the agents in the user's data scope, searched, filtered, paged and sorted. */
export function useAgents(params: ListParams) {
  return useQuery(pageQuery<Agent>('api/agents', agentKeys.list(params), params));
}

/** What an agent holds, for its details: its machines, its sites and the agents directly beneath it (first 100 of each). */
export function useAgentHoldings(agent: Agent | undefined) {
  const id = agent?.id;
  const first =
    <T>(url: string, params: Record<string, unknown>) =>
    async () =>
      (await apiClient.get<PageOf<T>>(url, { params: { ...params, page: 0, size: 100 } })).data;
  return {
    machines: useQuery({
      queryKey: [...machineKeys.all, 'of-agent', id],
      queryFn: first<Machine>('api/machines', { agentId: id, sort: 'serialNo,asc' }),
      enabled: id !== undefined,
    }),
    sites: useQuery({
      queryKey: [...siteKeys.all, 'of-agent', id],
      queryFn: first<Site>('api/sites', { agentId: id, sort: 'name,asc' }),
      enabled: id !== undefined,
    }),
    children: useQuery({
      queryKey: [...agentKeys.all, 'children', id],
      queryFn: first<Agent>('api/agents', { parentId: id, sort: 'code,asc' }),
      enabled: id !== undefined,
    }),
  };
}

/** `POST api/agents` → 201. Validation messages go to the form. */
async function createAgent(input: AgentCreateInput): Promise<void> {
  await apiClient.post('api/agents', input, { errorNotice: 'network' });
}

/** `PUT api/agents` → 204. Validation messages go to the form. */
async function updateAgent(input: AgentUpdateInput): Promise<void> {
  await apiClient.put('api/agents', input, { errorNotice: 'network' });
}

/** `PUT api/agents/{id}/review` → the agent in its new status. */
async function reviewAgent({ id, ...input }: AgentReviewInput & { id: number }): Promise<Agent> {
  return (await apiClient.put<Agent>(`api/agents/${id}/review`, input, { errorNotice: 'network' })).data;
}

export const useCreateAgent = () => useInvalidatingMutation(createAgent, [agentKeys.all]);
export const useUpdateAgent = () => useInvalidatingMutation(updateAgent, [agentKeys.all]);
export const useReviewAgent = () => useInvalidatingMutation(reviewAgent, [agentKeys.all]);
