import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { between, columnsOf, containsText, type Paging, selectPage } from '../../lib/list-query.ts';
import { storedFiles } from './storage.schema.ts';

export type FileRow = typeof storedFiles.$inferSelect;

export const fileSortable = columnsOf(storedFiles, ['id', 'name', 'size', 'createTime']);
export const fileOrder = [desc(storedFiles.id)];

export interface FileFilter {
  blurry?: string;
  /** A category; `image` when only images are listed. */
  type?: string;
  createTime?: readonly string[];
}

const matching = (filter: FileFilter): SQL | undefined =>
  and(
    containsText([storedFiles.name], filter.blurry),
    filter.type ? eq(storedFiles.type, filter.type) : undefined,
    between(storedFiles.createTime, filter.createTime),
  );

export const storageRepository = {
  page: (db: Database, filter: FileFilter, paging: Paging) => selectPage(db, storedFiles, matching(filter), paging),

  /** The display name of a stored file, by the name it is stored under. */
  displayName: async (db: Database, realName: string) =>
    (await db.select({ name: storedFiles.name }).from(storedFiles).where(eq(storedFiles.realName, realName)))[0]?.name,

  insert: async (db: Database, values: typeof storedFiles.$inferInsert) =>
    (await db.insert(storedFiles).values(values).returning())[0] as FileRow,

  /** Answers whether the file existed. */
  rename: async (db: Database, id: number, values: { name: string; updateBy: string; updateTime: Date }) =>
    (await db.update(storedFiles).set(values).where(eq(storedFiles.id, id)).returning({ id: storedFiles.id })).length >
    0,

  byIds: (db: Database, ids: readonly number[]) =>
    db
      .select()
      .from(storedFiles)
      .where(inArray(storedFiles.id, [...ids])),

  delete: (db: Database, ids: readonly number[]) => db.delete(storedFiles).where(inArray(storedFiles.id, [...ids])),
};
