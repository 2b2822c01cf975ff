import type { DeptCreateInput, DeptNode, DeptQuery, DeptUpdateInput } from '@water/contract/depts';
import { and, count, eq, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { depts, users } from '../../db/schema.ts';
import { badRequest, forbidden, forbiddenField, invalidField, notFound } from '../../lib/http-errors.ts';
import { between, containsText } from '../../lib/list-query.ts';
import { inScope, type Principal } from '../../lib/principal.ts';
import { allDepts, type DeptRow, findDept, recountChildren, toDeptDto, withDescendants } from './depts.repository.ts';

/**
 * The departments a list asks for, as eladmin answers them: a search (name or creation time) is
 * a flat list of matches, `pid` the children of that department, and otherwise the top of the
 * tree the caller may see (the top level, or the highest departments of a restricted scope).
 */
export function deptConditions(caller: Principal, query: Omit<DeptQuery, 'page' | 'size' | 'sort'>, flat = false) {
  const searching = Boolean(query.name?.trim()) || (query.createTime?.length ?? 0) > 0;
  const conditions: (SQL | undefined)[] = [
    query.enabled === undefined ? undefined : eq(depts.enabled, query.enabled),
    containsText([depts.name], query.name),
    between(depts.createTime, query.createTime),
  ];
  const scope = caller.scope === null ? null : [...caller.scope];
  if (scope) conditions.push(inArray(depts.id, scope));
  if (query.pid !== undefined) {
    conditions.push(query.pid === 0 ? isNull(depts.pid) : eq(depts.pid, query.pid));
  } else if (!searching && !flat) {
    conditions.push(scope ? or(isNull(depts.pid), notInArray(depts.pid, scope)) : isNull(depts.pid));
  }
  return and(...conditions);
}

/** The parent a form names, checked: it exists and lies in the caller's scope (0 and null: the top level). */
async function checkedParent(db: Database, caller: Principal, pid: number | null | undefined): Promise<number | null> {
  const parent = pid ? pid : null;
  if (parent !== null && !(await findDept(db, parent)))
    throw invalidField('pid', `no department with id ${parent}`, 'unknown_reference');
  if (caller.scope !== null && !inScope(caller, parent)) {
    throw forbiddenField(
      'pid',
      parent === null
        ? 'only a user with an unrestricted data scope can add a top-level department'
        : `department ${parent} is outside your data scope`,
    );
  }
  return parent;
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalidField('name', 'must not be empty', 'required');
  return trimmed;
}

export async function createDept(app: FastifyInstance, caller: Principal, input: DeptCreateInput): Promise<void> {
  const name = checkedName(input.name);
  const pid = await checkedParent(app.db, caller, input.pid);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx.insert(depts).values({
      pid,
      name,
      deptSort: input.deptSort ?? 999,
      enabled: input.enabled ?? true,
      createBy: caller.username,
      updateBy: caller.username,
      createTime: now,
      updateTime: now,
    });
    await recountChildren(tx, [pid]);
  });
}

async function scopedDept(db: Database, caller: Principal, id: number): Promise<DeptRow> {
  const dept = await findDept(db, id);
  if (!dept) throw notFound(`No department with id ${id}`);
  if (!inScope(caller, dept.id)) throw forbidden(`The department "${dept.name}" is outside your data scope`);
  return dept;
}

export async function updateDept(app: FastifyInstance, caller: Principal, input: DeptUpdateInput): Promise<void> {
  const dept = await scopedDept(app.db, caller, input.id);
  const name = checkedName(input.name);
  const pid = input.pid === undefined ? dept.pid : input.pid || null;
  if (pid !== dept.pid) {
    await checkedParent(app.db, caller, pid);
    if (pid !== null && (await withDescendants(app.db, [dept.id])).includes(pid)) {
      throw invalidField('pid', 'a department cannot move under itself or one of its own sub-departments');
    }
  }
  await app.db.transaction(async (tx) => {
    await tx
      .update(depts)
      .set({
        pid,
        name,
        ...(input.deptSort === undefined ? {} : { deptSort: input.deptSort }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        updateBy: caller.username,
        updateTime: app.clock.now(),
      })
      .where(eq(depts.id, dept.id));
    await recountChildren(tx, [dept.pid, pid]);
  });
}

/** Deletes departments with everything below them, unless a user still belongs to one of them. */
export async function deleteDepts(app: FastifyInstance, caller: Principal, ids: number[]): Promise<void> {
  const roots: DeptRow[] = [];
  for (const id of new Set(ids)) roots.push(await scopedDept(app.db, caller, id));
  const doomed = await withDescendants(
    app.db,
    roots.map((root) => root.id),
  );
  const occupied = await app.db
    .select({ name: depts.name, n: count() })
    .from(users)
    .innerJoin(depts, eq(depts.id, users.deptId))
    .where(inArray(users.deptId, doomed))
    .groupBy(depts.id, depts.name);
  if (occupied.length > 0) {
    const names = occupied.map((dept) => `"${dept.name}"`).join(', ');
    throw badRequest(`Users still belong to ${names}; move or delete them before deleting the department`);
  }
  await app.db.transaction(async (tx) => {
    await tx.delete(depts).where(inArray(depts.id, doomed));
    await recountChildren(
      tx,
      roots.map((root) => root.pid).filter((pid) => pid === null || !doomed.includes(pid)),
    );
  });
}

/**
 * For the parent picker: the top level and, for each department named, its siblings and those of
 * each of its ancestors, nested under their parents.
 */
export async function superiorTree(
  app: FastifyInstance,
  ids: number[],
): Promise<{ content: DeptNode[]; totalElements: number }> {
  const all = await allDepts(app.db);
  const byId = new Map(all.map((dept) => [dept.id, dept]));
  const chosen = new Set<number>();
  for (const id of new Set(ids)) {
    let current: DeptRow | undefined = byId.get(id);
    if (!current) throw notFound(`No department with id ${id}`);
    const visited = new Set<number>();
    while (current && !visited.has(current.id)) {
      visited.add(current.id);
      const parentId: number | null = current.pid;
      for (const dept of all) if (dept.pid === parentId) chosen.add(dept.id);
      current = parentId === null ? undefined : byId.get(parentId);
    }
  }
  const nodes = new Map<number, DeptNode>();
  for (const dept of all) if (chosen.has(dept.id)) nodes.set(dept.id, toDeptDto(dept));
  const content: DeptNode[] = [];
  for (const node of nodes.values()) {
    const parent: DeptNode | undefined = node.pid === null ? undefined : nodes.get(node.pid);
    if (!parent) content.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return { content, totalElements: nodes.size };
}
