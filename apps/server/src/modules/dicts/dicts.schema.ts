import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.ts';

export const dicts = pgTable(
  'sys_dict',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    description: varchar('description', { length: 255 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_dict_name_uq').on(t.name)],
);

export const dictDetails = pgTable(
  'sys_dict_detail',
  {
    id: id(),
    dictId: integer('dict_id')
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 255 }).notNull(),
    value: varchar('value', { length: 255 }).notNull(),
    dictSort: integer('dict_sort').notNull().default(999),
    ...audit,
  },
  (t) => [index('sys_dict_detail_dict_idx').on(t.dictId)],
);
