import type { ArtifactKind } from '@water/contract/artifacts';
import { and, desc, eq, inArray, max, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { between, columnsOf, containsText, type Paging, selectPage } from '../../lib/list-query.ts';
import { artifacts } from './artifacts.schema.ts';

export type ArtifactRow = typeof artifacts.$inferSelect;

export const artifactSortable = columnsOf(artifacts, ['id', 'name', 'version', 'size', 'createTime']);
export const artifactOrder = [desc(artifacts.id)];

export interface ArtifactFilter {
  /** The kinds the caller may see. */
  kinds: readonly ArtifactKind[];
  blurry?: string;
  createTime?: readonly string[];
}

const matching = (filter: ArtifactFilter): SQL | undefined =>
  and(
    inArray(artifacts.kind, [...filter.kinds]),
    containsText([artifacts.name, artifacts.notes], filter.blurry),
    between(artifacts.createTime, filter.createTime),
  );

export const artifactsRepository = {
  page: (db: Database, filter: ArtifactFilter, paging: Paging) => selectPage(db, artifacts, matching(filter), paging),

  byId: async (db: Database, id: number) => (await db.select().from(artifacts).where(eq(artifacts.id, id)))[0],

  /**
   * Adds the next version of a name. Two uploads of one name at once may pick the same number:
   * the unique index refuses the second, which the service retries.
   */
  insertNextVersion: async (tx: Database, values: Omit<typeof artifacts.$inferInsert, 'version'>) => {
    const [latest] = await tx
      .select({ version: max(artifacts.version) })
      .from(artifacts)
      .where(and(eq(artifacts.kind, values.kind), eq(artifacts.name, values.name)));
    const [row] = await tx
      .insert(artifacts)
      .values({ ...values, version: (latest?.version ?? 0) + 1 })
      .returning();
    return row as ArtifactRow;
  },
};
