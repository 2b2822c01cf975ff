import type { Fen } from '@water/contract/money';
import { bigint, integer, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A table's own id: an integer the database numbers. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
/** A point in time, with its time zone. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Who created or last changed a row, and when. */
export const audit = {
  createBy: varchar('create_by', { length: 255 }),
  updateBy: varchar('update_by', { length: 255 }),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
};

/** An amount of money in whole fen. */
export const fen = (name: string) => integer(name).$type<Fen>();
/** A running total of money in whole fen (a roll-up, a member's spending). */
export const fenTotal = (name: string) => bigint(name, { mode: 'number' }).$type<Fen>();
/** A sum of fen as the database answers it (a bigint comes as text): `sql<Fen>`…`.mapWith(fenOf)`. */
export const fenOf = (value: unknown): Fen => Number(value) as Fen;
