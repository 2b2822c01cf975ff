import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.ts';

export const storedFiles = pgTable('tool_local_storage', {
  id: id(),
  realName: varchar('real_name', { length: 255 }).notNull(),
  name: varchar('name', { length: 255 }).notNull(),
  suffix: varchar('suffix', { length: 32 }),
  path: varchar('path', { length: 512 }).notNull(),
  type: varchar('type', { length: 64 }),
  size: bigint('size', { mode: 'number' }).notNull(),
  ...audit,
});
