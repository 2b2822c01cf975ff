import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export const healthRepository = {
  /**
   * When the newest applied migration was written (its journal time, ms), 0 when none is: a
   * trivial query, which fails when the database does not answer.
   */
  latestAppliedMigration: async (db: Database): Promise<number> => {
    const result = (await db.execute(
      sql`SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { at: string | number | null }[];
    };
    return Number(result.rows[0]?.at ?? 0);
  },
};
