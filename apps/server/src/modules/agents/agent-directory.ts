import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { depts } from '../depts/depts.read-model.ts';
import { agents } from './agents.schema.ts';

/** An agent as the business rules need it: its department, name, status, quota and parent. */
export async function agentById(db: Database, id: number) {
  const [row] = await db
    .select({
      id: agents.id,
      deptId: agents.deptId,
      parentId: agents.parentId,
      name: depts.name,
      status: agents.status,
      quotaUsed: agents.quotaUsed,
      machineQuota: agents.machineQuota,
      commissionRate: agents.commissionRate,
    })
    .from(agents)
    .innerJoin(depts, eq(depts.id, agents.deptId))
    .where(eq(agents.id, id));
  return row;
}

/**
 * The terms of a path's agents now, in the path's order: each one's commission rate, and which
 * of them are frozen (a frozen agent's share of a sale is held until it is unfrozen).
 */
export async function pathTerms(db: Database, ids: readonly number[]): Promise<{ rates: string[]; held: number[] }> {
  if (ids.length === 0) return { rates: [], held: [] };
  const rows = await db
    .select({ id: agents.id, status: agents.status, rate: agents.commissionRate })
    .from(agents)
    .where(inArray(agents.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rates: ids.map((id) => byId.get(id)?.rate ?? '0.00'),
    held: ids.filter((id) => byId.get(id)?.status === 'FROZEN'),
  };
}

/** The ids of the agents whose departments lie in a data scope (`null`: every agent). */
export async function agentIdsInScope(db: Database, scope: ReadonlySet<number> | null): Promise<number[] | null> {
  if (scope === null) return null;
  if (scope.size === 0) return [];
  const rows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(inArray(agents.deptId, [...scope]));
  return rows.map((row) => row.id);
}

/**
 * An agent's ancestors and itself, top first: `[1, 4, 9]`. Agents never move beneath another
 * agent once created, so a path, once read, holds for good.
 */
export class AgentPaths {
  readonly #paths = new Map<number, readonly number[]>();
  constructor(private readonly db: Database) {}

  async of(agentId: number): Promise<readonly number[]> {
    const known = this.#paths.get(agentId);
    if (known) return known;
    const path: number[] = [];
    let next: number | null = agentId;
    while (next !== null && path.length < 32) {
      path.unshift(next);
      const [row]: { parentId: number | null }[] = await this.db
        .select({ parentId: agents.parentId })
        .from(agents)
        .where(eq(agents.id, next));
      next = row?.parentId ?? null;
    }
    this.#paths.set(agentId, path);
    return path;
  }
}

/** `/1/4/9/`: a path as orders keep it, so that a prefix finds an agent's subtree. */
export const pathText = (path: readonly number[]) => `/${path.join('/')}/`;
