import Type, { type Static } from 'typebox';
import { AbsentId, DateTime, Id, nullable, OneOf, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';
import { PeriodFigureFields, periodFigureColumns } from './sales-figures.ts';
import { defineStateMachine, eventsFrom } from './state-machine.ts';

/** An agent's place in the network, from the top down: a child is always deeper than its parent. */
export const AGENT_LEVELS = ['PLATFORM', 'PROVINCE', 'CITY', 'DISTRICT', 'DEALER'] as const;
export type AgentLevel = (typeof AGENT_LEVELS)[number];

/** `PENDING_REVIEW → ACTIVE ⇄ FROZEN → TERMINATED`; a rejected application ends TERMINATED too. */
export const AGENT_STATUSES = ['PENDING_REVIEW', 'ACTIVE', 'FROZEN', 'TERMINATED'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** The permissions of the agents page. */
export const AGENT_PERMISSIONS = {
  list: 'agent:list',
  add: 'agent:add',
  edit: 'agent:edit',
  review: 'agent:review',
} as const;

/** What a reviewer does to an agent. */
export const AGENT_ACTIONS = ['APPROVE', 'REJECT', 'FREEZE', 'UNFREEZE', 'TERMINATE'] as const;
export type AgentAction = (typeof AGENT_ACTIONS)[number];

/**
 * An agent's life: an application is approved or rejected; an active agent is frozen (its
 * machines keep selling, it receives no machine and its commission is held) and unfrozen, or
 * terminated (once nothing beneath it is active and it holds no machine). Only an active agent
 * receives machines (allocation, transfer).
 */
export const AGENT_STATE_MACHINE = defineStateMachine({
  name: 'agent',
  texts: { object: 'errors.objects.agent', states: 'agents.statuses' },
  states: AGENT_STATUSES,
  initial: ['PENDING_REVIEW'],
  events: {
    APPROVE: { from: ['PENDING_REVIEW'], to: ['ACTIVE'], by: [AGENT_PERMISSIONS.review] },
    REJECT: { from: ['PENDING_REVIEW'], to: ['TERMINATED'], by: [AGENT_PERMISSIONS.review] },
    FREEZE: { from: ['ACTIVE'], to: ['FROZEN'], by: [AGENT_PERMISSIONS.review] },
    UNFREEZE: { from: ['FROZEN'], to: ['ACTIVE'], by: [AGENT_PERMISSIONS.review] },
    TERMINATE: { from: ['ACTIVE', 'FROZEN'], to: ['TERMINATED'], by: [AGENT_PERMISSIONS.review] },
    RECEIVE_MACHINES: { from: ['ACTIVE'], to: 'unchanged', by: ['device:allocate'] },
  },
});
export type AgentEvent = keyof typeof AGENT_STATE_MACHINE.events;

/** The review actions open to an agent in a status. */
export function actionsFrom(status: AgentStatus): AgentAction[] {
  const open: readonly AgentEvent[] = eventsFrom(AGENT_STATE_MACHINE, status);
  return AGENT_ACTIONS.filter((action) => open.includes(action));
}

/** A percentage with at most two decimals, as text so that no float rounds it: `12.5`, `8.25`, `0`. */
export const Rate = Type.String({
  pattern: '^(100(\\.0{1,2})?|\\d{1,2}(\\.\\d{1,2})?)$',
  errorMessage: 'must be a percentage from 0 to 100 with at most two decimals',
});

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** A calendar day, `yyyy-MM-dd`, or null. */
const optionalDay = () =>
  Type.Optional(nullable<string>('string', { pattern: DAY_PATTERN, errorMessage: 'must be yyyy-MM-dd' }));

export const Agent = Type.Object({
  id: Type.Integer(),
  /** The agent's department: its staff belong to it, and its business rows carry it. */
  deptId: Type.Integer(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  parentName: Type.Union([Type.String(), Type.Null()]),
  code: Type.String(),
  /** The name of its department. */
  name: Type.String(),
  level: OneOf(AGENT_LEVELS),
  contactName: Type.String(),
  contactPhone: Type.String(),
  region: Type.Union([Type.String(), Type.Null()]),
  commissionRate: Type.String({ description: 'percent, two decimals: "12.50"' }),
  machineQuota: Type.Integer(),
  quotaUsed: Type.Integer(),
  /** Its machines at work, and how many of them are online now. */
  operating: Type.Integer(),
  online: Type.Integer(),
  /** The percent of its machines at work that are online now, two decimals (`"50.00"`); null with none at work. */
  onlineRate: Type.Union([Type.String(), Type.Null()]),
  /** Sales of its own machines today, this week and this month. */
  ...PeriodFigureFields,
  settlementAccount: Type.Union([Type.String(), Type.Null()]),
  contractStart: Type.Union([Type.String(), Type.Null()]),
  contractEnd: Type.Union([Type.String(), Type.Null()]),
  status: OneOf(AGENT_STATUSES),
  reviewNote: Type.Union([Type.String(), Type.Null()]),
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
  reviewTime: Type.Union([DateTime, Type.Null()]),
  createBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type Agent = Static<typeof Agent>;

/** The agents' list, on the page and in its Excel file. */
export const AGENT_COLUMNS = listColumns<Agent>()({
  code: { field: 'code', title: 'agents.code', sortable: true, width: 110 },
  name: { field: 'name', title: 'agents.name', sortable: true, width: 170 },
  level: { field: 'level', title: 'agents.level', kind: 'enum', labels: 'agents.levels', sortable: true, width: 100 },
  /** The page shows it beneath the agent's name. */
  parent: { field: 'parentName', title: 'agents.parent', fileOnly: true },
  contact: { field: 'contactName', title: 'agents.contact', width: 140 },
  contactPhone: { field: 'contactPhone', title: 'agents.contactPhone', fileOnly: true },
  commissionRate: { field: 'commissionRate', title: 'agents.rate', kind: 'percent', sortable: true, width: 110 },
  /** The machines it holds; the page shows them against its quota. */
  quota: { field: 'quotaUsed', title: 'agents.machines', width: 130 },
  machineQuota: { field: 'machineQuota', title: 'agents.machineQuota', fileOnly: true },
  operating: { field: 'operating', title: 'agents.operating', fileOnly: true },
  /** The page shows it beneath the machines it holds. */
  online: { field: 'onlineRate', title: 'agents.onlineRate', kind: 'percent', fileOnly: true },
  ...periodFigureColumns<Agent>(),
  region: { field: 'region', title: 'agents.region', hidden: true, width: 120 },
  contractStart: { field: 'contractStart', title: 'agents.contractBegins', fileOnly: true },
  contractEnd: { field: 'contractEnd', title: 'agents.contractEnd', hidden: true, width: 120 },
  status: {
    field: 'status',
    title: 'agents.status',
    kind: 'enum',
    labels: 'agents.statuses',
    sortable: true,
    width: 120,
  },
  createTime: { field: 'createTime', title: 'list.createTime', sortable: true, hidden: true, width: 170 },
});

export const AgentQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 255, description: 'part of the code, name or contact' })),
  level: Type.Optional(OneOf(AGENT_LEVELS)),
  status: Type.Optional(OneOf(AGENT_STATUSES)),
  parentId: Type.Optional(Id({ description: 'only the agents directly beneath this one' })),
});
export type AgentQuery = Static<typeof AgentQuery>;

export const AgentFilter = Type.Object({
  blurry: AgentQuery.properties.blurry,
  level: AgentQuery.properties.level,
  status: AgentQuery.properties.status,
  parentId: AgentQuery.properties.parentId,
  sort: PageQuery.properties.sort,
});
export type AgentFilter = Static<typeof AgentFilter>;

const agentFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  level: OneOf(AGENT_LEVELS),
  contactName: Type.String({ minLength: 1, maxLength: 64 }),
  contactPhone: Type.String({
    pattern: '^\\+?[0-9][0-9 -]{4,30}$',
    errorMessage: 'must be a phone number (digits, spaces, -)',
  }),
  region: Type.Optional(nullable<string>('string', { maxLength: 255 })),
  commissionRate: Rate,
  machineQuota: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  settlementAccount: Type.Optional(nullable<string>('string', { maxLength: 128 })),
  contractStart: optionalDay(),
  contractEnd: optionalDay(),
};

export const AgentCreateInput = Type.Object({
  id: AbsentId,
  /** The agent to create beneath; absent for a top-level agent (staff with an unrestricted scope only). */
  parentId: Type.Optional(nullable<number>('integer', { minimum: 1, maximum: 2 ** 31 - 1 })),
  code: Type.String({
    pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$',
    errorMessage: 'must be 2 to 32 letters, digits, _ or -, starting with a letter or digit',
  }),
  ...agentFields,
});
export type AgentCreateInput = Static<typeof AgentCreateInput>;

/** The code and the parent stay; the rest may change (a new rate applies to new orders only). */
export const AgentUpdateInput = Type.Object({ id: Id(), ...agentFields });
export type AgentUpdateInput = Static<typeof AgentUpdateInput>;

export const AgentReviewInput = Type.Object({
  action: OneOf(AGENT_ACTIONS),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type AgentReviewInput = Static<typeof AgentReviewInput>;
