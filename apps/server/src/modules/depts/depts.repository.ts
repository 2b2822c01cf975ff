import type { Dept } from '@water/contract/depts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { depts } from '../../db/schema.ts';
import { formatDateTime } from '../../lib/time.ts';

export type DeptRow = typeof depts.$inferSelect;

export const deptOrder = [asc(depts.deptSort), asc(depts.id)];

export function toDeptDto(row: DeptRow): Dept {
  return {
    id: row.id,
    pid: row.pid,
    subCount: row.subCount,
    name: row.name,
    deptSort: row.deptSort,
    enabled: row.enabled,
    hasChildren: row.subCount > 0,
    leaf: row.subCount === 0,
    label: row.name,
    createBy: row.createBy,
    updateBy: row.updateBy,
    createTime: formatDateTime(row.createTime),
    updateTime: formatDateTime(row.updateTime),
  };
}

export async function findDept(db: Database, id: number): Promise<DeptRow | undefined> {
  const [row] = await db.select().from(depts).where(eq(depts.id, id));
  return row;
}

export function allDepts(db: Database): Promise<DeptRow[]> {
  return db
    .select()
    .from(depts)
    .orderBy(...deptOrder);
}

/** The departments named and every department below them, each once. */
export async function withDescendants(db: Database, roots: readonly number[]): Promise<number[]> {
  if (roots.length === 0) return [];
  const rows = await db
    .select({ id: depts.id })
    .from(depts)
    .where(
      sql`${depts.id} IN (
        WITH RECURSIVE subtree(id) AS (
          SELECT id FROM sys_dept WHERE id IN ${[...roots]}
          UNION
          SELECT child.id FROM sys_dept AS child JOIN subtree ON child.pid = subtree.id
        )
        SELECT id FROM subtree)`,
    );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Recounts the children of the departments named (after a create, move or delete). */
export async function recountChildren(db: Database, ids: readonly (number | null)[]): Promise<void> {
  const targets = [...new Set(ids.filter((id): id is number => id !== null))];
  if (targets.length === 0) return;
  await db
    .update(depts)
    .set({ subCount: sql`(SELECT count(*)::int FROM sys_dept AS child WHERE child.pid = ${depts.id})` })
    .where(inArray(depts.id, targets));
}
