import { asFen } from '@water/contract/money';
import type {
  ChannelState,
  DiscrepancyClass,
  DiscrepancyKind,
  DiscrepancyState,
  StatementChannel,
  StatementFormat,
} from '@water/contract/reconciliation';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { fen, fenTotal, ts } from '../../db/columns.ts';

/**
 * A channel's daily statement as imported: one per channel and day (a re-import replaces its
 * classification), with its rows counted per class, the channel's money and fees, and what the
 * ledger holds of them so far (a re-import books only the difference).
 */
export const reconciliationImports = pgTable(
  'fin_recon_import',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    channel: varchar('channel', { length: 8 }).$type<StatementChannel>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    format: varchar('format', { length: 32 }).$type<StatementFormat>().notNull(),
    encoding: varchar('encoding', { length: 8 }).$type<'UTF-8' | 'GBK'>().notNull(),
    rows: integer('rows').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    amountDiffers: integer('amount_differs').notNull().default(0),
    stateDiffers: integer('state_differs').notNull().default(0),
    oursOnly: integer('ours_only').notNull().default(0),
    channelOnly: integer('channel_only').notNull().default(0),
    paidTotal: fenTotal('paid_total').notNull().default(asFen(0)),
    refundedTotal: fenTotal('refunded_total').notNull().default(asFen(0)),
    fees: fenTotal('fees').notNull().default(asFen(0)),
    /** What the ledger's SETTLEMENT postings hold of this day's fees and settled refunds. */
    bookedFees: fenTotal('booked_fees').notNull().default(asFen(0)),
    bookedRefunds: fenTotal('booked_refunds').notNull().default(asFen(0)),
    imports: integer('imports').notNull().default(0),
    importedBy: varchar('imported_by', { length: 255 }).notNull(),
    importTime: ts('import_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fin_recon_import_day_uq').on(t.channel, t.day), index('fin_recon_import_day_idx').on(t.day)],
);

/** A row of a statement, or of ours, that does not match the other side: open until finance resolves it. */
export const reconciliationDiscrepancies = pgTable(
  'fin_recon_discrepancy',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    importId: integer('import_id')
      .notNull()
      .references(() => reconciliationImports.id),
    channel: varchar('channel', { length: 8 }).$type<StatementChannel>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    class: varchar('class', { length: 16 }).$type<DiscrepancyClass>().notNull(),
    kind: varchar('kind', { length: 8 }).$type<DiscrepancyKind>().notNull(),
    orderNo: varchar('order_no', { length: 64 }),
    refundNo: varchar('refund_no', { length: 64 }),
    channelRef: varchar('channel_ref', { length: 64 }),
    channelAmount: fen('channel_amount'),
    ourAmount: fen('our_amount'),
    channelState: varchar('channel_state', { length: 16 }).$type<ChannelState>(),
    ourState: varchar('our_state', { length: 20 }),
    line: integer('line'),
    state: varchar('state', { length: 8 }).$type<DiscrepancyState>().notNull().default('OPEN'),
    note: varchar('note', { length: 500 }),
    resolvedBy: varchar('resolved_by', { length: 255 }),
    resolvedTime: ts('resolved_time'),
  },
  (t) => [
    index('fin_recon_discrepancy_import_idx').on(t.importId),
    index('fin_recon_discrepancy_day_idx').on(t.day, t.class),
    index('fin_recon_discrepancy_open_idx').on(t.day).where(sql`${t.state} = 'OPEN'`),
  ],
);
