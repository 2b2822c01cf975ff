import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { consumerCodes } from './consumers.schema.ts';

export type ConsumerCode = typeof consumerCodes.$inferSelect;

/** All SQL of the consumers' sign-in codes. */
export const consumersRepository = {
  async code(db: Database, phone: string): Promise<ConsumerCode | undefined> {
    const [row] = await db.select().from(consumerCodes).where(eq(consumerCodes.phone, phone));
    return row;
  },

  /**
   * Keeps a new code for the phone unless one was sent after `notBefore` (answers whether it
   * was kept): two requests at once send one code.
   */
  async replace(db: Database, row: ConsumerCode, notBefore: Date): Promise<boolean> {
    const kept = await db
      .insert(consumerCodes)
      .values(row)
      .onConflictDoUpdate({
        target: consumerCodes.phone,
        set: { codeHash: row.codeHash, expiresAt: row.expiresAt, tries: 0, sentAt: row.sentAt },
        setWhere: lt(consumerCodes.sentAt, notBefore),
      })
      .returning({ phone: consumerCodes.phone });
    return kept.length > 0;
  },

  /** Counts a try of the phone's code while tries are left; answers the tries made, or undefined when none were left. */
  async countTry(db: Database, phone: string, most: number): Promise<number | undefined> {
    const [row] = await db
      .update(consumerCodes)
      .set({ tries: sql`${consumerCodes.tries} + 1` })
      .where(and(eq(consumerCodes.phone, phone), lt(consumerCodes.tries, most)))
      .returning({ tries: consumerCodes.tries });
    return row?.tries;
  },

  async remove(db: Database, phone: string): Promise<void> {
    await db.delete(consumerCodes).where(eq(consumerCodes.phone, phone));
  },
};
