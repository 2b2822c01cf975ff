import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { agentKeys } from '@/lib/query-keys.ts';

/**
 * The active agents in the user's reach, by code: those new agents are created beneath and
 * machines go to. Loaded when a form asks for them.
 */
export function useActiveAgents(enabled: boolean) {
  return useQuery({
    queryKey: agentKeys.parents(),
    queryFn: async () =>
      (await callApi('GET /api/agents', { query: { status: 'ACTIVE', page: 0, size: 1000, sort: 'code,asc' } }))
        .content,
    enabled,
  });
}
