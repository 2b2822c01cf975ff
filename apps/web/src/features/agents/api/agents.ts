import { useQuery } from '@tanstack/react-query';
import type { Agent, AgentCreateInput, AgentReviewInput, AgentUpdateInput } from '@water/contract/agents';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { apiClient } from '@/lib/api-client.ts';
import { agentKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/agents`: the agents in the user's data scope, searched, filtered, paged and sorted. */
export function useAgents(params: ListParams) {
  return useQuery(pageQuery<Agent>('api/agents', agentKeys.list(params), params));
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
