import type { ArtifactKind } from '@water/contract/artifacts';
import { bigint, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.ts';

/**
 * Uploaded deployment packages and database scripts, kept as versioned artifacts (the server
 * never runs them): each upload of a name is its next version.
 */
export const artifacts = pgTable(
  'ops_artifact',
  {
    id: id(),
    /** `deploy` (a package) or `database` (an SQL script). */
    kind: varchar('kind', { length: 16 }).$type<ArtifactKind>().notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    version: integer('version').notNull(),
    realName: varchar('real_name', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    notes: varchar('notes', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('ops_artifact_version_uq').on(t.kind, t.name, t.version)],
);
