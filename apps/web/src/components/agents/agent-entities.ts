import { AGENT_PERMISSIONS, type Agent } from '@water/contract/agents';
import type { EntityDescriptor } from '../entity-select.tsx';
import { useActiveAgents } from './active-agents.ts';

/** The active agents in the user's reach, by name (filters, a coupon's owner, a price's target). */
export const ACTIVE_AGENTS: EntityDescriptor<Agent> = {
  useEntities: useActiveAgents,
  permission: AGENT_PERMISSIONS.list,
  valueOf: (agent) => agent.id,
  labelOf: (agent) => agent.name,
};

/** The same with their codes, where agents of one name must be told apart (a parent, a site's agent). */
export const ACTIVE_AGENTS_WITH_CODE: EntityDescriptor<Agent> = {
  ...ACTIVE_AGENTS,
  labelOf: (agent) => `${agent.name} (${agent.code})`,
};
