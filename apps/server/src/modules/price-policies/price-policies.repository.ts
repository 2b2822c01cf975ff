import type { PricePolicyQuery } from '@water/contract/price-policies';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { columnsOf, containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { machineModels, machines } from '../machines/machines.read-model.ts';
import { pricePolicies } from './price-policies.schema.ts';

export const policySortable = columnsOf(pricePolicies, ['id', 'name', 'scope', 'effectiveFrom', 'createTime']);
export const policyOrder = [desc(pricePolicies.id)];

export type PolicyRow = typeof pricePolicies.$inferSelect & { scopeName: string | null };
export type NewPolicy = typeof pricePolicies.$inferInsert;

/** The name of what a policy prices: the model's or agent's name, the machine's serial number. */
const scopeName = sql<string | null>`CASE ${pricePolicies.scope}
  WHEN 'MODEL' THEN (SELECT m.name FROM ${machineModels} m WHERE m.id = ${pricePolicies.scopeId})
  WHEN 'AGENT' THEN (SELECT d.name FROM ${agents} a JOIN ${depts} d ON d.id = a.dept_id WHERE a.id = ${pricePolicies.scopeId})
  WHEN 'MACHINE' THEN (SELECT m.serial_no FROM ${machines} m WHERE m.id = ${pricePolicies.scopeId})
END`;

/**
 * The policies a restricted caller sees: those of every machine and of models (which price its
 * machines too), and those of the agents and machines within its reach.
 */
function visible(agentIds: readonly number[] | null): SQL | undefined {
  if (agentIds === null) return undefined;
  const ids = agentIds.length > 0 ? [...agentIds] : [0];
  return or(
    inArray(pricePolicies.scope, ['ALL', 'MODEL']),
    and(eq(pricePolicies.scope, 'AGENT'), inArray(pricePolicies.scopeId, ids)),
    and(
      eq(pricePolicies.scope, 'MACHINE'),
      inArray(pricePolicies.scopeId, sql`(SELECT m.id FROM ${machines} m WHERE m.agent_id IN ${ids})`),
    ),
  );
}

function matching(agentIds: readonly number[] | null, query: Omit<PricePolicyQuery, 'page' | 'size'>) {
  return and(
    visible(agentIds),
    containsText([pricePolicies.name], query.blurry),
    query.scope ? eq(pricePolicies.scope, query.scope) : undefined,
    query.status ? eq(pricePolicies.status, query.status) : undefined,
  );
}

export const pricePoliciesRepository = {
  async page(
    db: Database,
    agentIds: readonly number[] | null,
    query: Omit<PricePolicyQuery, 'page' | 'size'>,
    paging: Paging,
  ): Promise<{ content: PolicyRow[]; totalElements: number }> {
    const where = matching(agentIds, query);
    const { content, totalElements } = await pageOf(
      db.select({ policy: pricePolicies, scopeName }).from(pricePolicies).where(where).$dynamic(),
      db.select({ n: count() }).from(pricePolicies).where(where),
      paging,
    );
    return {
      content: content.map((row) => ({ ...row.policy, scopeName: row.scopeName })),
      totalElements,
    };
  },

  async byIds(db: Database, ids: readonly number[]) {
    return db
      .select()
      .from(pricePolicies)
      .where(inArray(pricePolicies.id, [...ids]));
  },

  /** Every active policy: few enough to keep in memory and choose from for each machine. */
  async active(db: Database) {
    return db.select().from(pricePolicies).where(eq(pricePolicies.status, 'ACTIVE'));
  },

  async insert(db: Database, values: NewPolicy): Promise<number> {
    const [created] = await db.insert(pricePolicies).values(values).returning({ id: pricePolicies.id });
    return (created as { id: number }).id;
  },

  async update(db: Database, id: number, values: Partial<NewPolicy>) {
    const changed = await db
      .update(pricePolicies)
      .set(values)
      .where(eq(pricePolicies.id, id))
      .returning({ id: pricePolicies.id });
    return changed.length > 0;
  },

  async remove(db: Database, ids: readonly number[]) {
    await db.delete(pricePolicies).where(inArray(pricePolicies.id, [...ids]));
  },

  async modelExists(db: Database, id: number) {
    const [row] = await db.select({ id: machineModels.id }).from(machineModels).where(eq(machineModels.id, id));
    return row !== undefined;
  },

  async machineHolder(db: Database, id: number) {
    const [row] = await db
      .select({ id: machines.id, agentId: machines.agentId, deptId: agents.deptId })
      .from(machines)
      .leftJoin(agents, eq(agents.id, machines.agentId))
      .where(eq(machines.id, id));
    return row;
  },
};
