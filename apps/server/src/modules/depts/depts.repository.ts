import { Dept, type DeptQuery } from '@water/contract/depts';
import { and, asc, count, eq, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Principal } from '../../domain/principal.ts';
import { between, columnsOf, containsText, type Paging, selectPage } from '../../lib/list-query.ts';
import { descendantsOf, recountChildren } from '../../lib/tree.ts';
import { wireOf } from '../../lib/wire.ts';
import { agents } from '../agents/agents.read-model.ts';
import { users } from '../users/users.read-model.ts';
import { depts } from './depts.schema.ts';

export type DeptRow = typeof depts.$inferSelect;
export type NewDept = typeof depts.$inferInsert;
export type DeptFilters = Omit<DeptQuery, 'page' | 'size' | 'sort'>;

export const deptSortable = columnsOf(depts, ['id', 'name', 'deptSort', 'enabled', 'createTime', 'updateTime']);
export const deptOrder = [asc(depts.deptSort), asc(depts.id)];

/** A department on the wire; `parents` names the parents the caller may see. */
export const toDeptDto = (row: DeptRow, parents: ReadonlyMap<number, string>): Dept =>
  wireOf(Dept, {
    ...row,
    parentName: row.pid === null ? null : (parents.get(row.pid) ?? null),
    hasChildren: row.subCount > 0,
    leaf: row.subCount === 0,
    label: row.name,
  });

/**
 * The departments a list asks for, as eladmin answers them: a search (name or creation time) is
 * a flat list of matches, `pid` the children of that department, and otherwise the top of the
 * tree the caller may see (the top level, or the highest departments of a restricted scope).
 */
function matching(principal: Principal, query: DeptFilters, flat: boolean): SQL | undefined {
  const searching = Boolean(query.name?.trim()) || (query.createTime?.length ?? 0) > 0;
  const conditions: (SQL | undefined)[] = [
    query.enabled === undefined ? undefined : eq(depts.enabled, query.enabled),
    containsText([depts.name], query.name, { seeded: true }),
    between(depts.createTime, query.createTime),
  ];
  const scope = principal.scope === null ? null : [...principal.scope];
  if (scope) conditions.push(inArray(depts.id, scope));
  if (query.pid !== undefined) {
    conditions.push(query.pid === 0 ? isNull(depts.pid) : eq(depts.pid, query.pid));
  } else if (!searching && !flat) {
    conditions.push(scope ? or(isNull(depts.pid), notInArray(depts.pid, scope)) : isNull(depts.pid));
  }
  return and(...conditions);
}

export const deptsRepository = {
  page: (db: Database, principal: Principal, query: DeptFilters, paging: Paging) =>
    selectPage(db, depts, matching(principal, query, false), paging),

  /** Every department matching the filters, as a flat list (exports). */
  all: (db: Database, principal: Principal, query: DeptFilters, paging: Paging) =>
    db
      .select()
      .from(depts)
      .where(matching(principal, query, true))
      .orderBy(...paging.orderBy),

  everything: (db: Database) =>
    db
      .select()
      .from(depts)
      .orderBy(...deptOrder),

  /** The names of the departments given, by id. */
  namesOf: async (db: Database, ids: readonly number[]): Promise<Map<number, string>> =>
    new Map(
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: depts.id, name: depts.name })
              .from(depts)
              .where(inArray(depts.id, [...ids]))
          ).map((row) => [row.id, row.name] as const),
    ),

  byId: async (db: Database, id: number): Promise<DeptRow | undefined> =>
    (await db.select().from(depts).where(eq(depts.id, id)))[0],

  withDescendants: (db: Database, roots: readonly number[]) => descendantsOf(db, depts, roots),

  /** Departments among those named that users still belong to, with how many. */
  occupied: (db: Database, ids: readonly number[]) =>
    db
      .select({ name: depts.name, n: count() })
      .from(users)
      .innerJoin(depts, eq(depts.id, users.deptId))
      .where(inArray(users.deptId, [...ids]))
      .groupBy(depts.id, depts.name),

  /** Adds a department within the caller's unit of work; answers its id. */
  async insertWithin(tx: Database, values: NewDept): Promise<number> {
    const [row] = await tx.insert(depts).values(values).returning({ id: depts.id });
    await recountChildren(tx, depts, [values.pid ?? null]);
    return (row as { id: number }).id;
  },

  /** Renames a department within the caller's unit of work. */
  async rename(tx: Database, id: number, name: string, by: string | null | undefined, now: Date): Promise<void> {
    await tx.update(depts).set({ name, updateBy: by, updateTime: now }).where(eq(depts.id, id));
  },

  insert: async (tx: Database, values: NewDept) => {
    await tx.insert(depts).values(values);
    await recountChildren(tx, depts, [values.pid ?? null]);
  },

  /**
   * Updates (and maybe moves) a department; both parents' child counts follow. False when the
   * department is gone (deleted meanwhile), changing nothing.
   */
  update: async (tx: Database, id: number, values: Partial<NewDept>, parents: (number | null)[]) => {
    const updated = await tx.update(depts).set(values).where(eq(depts.id, id)).returning({ id: depts.id });
    if (updated.length === 0) return false;
    await recountChildren(tx, depts, parents);
    return true;
  },

  /** Which of these departments are agents' own: they stay where they are, and stay. */
  agentDeptsAmong: async (db: Database, ids: readonly number[]) =>
    ids.length === 0
      ? []
      : db
          .select({ id: depts.id, name: depts.name })
          .from(agents)
          .innerJoin(depts, eq(depts.id, agents.deptId))
          .where(inArray(agents.deptId, [...ids])),

  delete: async (tx: Database, ids: readonly number[], parents: (number | null)[]) => {
    await tx.delete(depts).where(inArray(depts.id, [...ids]));
    await recountChildren(tx, depts, parents);
  },
};
