import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { unavailable } from '../../lib/http-errors.ts';
import { healthRepository as repo } from './health.repository.ts';

/** How long readiness waits for the database before saying no. */
const READY_TIMEOUT_MS = 2000;

export type HealthService = ReturnType<typeof createHealthService>;

export function createHealthService(
  { db, database }: Pick<Deps, 'db'> & Partial<Pick<Deps, 'database'>>,
  options: { timeoutMs?: number } = {},
) {
  const timeoutMs = options.timeoutMs ?? READY_TIMEOUT_MS;
  // The newest migration this build ships; the database is ready once it has been applied.
  const expected = Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return {
    /**
     * Throws 503 unless the database answers within the time limit and carries every migration;
     * says whether the read replica answers, when there is one (reads fall back to the primary).
     */
    async ready(): Promise<{ replica?: 'up' | 'down' }> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
      });
      try {
        const applied = await Promise.race([repo.latestAppliedMigration(db), timeout]);
        if (applied >= expected) {
          const reads = database?.reads;
          return reads ? { replica: (await reads.replicaUp()) ? 'up' : 'down' } : {};
        }
      } catch {
        // Why the database does not answer is not the prober's business.
      } finally {
        clearTimeout(timer);
      }
      throw unavailable();
    },
  };
}
