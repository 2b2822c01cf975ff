import { useQuery } from '@tanstack/react-query';
import { ORDER_PERMISSIONS, type OrderFilterOptions } from '@water/contract/orders';
import type { EntityDescriptor } from '@/components/entity-select.tsx';
import { callApi } from '@/lib/call-api.ts';
import { orderKeys } from '@/lib/query-keys.ts';

export type ReportAgent = OrderFilterOptions['agents'][number];

/**
 * `GET api/orders/filter-options`: the agents whose sales the user sees (every one for the
 * finance team, an agent and those beneath it for its manager), for the report's agent filter.
 */
const useReportAgents = (enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.filterOptions(),
    queryFn: () => callApi('GET /api/orders/filter-options'),
    select: (options: OrderFilterOptions) => options.agents,
    enabled,
    staleTime: 60_000,
  });

/** The agents a report can be narrowed to, by name. */
export const REPORT_AGENTS: EntityDescriptor<ReportAgent> = {
  useEntities: useReportAgents,
  permission: ORDER_PERMISSIONS.list,
  valueOf: (agent) => agent.id,
  labelOf: (agent) => agent.name,
};
