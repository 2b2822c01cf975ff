import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exportJobs } from './exports.schema.ts';

export type ExportRecord = typeof exportJobs.$inferSelect;

export const exportsRepository = {
  async insert(db: Database, kind: ExportRecord['kind'], userId: number): Promise<ExportRecord> {
    const [row] = await db.insert(exportJobs).values({ kind, userId }).returning();
    return row as ExportRecord;
  },

  async update(db: Database, id: number, values: Partial<typeof exportJobs.$inferInsert>) {
    await db.update(exportJobs).set(values).where(eq(exportJobs.id, id));
  },

  async byId(db: Database, id: number): Promise<ExportRecord | undefined> {
    const [row] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
    return row;
  },

  /** A user's latest exports, newest first. */
  async mine(db: Database, userId: number, limit: number) {
    return db
      .select()
      .from(exportJobs)
      .where(eq(exportJobs.userId, userId))
      .orderBy(desc(exportJobs.createTime), desc(exportJobs.id))
      .limit(limit);
  },

  /** Exports finished before `kept`, and those left unfinished since `stalled` (their instance stopped). */
  async stale(db: Database, kept: Date, stalled: Date) {
    return db
      .select()
      .from(exportJobs)
      .where(
        or(
          lt(exportJobs.createTime, kept),
          and(inArray(exportJobs.status, ['PENDING', 'RUNNING']), lt(exportJobs.createTime, stalled)),
        ),
      );
  },

  async remove(db: Database, ids: readonly number[]) {
    if (ids.length > 0) await db.delete(exportJobs).where(inArray(exportJobs.id, [...ids]));
  },
};
