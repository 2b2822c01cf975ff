import { getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

/**
 * A table that stores a tree by parent id, with the number of children kept on each row: the
 * menus and the departments.
 */
export type TreeTable = PgTable & { id: PgColumn; pid: PgColumn; subCount: PgColumn };

export interface TreeRow {
  id: number;
  pid: number | null;
}

/** The ids named and every id below them, each once, ascending. */
export async function descendantsOf(db: Database, table: TreeTable, roots: readonly number[]): Promise<number[]> {
  if (roots.length === 0) return [];
  const name = sql.identifier(getTableName(table));
  const rows = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE subtree(id) AS (
      SELECT id FROM ${name} WHERE id IN ${[...roots]}
      UNION
      SELECT child.id FROM ${name} AS child JOIN subtree ON child.pid = subtree.id
    )
    SELECT id FROM subtree ORDER BY id`);
  return (rows as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

/** Recounts the children of the rows named (after a create, move or delete). */
export async function recountChildren(db: Database, table: TreeTable, ids: readonly (number | null)[]): Promise<void> {
  const targets = [...new Set(ids.filter((id): id is number => id !== null))];
  if (targets.length === 0) return;
  const name = sql.identifier(getTableName(table));
  await db
    .update(table)
    .set({ subCount: sql`(SELECT count(*)::int FROM ${name} AS child WHERE child.pid = ${table.id})` } as never)
    .where(inArray(table.id, targets) as SQL);
}

/** The id and every descendant id of each root, from rows already read. */
export function subtreeIds(rows: readonly TreeRow[], roots: readonly number[]): number[] {
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.pid !== null) children.set(row.pid, [...(children.get(row.pid) ?? []), row.id]);
  }
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...seen];
}

/**
 * Nests rows under their parents, in the order of the rows; a row whose parent is not among
 * them is a root. `toNode` builds a node from a row and its children (undefined for a leaf).
 */
export function nest<R extends TreeRow, N>(rows: readonly R[], toNode: (row: R, children: N[] | undefined) => N): N[] {
  const ids = new Set(rows.map((row) => row.id));
  const byParent = new Map<number | null, R[]>();
  for (const row of rows) {
    const parent = row.pid !== null && ids.has(row.pid) ? row.pid : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const build = (parent: number | null): N[] =>
    (byParent.get(parent) ?? []).map((row) => {
      const children = build(row.id);
      return toNode(row, children.length > 0 ? children : undefined);
    });
  return build(null);
}

/**
 * For a parent picker: the top level, and the siblings of each row named and of every one of
 * its ancestors. A row whose parent is not among the rows counts as top level. Answers
 * `{ missing }` for an id that is not among the rows.
 */
export function superiorRows<R extends TreeRow>(rows: readonly R[], ids: readonly number[]): R[] | { missing: number } {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const parents = new Set<number | null>([null]);
  for (const id of ids) {
    let row = byId.get(id);
    if (!row) return { missing: id };
    const visited = new Set<number>();
    while (row && !visited.has(row.id)) {
      visited.add(row.id);
      parents.add(row.pid);
      row = row.pid === null ? undefined : byId.get(row.pid);
    }
  }
  // A row whose parent is not among the rows (outside a data scope) is a top-level row too.
  return rows.filter((row) => parents.has(row.pid) || (row.pid !== null && !byId.has(row.pid)));
}
