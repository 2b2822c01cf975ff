import { randomBytes } from 'node:crypto';
import { AGENT_STATE_MACHINE } from '@water/contract/agents';
import {
  Allocation,
  type AllocationDone,
  type AllocationInput,
  type Lifecycle,
  MACHINE_STATE_MACHINE,
  type RecallInput,
} from '@water/contract/machines';
import { inScope, type Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, forbiddenField, invalidField, unknownInReach } from '../../lib/http-errors.ts';
import { moveBy } from '../../lib/state.ts';
import { wireOf } from '../../lib/wire.ts';
import { agentById } from '../agents/agent-directory.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import { type MachineRow, machinesRepository as repo } from './machines.repository.ts';

/** A period without sales. */

export type Move = 'ALLOCATE' | 'RECALL' | 'TRANSFER';

/** Only an active agent receives machines: a frozen one keeps selling with what it holds. */
export function checkReceiving(agent: { name: string; status: string }, action: Move) {
  moveBy(AGENT_STATE_MACHINE, agent.status, 'RECEIVE_MACHINES', {
    message: `"${agent.name}" is ${agent.status}: no machine can be allocated or transferred to it (${action})`,
  });
}

/** How many times each key comes. */
export function countBy<K>(keys: readonly K[]): Map<K, number> {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** A batch number for an allocation: the day and time, and a random tail. */
export function batchNumber(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `AL${stamp}${randomBytes(3).toString('hex').toUpperCase()}`;
}

/**
 * Machines moved between the company's stock and agents, in batches and all or nothing:
 * allocated from stock within the receiving agent's quota, transferred between agents the caller
 * reaches, recalled to stock; the receiving agent's quota (the agents module's) in the same unit
 * of work, and a line per machine in the allocation log.
 */
export function createMachineAllocation(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  {
    agents,
    visibleMachine,
    lifecycleChanged,
  }: {
    agents: AgentsService;
    visibleMachine: (principal: Principal, id: number) => Promise<MachineRow>;
    lifecycleChanged: (machineIds: readonly number[]) => void;
  },
) {
  const unrestricted = (principal: Principal) => principal.scope === null;

  /** The receiving agent of an allocation or transfer: active, and in the caller's scope. */
  async function receivingAgent(principal: Principal, agentId: number, action: Move) {
    const agent = await agentById(db, agentId);
    if (!agent || !inScope(principal, agent.deptId)) {
      throw invalidField('agentId', unknownInReach('agent', agentId), 'unknown_reference');
    }
    checkReceiving(agent, action);
    return agent;
  }

  /** The machines named, each in a lifecycle the event may happen in and held where `held` says; all or nothing. */
  async function checkedMachines(
    principal: Principal,
    ids: readonly number[],
    event: 'ALLOCATE' | 'TRANSFER' | 'RECALL',
    held: 'stock' | 'agents',
  ) {
    const lifecycles = MACHINE_STATE_MACHINE.events[event].from;
    const unique = [...new Set(ids)];
    const rows = await repo.holdersOf(db, unique);
    const found = new Map(rows.map((row) => [row.id, row]));
    const missing = unique.filter((id) => {
      const row = found.get(id);
      return !row || (row.deptId === null ? !unrestricted(principal) : !inScope(principal, row.deptId));
    });
    if (missing.length > 0)
      throw invalidField('machineIds', unknownInReach('machine', missing.join(', ')), 'unknown_reference');
    for (const row of rows) {
      moveBy(MACHINE_STATE_MACHINE, row.lifecycle, event, {
        message: `${row.serialNo} is ${row.lifecycle}; only ${lifecycles.join(' or ')} machines move`,
      });
      if ((held === 'stock') !== (row.agentId === null)) {
        throw invalidField('machineIds', {
          key: held === 'stock' ? 'errors.machines.heldByAgent' : 'errors.machines.inStock',
          values: { serialNo: row.serialNo },
        });
      }
    }
    return rows;
  }

  async function move(
    principal: Principal,
    checked: readonly { id: number; agentId: number | null; lifecycle: string }[],
    to: { agentId: number; name: string } | null,
    action: Move,
    note: string | undefined,
    lifecycle: Lifecycle = to ? 'ALLOCATED' : 'IN_STOCK',
  ): Promise<AllocationDone> {
    const machineIds = checked.map((row) => row.id);
    const expected = new Map(checked.map((row) => [row.id, row]));
    const now = clock.now();
    const batchNo = batchNumber(now);
    const n = machineIds.length;
    // One unit of work: the receiving agent's quota (the agents module's) and the machines.
    await db.transaction(async (tx) => {
      const target = to ? await agents.quota.lock(tx, to.agentId) : undefined;
      const locked = await repo.lockForMove(tx, machineIds);
      // Checked again on the locked rows: another move may have changed them since they were read.
      const changed = locked.find((row) => {
        const seen = expected.get(row.id);
        return !seen || seen.agentId !== row.agentId || seen.lifecycle !== row.lifecycle;
      });
      if (changed || locked.length !== n) {
        throw badRequest({ key: 'errors.machines.movedMeanwhile' });
      }
      // Checked again on the locked agent: it may have been frozen since it was read.
      if (to && target) checkReceiving({ name: to.name, status: target.status }, action);
      if (to && target && target.quotaUsed + n > target.machineQuota) {
        throw invalidField(
          'agentId',
          {
            key: 'errors.machines.quotaFull',
            values: {
              name: to.name,
              quota: target.machineQuota,
              held: target.quotaUsed,
              room: Math.max(0, target.machineQuota - target.quotaUsed),
              count: n,
            },
          },
          'too_large',
          { limit: Math.max(0, target.machineQuota - target.quotaUsed) },
        );
      }
      for (const [agentId, count] of countBy(locked.map((row) => row.agentId))) {
        if (agentId !== null) await agents.quota.add(tx, agentId, -count);
      }
      if (to) await agents.quota.add(tx, to.agentId, n);
      await repo.move(tx, locked, {
        toAgentId: to?.agentId ?? null,
        lifecycle,
        action,
        batchNo,
        note: note?.trim() || null,
        by: principal.username,
        now,
      });
    });
    if (checked.some((row) => row.lifecycle !== lifecycle)) lifecycleChanged(machineIds);
    return { batchNo, machines: n };
  }

  return {
    move,
    /** Machines from the company's stock to an agent, within its quota. */
    async allocate(principal: Principal, input: AllocationInput): Promise<AllocationDone> {
      if (!unrestricted(principal)) {
        throw forbiddenField('machineIds', { key: 'errors.machines.allocatedByUnrestricted' });
      }
      const agent = await receivingAgent(principal, input.agentId, 'ALLOCATE');
      const rows = await checkedMachines(principal, input.machineIds, 'ALLOCATE', 'stock');
      return move(principal, rows, { agentId: agent.id, name: agent.name }, 'ALLOCATE', input.note);
    },
    /** Machines not yet installed, from agents the caller reaches to another it reaches. */
    async transfer(principal: Principal, input: AllocationInput): Promise<AllocationDone> {
      const agent = await receivingAgent(principal, input.agentId, 'TRANSFER');
      const rows = await checkedMachines(principal, input.machineIds, 'TRANSFER', 'agents');
      const already = rows.find((row) => row.agentId === agent.id);
      if (already) {
        throw invalidField('machineIds', {
          key: 'errors.machines.alreadyHeld',
          values: { serialNo: already.serialNo, name: agent.name },
        });
      }
      return move(principal, rows, { agentId: agent.id, name: agent.name }, 'TRANSFER', input.note);
    },
    /** Machines not yet installed, back from their agents to the company's stock. */
    async recall(principal: Principal, input: RecallInput): Promise<AllocationDone> {
      if (!unrestricted(principal)) {
        throw forbiddenField('machineIds', { key: 'errors.machines.recalledByUnrestricted' });
      }
      const rows = await checkedMachines(principal, input.machineIds, 'RECALL', 'agents');
      return move(principal, rows, null, 'RECALL', input.note);
    },
    async allocations(principal: Principal, machineId: number): Promise<Allocation[]> {
      await visibleMachine(principal, machineId);
      return (await repo.allocationsOf(db, machineId)).map((row) =>
        wireOf(Allocation, {
          ...row.allocation,
          serialNo: row.serialNo,
          fromAgent: row.from,
          toAgent: row.to,
        }),
      );
    },
  };
}
