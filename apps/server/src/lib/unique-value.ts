import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

/**
 * Whether a row other than `exceptId` already holds `value` in `column`: the check behind every
 * "is already used" field error (the unique index still has the last word on a race).
 */
export async function valueTaken(
  db: Database,
  table: PgTable & { id: PgColumn },
  column: PgColumn,
  value: string,
  exceptId?: number,
): Promise<boolean> {
  const same = eq(column, value);
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(exceptId === undefined ? same : (and(same, ne(table.id, exceptId)) as SQL))
    .limit(1);
  return row !== undefined;
}
