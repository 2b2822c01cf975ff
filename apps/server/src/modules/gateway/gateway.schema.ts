import { index, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/** Nonces of signed gateway requests, kept while their timestamp could still be accepted. */
export const gatewayNonces = pgTable(
  'biz_gateway_nonce',
  {
    /** The machine's serial number, or `channel:<name>` for a payment channel. */
    sender: varchar('sender', { length: 80 }).notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sender, t.nonce] }), index('biz_gateway_nonce_expiry_idx').on(t.expiresAt)],
);
