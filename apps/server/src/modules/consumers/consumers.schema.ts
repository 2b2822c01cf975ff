import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/**
 * The sign-in code last sent to a phone: kept hashed, with when it expires, how often it was
 * tried and when it was sent (a new one no sooner than a minute later). One row a phone.
 */
export const consumerCodes = pgTable('biz_consumer_code', {
  phone: varchar('phone', { length: 16 }).primaryKey(),
  codeHash: varchar('code_hash', { length: 128 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  tries: integer('tries').notNull().default(0),
  sentAt: ts('sent_at').notNull(),
});
