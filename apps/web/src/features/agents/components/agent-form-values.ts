import {
  AGENT_LEVELS,
  type Agent,
  type AgentCreateInput,
  type AgentLevel,
  type AgentUpdateInput,
} from '@water/contract/agents';
import dayjs, { type Dayjs } from 'dayjs';

/** What the agent form holds: the rate as text (no float rounds it), the contract as a range of days. */
export interface AgentFormValues {
  parentId?: number;
  code: string;
  name: string;
  level?: AgentLevel;
  contactName: string;
  contactPhone: string;
  region: string;
  commissionRate?: string;
  machineQuota: number;
  settlementAccount: string;
  contract?: [Dayjs | null, Dayjs | null] | null;
}

export const NEW_AGENT: AgentFormValues = {
  code: '',
  name: '',
  contactName: '',
  contactPhone: '',
  region: '',
  machineQuota: 0,
  settlementAccount: '',
};

export function toAgentFormValues(agent: Agent): AgentFormValues {
  return {
    parentId: agent.parentId ?? undefined,
    code: agent.code,
    name: agent.name,
    level: agent.level,
    contactName: agent.contactName,
    contactPhone: agent.contactPhone,
    region: agent.region ?? '',
    commissionRate: agent.commissionRate,
    machineQuota: agent.machineQuota,
    settlementAccount: agent.settlementAccount ?? '',
    contract:
      agent.contractStart || agent.contractEnd
        ? [agent.contractStart ? dayjs(agent.contractStart) : null, agent.contractEnd ? dayjs(agent.contractEnd) : null]
        : null,
  };
}

/** The levels an agent beneath `parentLevel` can take: the deeper ones (every level at the top). */
export function levelsBelow(parentLevel: AgentLevel | undefined): AgentLevel[] {
  if (!parentLevel) return [...AGENT_LEVELS];
  return AGENT_LEVELS.slice(AGENT_LEVELS.indexOf(parentLevel) + 1);
}

const day = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

export function toAgentInput(values: AgentFormValues): AgentCreateInput;
export function toAgentInput(values: AgentFormValues, id: number): AgentUpdateInput;
export function toAgentInput(values: AgentFormValues, id?: number): AgentCreateInput | AgentUpdateInput {
  const [start, end] = values.contract ?? [];
  const terms = {
    name: values.name.trim(),
    level: values.level as AgentLevel,
    contactName: values.contactName.trim(),
    contactPhone: values.contactPhone.trim(),
    region: values.region.trim() || null,
    commissionRate: String(values.commissionRate ?? '0'),
    machineQuota: values.machineQuota,
    settlementAccount: values.settlementAccount.trim() || null,
    contractStart: day(start),
    contractEnd: day(end),
  };
  if (id !== undefined) return { id, ...terms };
  return { parentId: values.parentId ?? null, code: values.code.trim(), ...terms };
}
