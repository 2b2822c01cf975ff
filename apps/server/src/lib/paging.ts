import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { invalidField } from './http-errors.ts';

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

/**
 * Turns `page` (0-based), `size` and repeatable `sort=field,asc|desc` into SQL pieces. Only the
 * fields a list declares sortable are accepted; anything else is a 400 naming the field.
 */
export function toPaging(query: ListQuery, sortable: Record<string, PgColumn>, fallback: SQL[]): Paging {
  const sorts = query.sort === undefined ? [] : Array.isArray(query.sort) ? query.sort : [query.sort];
  const orderBy: SQL[] = [];
  for (const entry of sorts) {
    const [field = '', direction = 'asc'] = entry.split(',').map((part) => part.trim());
    const column = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
    if (!column)
      throw invalidField('sort', `cannot sort by "${field}"; use one of ${Object.keys(sortable).join(', ')}`);
    const dir = direction.toLowerCase();
    if (dir !== 'asc' && dir !== 'desc')
      throw invalidField('sort', `direction must be asc or desc, got "${direction}"`);
    orderBy.push(dir === 'asc' ? asc(column) : desc(column));
  }
  if (orderBy.length === 0) orderBy.push(...fallback);
  if (query.page === undefined) return { offset: 0, orderBy };
  const size = query.size ?? 10;
  return { limit: size, offset: query.page * size, orderBy };
}

/** `{ content, totalElements }`, the shape of every list answer. */
export interface PageResult<T> {
  content: T[];
  totalElements: number;
}

/** One page of a table's rows matching `where`, with the count of all matching rows. */
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
