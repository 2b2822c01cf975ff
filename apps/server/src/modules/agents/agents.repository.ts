import type { AgentFilter, AgentQuery, AgentStatus } from '@water/contract/agents';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { depts } from '../depts/depts.read-model.ts';
import { machines } from '../machines/machines.read-model.ts';
import { agents } from './agents.schema.ts';

const parentAgents = alias(agents, 'parent_agent');
const parentDepts = alias(depts, 'parent_dept');

/** The columns a list can sort by. */
export const agentSortable = {
  id: agents.id,
  code: agents.code,
  name: depts.name,
  level: agents.level,
  commissionRate: agents.commissionRate,
  machineQuota: agents.machineQuota,
  status: agents.status,
  createTime: agents.createTime,
};
export const agentOrder = [desc(agents.id)];

/** An agent's machines at work and how many are online. */
const agentColumns = {
  agent: agents,
  name: depts.name,
  parentName: parentDepts.name,
  operating: sql<number>`(SELECT count(*)::int FROM ${machines} m WHERE m.agent_id = ${agents.id} AND m.lifecycle = 'OPERATING')`,
  online: sql<number>`(SELECT count(*)::int FROM ${machines} m WHERE m.agent_id = ${agents.id} AND m.lifecycle = 'OPERATING' AND m.online)`,
};

export type AgentRow = typeof agents.$inferSelect & {
  name: string;
  parentName: string | null;
  operating: number;
  online: number;
};
export type NewAgent = typeof agents.$inferInsert;

const flatten = (row: {
  agent: typeof agents.$inferSelect;
  name: string;
  parentName: string | null;
  operating: number;
  online: number;
}): AgentRow => ({
  ...row.agent,
  name: row.name,
  parentName: row.parentName,
  operating: row.operating,
  online: row.online,
});

/** Agents whose department lies in the scope (null: every agent), matching the filters. */
function matching(scope: ReadonlySet<number> | null, filter: AgentFilter): SQL | undefined {
  return and(
    scope === null ? undefined : inArray(agents.deptId, [...scope]),
    containsText([agents.code, depts.name, agents.contactName, agents.contactPhone], filter.blurry),
    filter.level ? eq(agents.level, filter.level) : undefined,
    filter.status ? eq(agents.status, filter.status) : undefined,
    filter.parentId ? eq(agents.parentId, filter.parentId) : undefined,
  );
}

function selectAgents(db: Database) {
  return db
    .select(agentColumns)
    .from(agents)
    .innerJoin(depts, eq(depts.id, agents.deptId))
    .leftJoin(parentAgents, eq(parentAgents.id, agents.parentId))
    .leftJoin(parentDepts, eq(parentDepts.id, parentAgents.deptId))
    .$dynamic();
}

export const agentsRepository = {
  /** An agent's quota, locked for a move of machines in the caller's unit of work. */
  async lockQuota(tx: Database, id: number) {
    const [row] = await tx
      .select({ quotaUsed: agents.quotaUsed, machineQuota: agents.machineQuota, status: agents.status })
      .from(agents)
      .where(eq(agents.id, id))
      .for('update');
    return row;
  },

  /** Adds machines to (or, negative, takes them off) the quota an agent uses. */
  async addQuotaUsed(tx: Database, id: number, n: number): Promise<void> {
    await tx
      .update(agents)
      .set({ quotaUsed: sql`${agents.quotaUsed} + ${n}` })
      .where(eq(agents.id, id));
  },

  async page(db: Database, scope: ReadonlySet<number> | null, query: AgentQuery | AgentFilter, paging: Paging) {
    const where = matching(scope, query);
    const { content, totalElements } = await pageOf(
      selectAgents(db).where(where).$dynamic(),
      db.select({ n: count() }).from(agents).innerJoin(depts, eq(depts.id, agents.deptId)).where(where),
      paging,
    );
    return { content: content.map(flatten), totalElements };
  },

  async byId(db: Database, id: number): Promise<AgentRow | undefined> {
    const [row] = await selectAgents(db).where(eq(agents.id, id));
    return row && flatten(row);
  },

  codeTaken: async (db: Database, code: string) =>
    (await db.select({ id: agents.id }).from(agents).where(sql`lower(${agents.code}) = lower(${code})`)).length > 0,

  /** The agents directly beneath one. */
  childrenOf: (db: Database, id: number) =>
    selectAgents(db)
      .where(eq(agents.parentId, id))
      .then((rows) => rows.map(flatten)),

  /** Creates the agent on its department (made by the caller in the same unit of work); answers its id. */
  async create(tx: Database, agent: NewAgent): Promise<number> {
    const [created] = await tx.insert(agents).values(agent).returning({ id: agents.id });
    return (created as { id: number }).id;
  },

  /** Changes an agent's terms (its department's name is the depts module's, renamed in the same unit of work). */
  async update(tx: Database, id: number, values: Partial<NewAgent>): Promise<void> {
    await tx.update(agents).set(values).where(eq(agents.id, id));
  },

  /** Moves an agent from one of `from` to `to`; false when another review changed it first. */
  async review(
    db: Database,
    id: number,
    from: readonly AgentStatus[],
    values: Pick<NewAgent, 'status' | 'reviewNote' | 'reviewedBy' | 'reviewTime' | 'updateBy' | 'updateTime'>,
  ): Promise<boolean> {
    const changed = await db
      .update(agents)
      .set(values)
      .where(and(eq(agents.id, id), inArray(agents.status, [...from])))
      .returning({ id: agents.id });
    return changed.length > 0;
  },
};
