import { useQuery } from '@tanstack/react-query';
import { type AgentBalance, LEDGER_PERMISSIONS } from '@water/contract/ledger';
import type { EntityDescriptor } from '@/components/entity-select.tsx';
import { callApi } from '@/lib/call-api.ts';
import { ledgerKeys } from '@/lib/query-keys.ts';

/** `GET api/statements/agents`: the agents in the user's reach, with what the platform owes each. */
export const useStatementAgents = (enabled = true) =>
  useQuery({
    queryKey: ledgerKeys.agents(),
    queryFn: () => callApi('GET /api/statements/agents'),
    enabled,
  });

/** The agents in reach, by name, for the ledger's filters. */
export const LEDGER_AGENTS: EntityDescriptor<AgentBalance> = {
  useEntities: useStatementAgents,
  valueOf: (agent) => agent.agentId,
  labelOf: (agent) => agent.agentName,
  permission: LEDGER_PERMISSIONS.statements,
};
