import type { PageOf } from '@water/contract/common';
import {
  DEPT_COLUMNS,
  type Dept,
  type DeptCreateInput,
  type DeptFilter,
  type DeptNode,
  type DeptQuery,
  type DeptUpdateInput,
} from '@water/contract/depts';
import type { Static } from 'typebox';
import type { Database } from '../../db/client.ts';
import { inScope, type Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  badRequest,
  emptyField,
  forbidden,
  forbiddenField,
  invalidField,
  noSuch,
  notFound,
  unknownRecord,
} from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import type { ListSheet } from '../../lib/list-sheet.ts';
import { quotedNames } from '../../lib/texts.ts';
import { nest, superiorRows } from '../../lib/tree.ts';
import { type DeptRow, deptOrder, deptSortable, deptsRepository as repo, toDeptDto } from './depts.repository.ts';

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw emptyField('name');
  return trimmed;
}

const namesOf = (rows: readonly { name: string }[]) => quotedNames(rows.map((row) => row.name));

export type DeptsService = ReturnType<typeof createDeptsService>;

/** Departments within the caller's data scope; a department users belong to cannot be deleted. */
export function createDeptsService({ db, clock, principals }: Pick<Deps, 'db' | 'clock' | 'principals'>) {
  /**
   * The department an agent is, kept by the agents module in its unit of work: added beneath its
   * parent agent's department, renamed with the agent.
   */
  const ofAgents = {
    create: (tx: Database, dept: { name: string; pid: number | null; by: string; now: Date }) =>
      repo.insertWithin(tx, {
        pid: dept.pid,
        name: dept.name,
        createBy: dept.by,
        updateBy: dept.by,
        createTime: dept.now,
        updateTime: dept.now,
      }),
    rename: (tx: Database, id: number, name: string, by: string | null | undefined, now: Date) =>
      repo.rename(tx, id, name, by, now),
  };

  /** The parent a form names, checked: it exists and lies in the caller's scope (0 and null: the top level). */
  async function checkedParent(principal: Principal, pid: number | null | undefined): Promise<number | null> {
    const parent = pid ? pid : null;
    if (parent !== null && !(await repo.byId(db, parent))) {
      throw invalidField('pid', unknownRecord('department', parent), 'unknown_reference');
    }
    if (principal.scope !== null && !inScope(principal, parent)) {
      throw forbiddenField(
        'pid',
        parent === null
          ? { key: 'errors.depts.topLevelUnrestricted' }
          : { key: 'errors.depts.outsideScope', values: { id: parent } },
      );
    }
    return parent;
  }

  async function scopedDept(principal: Principal, id: number): Promise<DeptRow> {
    const dept = await repo.byId(db, id);
    if (!dept) throw notFound(noSuch('department', id));
    if (!inScope(principal, dept.id)) {
      throw forbidden({ key: 'errors.depts.namedOutsideScope', values: { name: { name: dept.name } } });
    }
    return dept;
  }

  /** The names of the departments' parents within the caller's data scope. */
  async function parentsOf(principal: Principal, rows: readonly DeptRow[]): Promise<Map<number, string>> {
    const pids = new Set(rows.flatMap((row) => (row.pid !== null && inScope(principal, row.pid) ? [row.pid] : [])));
    return repo.namesOf(db, [...pids]);
  }

  return {
    ofAgents,
    async list(principal: Principal, query: DeptQuery): Promise<PageOf<Dept>> {
      const page = await repo.page(db, principal, query, toPaging(query, deptSortable, deptOrder));
      const parents = await parentsOf(principal, page.content);
      return { content: page.content.map((row) => toDeptDto(row, parents)), totalElements: page.totalElements };
    },

    async exportSheet(principal: Principal, filter: Static<typeof DeptFilter>): Promise<ListSheet<Dept>> {
      const rows = await repo.all(db, principal, filter, toPaging({ sort: filter.sort }, deptSortable, deptOrder));
      const parents = await parentsOf(principal, rows);
      return { name: 'departments', columns: DEPT_COLUMNS, rows: rows.map((row) => toDeptDto(row, parents)) };
    },

    async create(principal: Principal, input: DeptCreateInput): Promise<void> {
      const name = checkedName(input.name);
      const pid = await checkedParent(principal, input.pid);
      const now = clock.now();
      await db.transaction((tx) =>
        repo.insert(tx, {
          pid,
          name,
          deptSort: input.deptSort ?? 999,
          enabled: input.enabled ?? true,
          createBy: principal.username,
          updateBy: principal.username,
          createTime: now,
          updateTime: now,
        }),
      );
      // Custom data scopes reach every department below the chosen ones, new ones included.
      await principals.invalidate();
    },

    async update(principal: Principal, input: DeptUpdateInput): Promise<void> {
      const dept = await scopedDept(principal, input.id);
      const name = checkedName(input.name);
      const pid = input.pid === undefined ? dept.pid : input.pid || null;
      if (pid !== dept.pid) {
        await checkedParent(principal, pid);
        const subtree = await repo.withDescendants(db, [dept.id]);
        if (pid !== null && subtree.includes(pid)) {
          throw invalidField('pid', { key: 'errors.depts.underItself' });
        }
        const agentDepts = await repo.agentDeptsAmong(db, subtree);
        if (agentDepts.length > 0) {
          throw invalidField('pid', {
            key: 'errors.depts.agentsMoveOnAgentsPage',
            values: { names: namesOf(agentDepts) },
          });
        }
      }
      const updated = await db.transaction((tx) =>
        repo.update(
          tx,
          dept.id,
          {
            pid,
            name,
            ...(input.deptSort === undefined ? {} : { deptSort: input.deptSort }),
            ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
            updateBy: principal.username,
            updateTime: clock.now(),
          },
          [dept.pid, pid],
        ),
      );
      if (!updated) throw notFound(noSuch('department', dept.id));
      if (pid !== dept.pid) await principals.invalidate();
    },

    /** Deletes departments with everything below them, unless a user still belongs to one of them. */
    async remove(principal: Principal, ids: number[]): Promise<void> {
      const roots: DeptRow[] = [];
      for (const id of new Set(ids)) roots.push(await scopedDept(principal, id));
      const doomed = await repo.withDescendants(
        db,
        roots.map((root) => root.id),
      );
      const agentDepts = await repo.agentDeptsAmong(db, doomed);
      if (agentDepts.length > 0) {
        throw badRequest({ key: 'errors.depts.agentsNotDeleted', values: { names: namesOf(agentDepts) } });
      }
      const occupied = await repo.occupied(db, doomed);
      if (occupied.length > 0) {
        throw badRequest({ key: 'errors.depts.occupied', values: { names: namesOf(occupied) } });
      }
      await db.transaction((tx) =>
        repo.delete(
          tx,
          doomed,
          roots.map((root) => root.pid).filter((pid) => pid === null || !doomed.includes(pid)),
        ),
      );
      await principals.invalidate();
    },

    /**
     * For the parent picker: the top level and, for each department named, its siblings and those
     * of each of its ancestors, nested under their parents.
     */
    /** The parent picker, within the caller's data scope: its top levels are the scope's own. */
    async superior(principal: Principal, ids: number[]): Promise<{ content: DeptNode[]; totalElements: number }> {
      const wanted = [...new Set(ids)];
      for (const id of wanted) await scopedDept(principal, id);
      const visible = (await repo.everything(db)).filter((row) => inScope(principal, row.id));
      const chosen = superiorRows(visible, wanted);
      if ('missing' in chosen) throw notFound(noSuch('department', chosen.missing));
      const names = new Map(visible.map((row) => [row.id, row.name]));
      const content = nest<DeptRow, DeptNode>(chosen, (row, children) => ({
        ...toDeptDto(row, names),
        ...(children ? { children } : {}),
      }));
      return { content, totalElements: chosen.length };
    },
  };
}
