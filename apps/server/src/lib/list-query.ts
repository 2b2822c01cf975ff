import { seededNamesMatching } from '@water/contract/seeded-names';
import { and, asc, count, desc, getTableColumns, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { invalidField } from './http-errors.ts';
import { parseWireTime } from './time.ts';

/**
 * Rows where any of the columns contains the text, case-insensitively; LIKE wildcards are taken
 * literally. With `seeded`, a column also matches when it holds a seeded name whose Chinese
 * contains the text (the console shows seeded names in its language: 研发 finds R&D).
 */
export function containsText(
  columns: PgColumn[],
  text: string | undefined,
  options: { seeded?: boolean } = {},
): SQL | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const pattern = `%${trimmed.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const seeded = options.seeded ? seededNamesMatching(trimmed) : [];
  return or(
    ...columns.map((column) => ilike(column, pattern)),
    ...(seeded.length > 0 ? columns.map((column) => inArray(column, seeded)) : []),
  );
}

/** Rows whose time lies between the two times of a range filter, both included (a bare end date: its whole day). */
export function between(column: PgColumn, range: readonly string[] | undefined, field = 'createTime'): SQL | undefined {
  if (!range || range.length === 0) return undefined;
  const [first = '', last = first] = range;
  const start = parseWireTime(first, false);
  const end = parseWireTime(last, true);
  if (!start || !end) {
    throw invalidField(
      field,
      { key: 'errors.notRealDateTime', values: { value: (start ? last : first) ?? '' } },
      'format',
    );
  }
  return and(gte(column, start), lt(column, end));
}

/** Rows whose department lies in a data scope (`null`: not restricted). */
export function inDeptScope(column: PgColumn, scope: ReadonlySet<number> | null): SQL | undefined {
  return scope === null ? undefined : inArray(column, [...scope]);
}

export interface ListQuery {
  page?: number;
  size?: number;
  sort?: string | string[];
}

export interface Paging {
  /** Absent when the caller asked for every row (no `page`), as eladmin clients do for trees. */
  limit?: number;
  offset: number;
  orderBy: SQL[];
}

export interface SortKey<F extends string = string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * The `sort=field,asc|desc` parameters (repeatable) of a list, checked against the fields it
 * declares sortable; anything else is a 400 naming the parameter.
 */
export function sortKeys<F extends string>(sort: string | string[] | undefined, sortable: readonly F[]): SortKey<F>[] {
  const entries = sort === undefined ? [] : Array.isArray(sort) ? sort : [sort];
  return entries.map((entry) => {
    const [field = '', direction = 'asc'] = entry.split(',').map((part) => part.trim());
    if (!(sortable as readonly string[]).includes(field)) {
      throw invalidField(
        'sort',
        { key: 'errors.cannotSort', values: { field, fields: sortable.join(', ') } },
        'choice',
      );
    }
    const dir = direction.toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') {
      throw invalidField('sort', `direction must be asc or desc, got "${direction}"`, 'choice');
    }
    return { field: field as F, direction: dir };
  });
}

/** Rows sorted in memory by checked sort keys (lists that are not read page by page from SQL). */
export function sortRows<T>(rows: readonly T[], keys: readonly SortKey<keyof T & string>[]): T[] {
  const sorted = [...rows];
  if (keys.length === 0) return sorted;
  return sorted.sort((a, b) => {
    for (const { field, direction } of keys) {
      const x = a[field];
      const y = b[field];
      if (x === y) continue;
      const order = x === null || x === undefined ? -1 : y === null || y === undefined ? 1 : x < y ? -1 : 1;
      return direction === 'asc' ? order : -order;
    }
    return 0;
  });
}

/**
 * Turns `page` (0-based), `size` and repeatable `sort=field,asc|desc` into SQL pieces. Only the
 * fields a list declares sortable are accepted; anything else is a 400 naming the field. The
 * list's default order (`fallback`, which ends with the id) follows the chosen keys: rows equal on
 * them keep one order, so that paging never shows a row twice or skips one.
 */
export function toPaging(query: ListQuery, sortable: Record<string, PgColumn | SQL>, fallback: SQL[]): Paging {
  const orderBy = sortKeys(query.sort, Object.keys(sortable)).map(({ field, direction }) => {
    const column = sortable[field] as PgColumn | SQL;
    return direction === 'asc' ? asc(column) : desc(column);
  });
  orderBy.push(...fallback);
  if (query.page === undefined) return { offset: 0, orderBy };
  const size = query.size ?? 10;
  return { limit: size, offset: query.page * size, orderBy };
}

/** The named columns of a table, e.g. the ones a list sorts by: `columnsOf(jobs, ['id', 'name'])`. */
export function columnsOf<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Pick<T['_']['columns'], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as Pick<T['_']['columns'], K>;
}

/** `{ content, totalElements }`, the shape of every list answer. */
export interface PageResult<T> {
  content: T[];
  totalElements: number;
}

/** One page of a table's rows matching `where`, with the count of all matching rows. */
/**
 * A page of a query the caller built (its joins, columns and filter): its rows in the paging's
 * order, from its offset, at most its limit (all of them for an export), and how many match in all.
 */
export async function pageOf<Q extends PgSelect>(
  query: Q,
  counted: PromiseLike<{ n: number }[]>,
  paging: Paging,
): Promise<{ content: Awaited<Q>; totalElements: number }> {
  const ordered = query.orderBy(...paging.orderBy).offset(paging.offset);
  const [content, [total]] = await Promise.all([
    paging.limit === undefined ? ordered : ordered.limit(paging.limit),
    counted,
  ]);
  return { content: content as Awaited<Q>, totalElements: total?.n ?? 0 };
}

export async function selectPage<T extends PgTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  paging: Paging,
): Promise<PageResult<T['$inferSelect']>> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...paging.orderBy)
    .offset(paging.offset)
    .$dynamic();
  const [rows, [total]] = await Promise.all([
    paging.limit === undefined ? query : query.limit(paging.limit),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { content: rows as T['$inferSelect'][], totalElements: total?.n ?? 0 };
}
