import { useQuery } from '@tanstack/react-query';
import type { OrderFilterOptions } from '@water/contract/orders';
import type { EntityDescriptor } from '@/components/entity-select.tsx';
import { callApi } from '@/lib/call-api.ts';
import { orderKeys } from '@/lib/query-keys.ts';

/** `GET api/orders/filter-options`: the agents, sites and machines the user's orders can be filtered by. */
const useOrderFilterOptions = <T>(pick: (options: OrderFilterOptions) => T[], enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.filterOptions(),
    queryFn: () => callApi('GET /api/orders/filter-options'),
    select: pick,
    enabled,
    staleTime: 60_000,
  });

type Option<K extends keyof OrderFilterOptions> = OrderFilterOptions[K][number];

/** The agents in the user's reach, by name, for the orders' filter. */
export const ORDER_AGENTS: EntityDescriptor<Option<'agents'>> = {
  useEntities: (enabled) => useOrderFilterOptions((options) => options.agents, enabled),
  valueOf: (agent) => agent.id,
  labelOf: (agent) => agent.name,
};

/** The sites in the user's reach, by name. */
export const ORDER_SITES: EntityDescriptor<Option<'sites'>> = {
  useEntities: (enabled) => useOrderFilterOptions((options) => options.sites, enabled),
  valueOf: (site) => site.id,
  labelOf: (site) => site.name,
};

/** The machines in the user's reach, by serial number. */
export const ORDER_MACHINES: EntityDescriptor<Option<'machines'>> = {
  useEntities: (enabled) => useOrderFilterOptions((options) => options.machines, enabled),
  valueOf: (machine) => machine.id,
  labelOf: (machine) => machine.serialNo,
};
