import type { SiteQuery } from '@water/contract/sites';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { columnsOf, containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { agents } from '../agents/agents.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { dictDetails, dicts } from '../dicts/dicts.read-model.ts';
import { machines } from '../machines/machines.read-model.ts';
import { sites } from './sites.schema.ts';

export const siteSortable = columnsOf(sites, ['id', 'name', 'type', 'status', 'createTime']);
export const siteOrder = [desc(sites.id)];

export type SiteRow = typeof sites.$inferSelect & { agentName: string; machines: number };
export type NewSite = typeof sites.$inferInsert;

const installed = sql<number>`(SELECT count(*)::int FROM ${machines} WHERE ${machines.siteId} = ${sites.id})`;

function matching(scope: ReadonlySet<number> | null, query: Omit<SiteQuery, 'page' | 'size'>): SQL | undefined {
  return and(
    scope === null ? undefined : inArray(agents.deptId, [...scope]),
    containsText([sites.name, sites.address, sites.ownerName], query.blurry),
    query.agentId ? eq(sites.agentId, query.agentId) : undefined,
    query.type ? eq(sites.type, query.type) : undefined,
    query.status ? eq(sites.status, query.status) : undefined,
  );
}

function selectSites(db: Database) {
  return db
    .select({ site: sites, agentName: depts.name, machines: installed })
    .from(sites)
    .innerJoin(agents, eq(agents.id, sites.agentId))
    .innerJoin(depts, eq(depts.id, agents.deptId))
    .$dynamic();
}

const flatten = (row: { site: typeof sites.$inferSelect; agentName: string; machines: number }): SiteRow => ({
  ...row.site,
  agentName: row.agentName,
  machines: row.machines,
});

export const sitesRepository = {
  async page(db: Database, scope: ReadonlySet<number> | null, query: Omit<SiteQuery, 'page' | 'size'>, paging: Paging) {
    const where = matching(scope, query);
    const { content, totalElements } = await pageOf(
      selectSites(db).where(where).$dynamic(),
      db.select({ n: count() }).from(sites).innerJoin(agents, eq(agents.id, sites.agentId)).where(where),
      paging,
    );
    return { content: content.map(flatten), totalElements };
  },

  async byId(db: Database, id: number): Promise<(SiteRow & { agentDeptId: number }) | undefined> {
    const [row] = await db
      .select({ site: sites, agentName: depts.name, machines: installed, agentDeptId: agents.deptId })
      .from(sites)
      .innerJoin(agents, eq(agents.id, sites.agentId))
      .innerJoin(depts, eq(depts.id, agents.deptId))
      .where(eq(sites.id, id));
    return row && { ...flatten(row), agentDeptId: row.agentDeptId };
  },

  /** The values of a dictionary (the site types). */
  async dictValues(db: Database, name: string): Promise<string[]> {
    const rows = await db
      .select({ value: dictDetails.value })
      .from(dictDetails)
      .innerJoin(dicts, eq(dicts.id, dictDetails.dictId))
      .where(eq(dicts.name, name));
    return rows.map((row) => row.value);
  },

  insert: (db: Database, values: NewSite) => db.insert(sites).values(values),
  /** Answers whether the site was there to update. */
  update: async (db: Database, id: number, values: Partial<NewSite>) =>
    (await db.update(sites).set(values).where(eq(sites.id, id)).returning({ id: sites.id })).length > 0,
  delete: (db: Database, ids: readonly number[]) => db.delete(sites).where(inArray(sites.id, [...ids])),
};
