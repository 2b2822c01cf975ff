import type { Prices } from '@water/contract/gateway';
import {
  type PolicyScope,
  PRICE_POLICY_COLUMNS,
  PricePolicy,
  type PricePolicyCreateInput,
  type PricePolicyQuery,
  type PricePolicyUpdateInput,
} from '@water/contract/price-policies';
import { inScope, type Principal } from '../../domain/principal.ts';
import { InvalidatingCache } from '../../lib/cache.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  emptyField,
  forbiddenField,
  invalidField,
  noSuch,
  noSuchInReach,
  notFound,
  notRealTime,
  unknownInReach,
  unknownRecord,
} from '../../lib/http-errors.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { parseWireTime } from '../../lib/time.ts';
import { wireMapper } from '../../lib/wire.ts';
import { type AgentPaths, agentById, agentIdsInScope } from '../agents/agent-directory.ts';
import {
  type PolicyRow,
  policyOrder,
  policySortable,
  pricePoliciesRepository as repo,
} from './price-policies.repository.ts';

const toDto = wireMapper(PricePolicy);

type Policy = Omit<PolicyRow, 'scopeName'>;

/** What the choice of a policy needs to know of a machine. */
export interface PricedMachine {
  id: number;
  modelId: number;
  agentId: number | null;
}

/** The rank of each scope: the more specific, the higher (an agent's nearest ancestor adds depth). */
const RANK: Record<PolicyScope, number> = { ALL: 0, MODEL: 1, AGENT: 2, MACHINE: 100 };

export type PricePoliciesService = ReturnType<typeof createPricePoliciesService>;

/**
 * Price policies: what a litre costs per channel for the machines in a policy's scope, and the
 * choice of the one that prices a machine now (the most specific active policy in effect).
 */
export function createPricePoliciesService(
  { db, clock, events, audit }: Pick<Deps, 'db' | 'clock' | 'events' | 'audit'>,
  paths: AgentPaths,
) {
  const activePolicies = new InvalidatingCache<'active', Policy[]>().clearOn(events, 'policies');
  const changed = () => events.publish('policies', '*');

  /** A policy's scope checked against what the caller may price. */
  async function checkedScope(principal: Principal, scope: PolicyScope, scopeId: number | null | undefined) {
    if (scope === 'ALL' || scope === 'MODEL') {
      if (principal.scope !== null) {
        throw forbiddenField('scope', { key: 'errors.policies.wideScopeUnrestricted' });
      }
    }
    if (scope === 'ALL') return null;
    if (!scopeId) {
      throw invalidField(
        'scopeId',
        { key: 'errors.policies.scopeIdRequired', values: { scope: { key: `errors.scopes.${scope}` } } },
        'required',
      );
    }
    if (scope === 'MODEL' && !(await repo.modelExists(db, scopeId))) {
      throw invalidField('scopeId', unknownRecord('machineModel', scopeId), 'unknown_reference');
    }
    if (scope === 'AGENT') {
      const agent = await agentById(db, scopeId);
      if (!agent || !inScope(principal, agent.deptId)) {
        throw invalidField('scopeId', unknownInReach('agent', scopeId), 'unknown_reference');
      }
    }
    if (scope === 'MACHINE') {
      const machine = await repo.machineHolder(db, scopeId);
      const reaches =
        machine && (machine.deptId === null ? principal.scope === null : inScope(principal, machine.deptId));
      if (!reaches) throw invalidField('scopeId', unknownInReach('machine', scopeId), 'unknown_reference');
    }
    return scopeId;
  }

  async function checkedFields(principal: Principal, input: PricePolicyCreateInput | PricePolicyUpdateInput) {
    const name = input.name.trim();
    if (!name) throw emptyField('name');
    const effectiveFrom = parseWireTime(input.effectiveFrom, false);
    if (!effectiveFrom) throw invalidField('effectiveFrom', notRealTime(input.effectiveFrom), 'format');
    return {
      name,
      scope: input.scope,
      scopeId: await checkedScope(principal, input.scope, input.scopeId),
      priceWechat: input.priceWechat,
      priceAlipay: input.priceAlipay,
      priceCard: input.priceCard,
      priceCoin: input.priceCoin,
      memberPrice: input.memberPrice ?? null,
      discountPct: input.discountPct,
      effectiveFrom,
    };
  }

  /** A policy the caller may change: one it sees, whose scope it may price. */
  async function ownPolicies(principal: Principal, ids: readonly number[]) {
    const rows = await repo.byIds(db, ids);
    for (const id of ids) {
      const row = rows.find((policy) => policy.id === id);
      if (!row) throw notFound(noSuch('pricePolicy', id));
      await checkedScope(principal, row.scope, row.scopeId).catch(() => {
        throw notFound(noSuchInReach('pricePolicy', id));
      });
    }
    return rows;
  }

  return {
    /** The price policies the caller sees, a page at a time and as a file. */
    ...declaredList<Principal, PricePolicyQuery, PolicyRow, PricePolicy>({
      name: 'price-policies',
      columns: PRICE_POLICY_COLUMNS,
      sortable: policySortable,
      order: policyOrder,
      read: async (principal, query, paging) =>
        repo.page(db, await agentIdsInScope(db, principal.scope), query, paging),
      toWire: toDto,
    }),

    async create(principal: Principal, input: PricePolicyCreateInput): Promise<void> {
      const fields = await checkedFields(principal, input);
      const policy = { ...fields, setByPlatform: principal.scope === null, status: input.status ?? 'ACTIVE' };
      await db.transaction(async (tx) => {
        const id = await repo.insert(tx, { ...policy, createBy: principal.username, updateBy: principal.username });
        await audit.record(tx, { recordType: 'price-policy', recordId: id, action: 'create', after: policy });
      });
      await changed();
    },

    async update(principal: Principal, input: PricePolicyUpdateInput): Promise<void> {
      const [before] = await ownPolicies(principal, [input.id]);
      const fields = await checkedFields(principal, input);
      const after = {
        ...fields,
        setByPlatform: principal.scope === null,
        ...(input.status ? { status: input.status } : {}),
      };
      await db.transaction(async (tx) => {
        await repo.update(tx, input.id, { ...after, updateBy: principal.username, updateTime: clock.now() });
        await audit.record(tx, {
          recordType: 'price-policy',
          recordId: input.id,
          action: 'update',
          before,
          after,
          keys: ['name'],
        });
      });
      await changed();
    },

    async remove(principal: Principal, ids: number[]): Promise<void> {
      const unique = [...new Set(ids)];
      const removed = await ownPolicies(principal, unique);
      await db.transaction(async (tx) => {
        await repo.remove(tx, unique);
        for (const before of removed)
          await audit.record(tx, { recordType: 'price-policy', recordId: before.id, action: 'delete', before });
      });
      await changed();
    },

    /** The prices of a machine now: the most specific active policy in effect, or null if none covers it. */
    async pricesFor(machine: PricedMachine): Promise<(Prices & { policyId: number }) | null> {
      return choose(machine, await activePolicies.get('active', () => repo.active(db)));
    },

    /**
     * The platform's own prices of a machine: the most specific active policy set by staff whose
     * data scope is unrestricted (what coupons are valued at, whatever an agent charges).
     */
    async platformPricesFor(machine: PricedMachine): Promise<(Prices & { policyId: number }) | null> {
      const policies = await activePolicies.get('active', () => repo.active(db));
      return choose(
        machine,
        policies.filter((policy) => policy.setByPlatform),
      );
    },
  };

  /** The most specific policy in effect of those given for a machine, as its prices. */
  async function choose(
    machine: PricedMachine,
    policies: readonly Policy[],
  ): Promise<(Prices & { policyId: number }) | null> {
    const now = clock.now().getTime();
    const path = machine.agentId === null ? [] : await paths.of(machine.agentId);
    let best: Policy | undefined;
    let bestRank = -1;
    for (const policy of policies) {
      if (policy.effectiveFrom.getTime() > now) continue;
      let rank: number;
      if (policy.scope === 'ALL') rank = RANK.ALL;
      else if (policy.scope === 'MODEL') rank = policy.scopeId === machine.modelId ? RANK.MODEL : -1;
      else if (policy.scope === 'MACHINE') rank = policy.scopeId === machine.id ? RANK.MACHINE : -1;
      else {
        const depth = path.indexOf(policy.scopeId ?? 0);
        rank = depth < 0 ? -1 : RANK.AGENT + depth / 64;
      }
      if (rank < 0) continue;
      const newer = best !== undefined && rank === bestRank && policy.effectiveFrom > best.effectiveFrom;
      if (rank > bestRank || newer) {
        best = policy;
        bestRank = rank;
      }
    }
    if (!best) return null;
    return {
      policyId: best.id,
      WECHAT: best.priceWechat,
      ALIPAY: best.priceAlipay,
      CARD: best.priceCard,
      COIN: best.priceCoin,
      memberPrice: best.memberPrice,
      discountPct: best.discountPct,
    };
  }
}
