import {
  AGENT_COLUMNS,
  AGENT_LEVELS,
  AGENT_STATE_MACHINE,
  Agent,
  type AgentCreateInput,
  type AgentLevel,
  type AgentQuery,
  type AgentReviewInput,
  type AgentStatus,
  type AgentUpdateInput,
} from '@water/contract/agents';
import type { PeriodFigures } from '@water/contract/sales-figures';
import Decimal from 'decimal.js';
import type { Database } from '../../db/client.ts';
import { inScope, type Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import { DomainEvents } from '../../lib/domain-events.ts';
import {
  badRequest,
  emptyField,
  forbidden,
  forbiddenField,
  invalidField,
  noSuch,
  notFound,
  notRealDate,
  stateConflict,
  takenBy,
  unknownRecord,
} from '../../lib/http-errors.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { moveBy } from '../../lib/state.ts';
import { quotedNames, type TextRef } from '../../lib/texts.ts';
import { isRealDay } from '../../lib/time.ts';
import { wireOf } from '../../lib/wire.ts';
import type { DeptsService } from '../depts/depts.service.ts';
import { withPeriodFigures } from '../sales/sales-figures.ts';
import { type AgentRow, agentOrder, agentSortable, agentsRepository as repo } from './agents.repository.ts';

/** A rate as stored: two decimals (`12.50`). */
const twoDecimals = (rate: string) => new Decimal(rate).toFixed(2);

const depthOf = (level: string) => AGENT_LEVELS.indexOf(level as AgentLevel);

const toDto = (row: AgentRow & PeriodFigures): Agent =>
  wireOf(Agent, {
    ...row,
    onlineRate: row.operating > 0 ? new Decimal(row.online).times(100).dividedBy(row.operating).toFixed(2) : null,
  });

const codeTaken = (code: string) => invalidField('code', takenBy('agent', code), 'taken', { value: code });
const levelOf = (level: string): TextRef => ({ key: `errors.agents.levels.${level}` });

function checkedTerms(input: AgentCreateInput | AgentUpdateInput) {
  const name = input.name.trim();
  if (!name) throw emptyField('name');
  const contactName = input.contactName.trim();
  if (!contactName) throw emptyField('contactName');
  const contractStart = input.contractStart ?? null;
  const contractEnd = input.contractEnd ?? null;
  for (const [field, day] of [
    ['contractStart', contractStart],
    ['contractEnd', contractEnd],
  ] as const) {
    if (day !== null && !isRealDay(day)) {
      throw invalidField(field, notRealDate(day), 'format');
    }
  }
  if (contractStart && contractEnd && contractEnd < contractStart) {
    throw invalidField('contractEnd', { key: 'errors.contractEndBeforeStart' });
  }
  return {
    name,
    level: input.level,
    contactName,
    contactPhone: input.contactPhone.trim(),
    region: input.region?.trim() || null,
    commissionRate: twoDecimals(input.commissionRate),
    machineQuota: input.machineQuota,
    settlementAccount: input.settlementAccount?.trim() || null,
    contractStart,
    contractEnd,
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;

/**
 * The agents of the network, each on a department of the tree. An agent is created beneath an
 * active agent the caller reaches, deeper than it, at a commission rate no higher than its
 * parent's; it starts pending review, and only someone above it reviews, edits or ends it.
 */
/** An agent's status moved by a review. */
export interface AgentStatusChange {
  agentId: number;
  from: AgentStatus;
  to: AgentStatus;
  at: Date;
}

export function createAgentsService(
  { db, clock, principals, audit }: Pick<Deps, 'db' | 'clock' | 'principals' | 'audit'>,
  {
    depts,
    statusChanged = new DomainEvents<AgentStatusChange>(),
  }: {
    depts: DeptsService;
    /** Who follows an agent's review moves, in their transaction (the ledger releases what a frozen agent earned). */
    statusChanged?: DomainEvents<AgentStatusChange>;
  },
) {
  /** An agent in the caller's data scope. */
  async function visibleAgent(principal: Principal, id: number): Promise<AgentRow> {
    const agent = await repo.byId(db, id);
    if (!agent || !inScope(principal, agent.deptId)) throw notFound(noSuch('agent', id));
    return agent;
  }

  /**
   * An agent the caller manages: one whose parent's department the caller reaches. An agent's own
   * staff read their agent but neither change its terms nor review it; a top-level agent is
   * managed by staff with an unrestricted scope.
   */
  async function managedAgent(principal: Principal, id: number): Promise<{ agent: AgentRow; parent?: AgentRow }> {
    const agent = await visibleAgent(principal, id);
    const parent = agent.parentId === null ? undefined : await repo.byId(db, agent.parentId);
    const reaches = parent ? inScope(principal, parent.deptId) : principal.scope === null;
    if (!reaches) throw forbidden({ key: 'errors.agents.onlyAbove', values: { name: agent.name } });
    return { agent, parent };
  }

  function checkRateBelowParent(rate: string, parent: AgentRow | undefined) {
    if (parent && new Decimal(rate).greaterThan(parent.commissionRate)) {
      throw invalidField(
        'commissionRate',
        { key: 'errors.agents.rateAboveParent', values: { rate: parent.commissionRate, name: parent.name } },
        'too_large',
        { limit: Number(parent.commissionRate) },
      );
    }
  }

  function checkLevelBelowParent(level: string, parent: AgentRow | undefined) {
    if (parent && depthOf(level) <= depthOf(parent.level)) {
      throw invalidField('level', {
        key: 'errors.agents.levelBelowParent',
        values: { level: levelOf(parent.level), name: parent.name },
      });
    }
  }

  /**
   * The machines an agent holds against its quota, which the machines module moves in its unit of
   * work: the receiving agent locked and read, then what each side holds.
   */
  const quota = {
    lock: (tx: Database, agentId: number) => repo.lockQuota(tx, agentId),
    add: (tx: Database, agentId: number, n: number) => repo.addQuotaUsed(tx, agentId, n),
  };

  /** Agents as answered: with the sales of their own machines today, this week and this month. */
  const answer = async (rows: AgentRow[]): Promise<Agent[]> =>
    (await withPeriodFigures(db, 'agent', rows, null, clock.now())).map(toDto);
  const answerOne = async (row: AgentRow): Promise<Agent> => (await answer([row]))[0] as Agent;

  return {
    quota,
    /** The agents the caller sees, a page at a time and as a file. */
    ...declaredList<Principal, AgentQuery, AgentRow, Agent>({
      name: 'agents',
      columns: AGENT_COLUMNS,
      sortable: agentSortable,
      order: agentOrder,
      read: (principal, query, paging) => repo.page(db, principal.scope, query, paging),
      answer: (_principal, rows) => answer(rows),
    }),

    async get(principal: Principal, id: number): Promise<Agent> {
      return answerOne(await visibleAgent(principal, id));
    },

    async create(principal: Principal, input: AgentCreateInput): Promise<void> {
      const terms = checkedTerms(input);
      const code = input.code.trim();
      if (await repo.codeTaken(db, code)) throw codeTaken(code);
      let parent: AgentRow | undefined;
      if (input.parentId == null) {
        if (principal.scope !== null) {
          throw forbiddenField('parentId', { key: 'errors.agents.topLevelUnrestricted' });
        }
      } else {
        parent = await repo.byId(db, input.parentId);
        if (!parent) throw invalidField('parentId', unknownRecord('agent', input.parentId), 'unknown_reference');
        if (!inScope(principal, parent.deptId)) {
          throw forbiddenField('parentId', { key: 'errors.agents.parentOutsideScope', values: { name: parent.name } });
        }
        if (parent.status !== 'ACTIVE') {
          throw invalidField('parentId', { key: 'errors.agents.parentNotActive', values: { name: parent.name } });
        }
      }
      checkLevelBelowParent(terms.level, parent);
      checkRateBelowParent(terms.commissionRate, parent);
      const now = clock.now();
      const { name, ...agentTerms } = terms;
      try {
        // One unit of work: the agent's department (the depts module's) and the agent on it.
        await db.transaction(async (tx) => {
          const deptId = await depts.ofAgents.create(tx, {
            name,
            pid: parent?.deptId ?? null,
            by: principal.username,
            now,
          });
          const id = await repo.create(tx, {
            ...agentTerms,
            deptId,
            code,
            parentId: parent?.id ?? null,
            status: 'PENDING_REVIEW',
            createBy: principal.username,
            updateBy: principal.username,
            createTime: now,
            updateTime: now,
          });
          await audit.record(tx, { recordType: 'agent', recordId: id, action: 'create', after: { code, ...terms } });
        });
      } catch (error) {
        throw isUniqueViolation(error) ? codeTaken(code) : error;
      }
      // Holders of "own department and below" above the new agent now reach its department too.
      await principals.invalidate();
    },

    async update(principal: Principal, input: AgentUpdateInput): Promise<void> {
      const { agent, parent } = await managedAgent(principal, input.id);
      if (agent.status === 'TERMINATED') {
        throw badRequest({ key: 'errors.agents.terminated', values: { name: agent.name } });
      }
      const terms = checkedTerms(input);
      checkLevelBelowParent(terms.level, parent);
      checkRateBelowParent(terms.commissionRate, parent);
      const children = await repo.childrenOf(db, agent.id);
      const shallower = children.find((child) => depthOf(child.level) <= depthOf(terms.level));
      if (shallower) {
        throw invalidField('level', {
          key: 'errors.agents.levelAboveChild',
          values: { level: levelOf(shallower.level), name: shallower.name },
        });
      }
      const richer = children.filter((child) => new Decimal(child.commissionRate).greaterThan(terms.commissionRate));
      if (richer.length > 0) {
        throw invalidField(
          'commissionRate',
          {
            key: 'errors.agents.rateBelowChildren',
            values: {
              rates: richer.map((child) => ({
                key: 'errors.agents.childRate',
                values: { name: child.name, rate: child.commissionRate },
              })),
            },
          },
          'too_small',
          { limit: Math.max(...richer.map((child) => Number(child.commissionRate))) },
        );
      }
      if (terms.machineQuota < agent.quotaUsed) {
        throw invalidField(
          'machineQuota',
          { key: 'errors.agents.quotaBelowHeld', values: { held: agent.quotaUsed } },
          'too_small',
          { limit: agent.quotaUsed },
        );
      }
      const { name, ...agentTerms } = terms;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await depts.ofAgents.rename(tx, agent.deptId, name, principal.username, now);
        await repo.update(tx, agent.id, { ...agentTerms, updateBy: principal.username, updateTime: now });
        await audit.record(tx, {
          recordType: 'agent',
          recordId: agent.id,
          action: 'update',
          before: agent,
          after: terms,
          keys: ['name'],
        });
      });
    },

    /** Approves, rejects, freezes, unfreezes or terminates an agent, with a note. */
    async review(principal: Principal, id: number, input: AgentReviewInput): Promise<Agent> {
      const { agent } = await managedAgent(principal, id);
      const from = AGENT_STATE_MACHINE.events[input.action].from;
      const to = moveBy(AGENT_STATE_MACHINE, agent.status, input.action, {
        message: `"${agent.name}" is ${agent.status}: ${input.action} applies to ${from.join(' or ')} agents only`,
      });
      if (to === 'TERMINATED') {
        const active = (await repo.childrenOf(db, agent.id)).filter((child) => child.status !== 'TERMINATED');
        if (active.length > 0) {
          throw badRequest({
            key: 'errors.agents.childrenActive',
            values: { name: agent.name, names: quotedNames(active.map((child) => child.name)) },
          });
        }
        if (agent.quotaUsed > 0) {
          throw badRequest({ key: 'errors.agents.holdsMachines', values: { name: agent.name, held: agent.quotaUsed } });
        }
      }
      const now = clock.now();
      const changed = await db.transaction(async (tx) => {
        const moved = await repo.review(tx, agent.id, from, {
          status: to,
          reviewNote: input.note?.trim() || null,
          reviewedBy: principal.username,
          reviewTime: now,
          updateBy: principal.username,
          updateTime: now,
        });
        if (moved) await statusChanged.emit(tx, { agentId: agent.id, from: agent.status, to, at: now });
        const [before, after] = [{ status: agent.status }, { status: to, reviewNote: input.note?.trim() || null }];
        if (moved) await audit.record(tx, { recordType: 'agent', recordId: agent.id, action: 'status', before, after });
        return moved;
      });
      if (!changed) {
        throw stateConflict(
          { key: 'errors.agents.changedMeanwhile', values: { name: agent.name } },
          agent.status,
          input.action,
        );
      }
      return answerOne((await repo.byId(db, agent.id)) as AgentRow);
    },
  };
}
