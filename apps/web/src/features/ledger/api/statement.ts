import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { ledgerKeys } from '@/lib/query-keys.ts';

/** `GET api/statements`: an agent's statement of a day (`yyyy-MM-dd`) or a month (`yyyy-MM`). */
export const useStatement = (agentId: number | undefined, period: string) =>
  useQuery({
    queryKey: ledgerKeys.statement(agentId ?? 0, period),
    queryFn: () => callApi('GET /api/statements', { query: { agentId: agentId ?? 0, period } }),
    enabled: agentId !== undefined,
    placeholderData: keepPreviousData,
  });
