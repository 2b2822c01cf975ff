import { useQuery } from '@tanstack/react-query';
import type { Agent } from '@water/contract/agents';
import type { PageOf } from '@water/contract/common';
import { apiClient } from '@/lib/api-client.ts';
import { agentKeys } from '@/lib/query-keys.ts';

/**
 * The active agents in the user's reach, by code: those new agents are created beneath and
 * machines go to. Loaded when a form asks for them.
 */
export function useActiveAgents(enabled: boolean) {
  return useQuery({
    queryKey: agentKeys.parents(),
    queryFn: async () =>
      (
        await apiClient.get<PageOf<Agent>>('api/agents', {
          params: { status: 'ACTIVE', page: 0, size: 1000, sort: 'code,asc' },
        })
      ).data.content,
    enabled,
  });
}
