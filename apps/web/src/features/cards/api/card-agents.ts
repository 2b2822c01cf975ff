import { useQuery } from '@tanstack/react-query';
import type { CardLiability } from '@water/contract/cards';
import type { EntityDescriptor } from '@/components/entity-select.tsx';
import { callApi } from '@/lib/call-api.ts';
import { cardKeys } from '@/lib/query-keys.ts';

/**
 * The agents whose cards the user sees, for the cards' filter: those of the liabilities report,
 * which whoever lists cards may read (finance too, without the agents' page).
 */
export const CARD_AGENTS: EntityDescriptor<CardLiability> = {
  useEntities: (enabled) =>
    useQuery({
      queryKey: cardKeys.liabilities({ page: 0, size: 1000 }),
      queryFn: () => callApi('GET /api/cards/liabilities', { query: { page: 0, size: 1000 } }),
      select: (page) => page.content,
      enabled,
      staleTime: 60_000,
    }),
  valueOf: (row) => row.agentId,
  labelOf: (row) => row.agentName,
};
