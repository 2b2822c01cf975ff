import type { ExportJob } from '@water/contract/exports';
import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, ts } from '../../db/columns.ts';

/** A list exported in the background (too long to answer at once), kept for its user to download. */
export const exportJobs = pgTable(
  'biz_export',
  {
    id: id(),
    /** What is exported: `orders`. */
    kind: varchar('kind', { length: 16 }).$type<ExportJob['kind']>().notNull(),
    /** `PENDING → RUNNING → DONE | FAILED`. */
    status: varchar('status', { length: 8 }).$type<ExportJob['status']>().notNull().default('PENDING'),
    rows: integer('rows').notNull().default(0),
    /** The stored file, once done, and its size in bytes. */
    fileName: varchar('file_name', { length: 64 }),
    size: bigint('size', { mode: 'number' }),
    /** Why it failed, for its user: a text of the console's catalog by its key (before them, an English sentence). */
    error: varchar('error', { length: 255 }),
    userId: integer('user_id').notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    doneTime: ts('done_time'),
  },
  (t) => [index('biz_export_user_idx').on(t.userId, t.createTime)],
);
