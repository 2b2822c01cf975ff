import type {
  DiscrepancyQuery,
  ImportQuery,
  ReconciliationClass,
  StatementChannel,
} from '@water/contract/reconciliation';
import { and, count, desc, eq, getTableColumns, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { containsText, type Paging, pageOf } from '../../lib/list-query.ts';
import { orders, refunds } from '../orders/orders.read-model.ts';
import {
  reconciliationDiscrepancies as discrepancies,
  reconciliationImports as imports,
} from './reconciliation.schema.ts';
import type { StatementRow } from './statement-file.ts';

export type ImportRecord = typeof imports.$inferSelect;
export type DiscrepancyRecord = typeof discrepancies.$inferSelect;
export type ImportRow = ImportRecord & { open: number };

export const importSortable = { day: imports.day, importTime: imports.importTime };
export const importOrder = [desc(imports.day), desc(imports.id)];
export const discrepancySortable = { day: discrepancies.day, class: discrepancies.class };
export const discrepancyOrder = [desc(discrepancies.day), desc(discrepancies.id)];

/** Rows staged at a time: one statement of JSON each, well within what either database takes at once. */
const STAGE_BATCH = 20_000;

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dayRange = (column: typeof imports.day | typeof discrepancies.day, range: readonly string[] | undefined) =>
  range && range.length === 2 ? and(gte(column, range[0] as string), lte(column, range[1] as string)) : undefined;

function discrepancyFilter(query: Omit<DiscrepancyQuery, 'page' | 'size'>): SQL | undefined {
  return and(
    containsText([discrepancies.orderNo, discrepancies.refundNo, discrepancies.channelRef], query.blurry),
    query.class ? eq(discrepancies.class, query.class) : undefined,
    query.channel ? eq(discrepancies.channel, query.channel) : undefined,
    query.state ? eq(discrepancies.state, query.state) : undefined,
    query.importId ? eq(discrepancies.importId, query.importId) : undefined,
    dayRange(discrepancies.day, query.day),
  );
}

/** Discrepancies still open, per import. */
const openOf = sql<number>`(SELECT count(*)::int FROM ${discrepancies} WHERE ${discrepancies.importId} = ${imports.id} AND ${discrepancies.state} = 'OPEN')`;

export const reconciliationRepository = {
  /**
   * The import of a channel's day, made on first use, locked for the rest of the transaction: a
   * second import of the same day waits for the first and then sees what it booked.
   */
  async lockedImport(
    db: Database,
    key: { channel: StatementChannel; day: string },
    made: Pick<ImportRecord, 'fileName' | 'format' | 'encoding' | 'importedBy'>,
  ): Promise<ImportRecord> {
    await db
      .insert(imports)
      .values({ ...key, ...made })
      .onConflictDoNothing({ target: [imports.channel, imports.day] });
    const [row] = await db
      .select()
      .from(imports)
      .where(and(eq(imports.channel, key.channel), eq(imports.day, key.day)))
      .for('update');
    if (!row) throw new Error(`The import of ${key.channel} ${key.day} could not be kept`);
    return row;
  },

  /** Puts a statement's rows in a table of the transaction (`recon_rows`), batch by batch. */
  async stage(db: Database, rows: readonly StatementRow[]): Promise<void> {
    await db.execute(sql`
      CREATE TEMP TABLE recon_rows (
        line integer, kind text, order_no text, refund_no text, channel_ref text, amount integer, state text
      ) ON COMMIT DROP`);
    for (let start = 0; start < rows.length; start += STAGE_BATCH) {
      const batch = rows.slice(start, start + STAGE_BATCH).map((row) => ({
        line: row.line,
        kind: row.kind,
        order_no: row.orderNo.slice(0, 64),
        refund_no: row.refundNo?.slice(0, 64) ?? null,
        channel_ref: row.channelRef.slice(0, 64),
        amount: row.amount,
        state: row.state,
      }));
      await db.execute(sql`
        INSERT INTO recon_rows
        SELECT * FROM json_to_recordset(${JSON.stringify(batch)}::json) AS r(
          line integer, kind text, order_no text, refund_no text, channel_ref text, amount integer, state text)`);
    }
    // Our payments and refunds of the day are looked up in the statement by number.
    await db.execute(sql`CREATE INDEX ON recon_rows (order_no) WHERE kind = 'PAYMENT'`);
    await db.execute(sql`CREATE INDEX ON recon_rows (refund_no) WHERE kind = 'REFUND'`);
    await db.execute(sql`ANALYZE recon_rows`);
  },

  /**
   * Classifies the staged rows against our orders and refunds of the channel (`recon_result`),
   * set by set: each payment row against the order of its number (orders are looked for among
   * those made `orderDays` apart, the days their numbers carry), each refund row against the
   * refund of its number; then our payments and successful refunds of the day that no row names.
   * A number a statement names twice matches once: the other rows are the channel's only.
   */
  async classify(
    db: Database,
    input: { channel: StatementChannel; dayStart: Date; dayEnd: Date; ordersFrom: Date; ordersTo: Date },
  ): Promise<Record<ReconciliationClass, number>> {
    const { channel, dayStart, dayEnd, ordersFrom, ordersTo } = input;
    await db.execute(sql`
      CREATE TEMP TABLE recon_result ON COMMIT DROP AS
      WITH payment AS (
        SELECT s.*, row_number() OVER (PARTITION BY s.order_no ORDER BY s.line) AS nth
        FROM recon_rows s WHERE s.kind = 'PAYMENT'
      ), payment_ours AS (
        SELECT p.*, o.order_no AS ours, o.paid AS our_amount, o.state AS our_state
        FROM payment p
        LEFT JOIN ${orders} o ON p.nth = 1 AND o.order_no = p.order_no AND o.channel = ${channel}
          AND o.create_time >= ${ordersFrom.toISOString()}::timestamptz AND o.create_time < ${ordersTo.toISOString()}::timestamptz
      ), refund AS (
        SELECT s.*, row_number() OVER (PARTITION BY s.refund_no ORDER BY s.line) AS nth
        FROM recon_rows s WHERE s.kind = 'REFUND'
      ), refund_ours AS (
        SELECT f.*, r.refund_no AS ours, r.amount AS our_amount, r.status AS our_state
        FROM refund f
        LEFT JOIN ${refunds} r ON f.nth = 1 AND r.refund_no = f.refund_no AND r.channel = ${channel}
      )
      SELECT CASE
          WHEN ours IS NULL THEN 'CHANNEL_ONLY'
          WHEN (state = 'PAID') <> (our_amount > 0) THEN 'STATE_DIFFERS'
          WHEN state = 'PAID' AND amount <> our_amount THEN 'AMOUNT_DIFFERS'
          ELSE 'MATCHED' END AS class,
        'PAYMENT' AS kind, order_no, NULL::text AS refund_no, channel_ref, amount AS channel_amount,
        our_amount, state AS channel_state, our_state::text, line
      FROM payment_ours
      UNION ALL
      SELECT CASE
          WHEN ours IS NULL THEN 'CHANNEL_ONLY'
          WHEN (state = 'REFUNDED') <> (our_state = 'SUCCESS') THEN 'STATE_DIFFERS'
          WHEN state = 'REFUNDED' AND amount <> our_amount THEN 'AMOUNT_DIFFERS'
          ELSE 'MATCHED' END,
        'REFUND', order_no, refund_no, channel_ref, amount, our_amount, state, our_state::text, line
      FROM refund_ours
      UNION ALL
      SELECT 'OURS_ONLY', 'PAYMENT', o.order_no, NULL, o.pay_ref, NULL, o.paid, NULL, o.state::text, NULL
      FROM ${orders} o
      WHERE o.channel = ${channel} AND o.paid_time IS NOT NULL AND o.paid > 0
        AND o.paid_time >= ${dayStart.toISOString()}::timestamptz AND o.paid_time < ${dayEnd.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM recon_rows s WHERE s.kind = 'PAYMENT' AND s.order_no = o.order_no)
      UNION ALL
      SELECT 'OURS_ONLY', 'REFUND', r.order_no, r.refund_no, r.channel_ref, NULL, r.amount, NULL, r.status::text, NULL
      FROM ${refunds} r
      WHERE r.channel = ${channel} AND r.status = 'SUCCESS'
        AND r.done_time >= ${dayStart.toISOString()}::timestamptz AND r.done_time < ${dayEnd.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM recon_rows s WHERE s.kind = 'REFUND' AND s.refund_no = r.refund_no)`);
    const counted = await rowsOf<{ class: ReconciliationClass; n: number }>(
      db,
      sql`SELECT class, count(*)::int AS n FROM recon_result GROUP BY class`,
    );
    const counts = { MATCHED: 0, AMOUNT_DIFFERS: 0, STATE_DIFFERS: 0, OURS_ONLY: 0, CHANNEL_ONLY: 0 };
    for (const row of counted) counts[row.class] = row.n;
    return counts;
  },

  /**
   * Replaces an import's discrepancies with those of `recon_result`; a discrepancy found again
   * (the same kind, numbers and class) keeps its resolution.
   */
  async replaceDiscrepancies(db: Database, imported: Pick<ImportRecord, 'id' | 'channel' | 'day'>): Promise<void> {
    const resolved = await db
      .select({
        kind: discrepancies.kind,
        orderNo: discrepancies.orderNo,
        refundNo: discrepancies.refundNo,
        class: discrepancies.class,
        note: discrepancies.note,
        resolvedBy: discrepancies.resolvedBy,
        resolvedTime: discrepancies.resolvedTime,
      })
      .from(discrepancies)
      .where(and(eq(discrepancies.importId, imported.id), eq(discrepancies.state, 'RESOLVED')));
    await db.delete(discrepancies).where(eq(discrepancies.importId, imported.id));
    await db.execute(sql`
      INSERT INTO ${discrepancies} (import_id, channel, day, class, kind, order_no, refund_no, channel_ref,
        channel_amount, our_amount, channel_state, our_state, line)
      SELECT ${imported.id}, ${imported.channel}, ${imported.day}, class, kind, order_no, refund_no, channel_ref,
        channel_amount, our_amount, channel_state, our_state, line
      FROM recon_result WHERE class <> 'MATCHED'
      ORDER BY line NULLS LAST, order_no`);
    if (resolved.length === 0) return;
    const kept = JSON.stringify(resolved.map((row) => ({ ...row, resolvedTime: row.resolvedTime?.toISOString() })));
    await db.execute(sql`
      UPDATE ${discrepancies} d SET state = 'RESOLVED', note = k.note, resolved_by = k."resolvedBy",
        resolved_time = k."resolvedTime"::timestamptz
      FROM json_to_recordset(${kept}::json) AS k(kind text, "orderNo" text, "refundNo" text, class text, note text,
        "resolvedBy" text, "resolvedTime" text)
      WHERE d.import_id = ${imported.id} AND d.kind = k.kind AND d.class = k.class
        AND d.order_no IS NOT DISTINCT FROM k."orderNo" AND d.refund_no IS NOT DISTINCT FROM k."refundNo"`);
  },

  async updateImport(db: Database, id: number, values: Partial<ImportRecord>): Promise<ImportRecord> {
    const [row] = await db.update(imports).set(values).where(eq(imports.id, id)).returning();
    if (!row) throw new Error(`No import ${id}`);
    return row;
  },

  async openOfImport(db: Database, id: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(discrepancies)
      .where(and(eq(discrepancies.importId, id), eq(discrepancies.state, 'OPEN')));
    return row?.n ?? 0;
  },

  async importsPage(
    db: Database,
    query: Omit<ImportQuery, 'page' | 'size'>,
    paging: Paging,
  ): Promise<{ content: ImportRow[]; totalElements: number }> {
    const where = and(query.channel ? eq(imports.channel, query.channel) : undefined, dayRange(imports.day, query.day));
    return pageOf(
      db
        .select({ ...getTableColumns(imports), open: openOf })
        .from(imports)
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(imports).where(where),
      paging,
    );
  },

  async discrepanciesPage(
    db: Database,
    query: Omit<DiscrepancyQuery, 'page' | 'size'>,
    paging: Paging,
  ): Promise<{ content: DiscrepancyRecord[]; totalElements: number }> {
    const where = discrepancyFilter(query);
    return pageOf(
      db.select().from(discrepancies).where(where).$dynamic(),
      db.select({ n: count() }).from(discrepancies).where(where),
      paging,
    );
  },

  async lockedDiscrepancy(db: Database, id: number): Promise<DiscrepancyRecord | undefined> {
    const [row] = await db.select().from(discrepancies).where(eq(discrepancies.id, id)).for('update');
    return row;
  },

  async resolve(
    db: Database,
    id: number,
    values: { note: string; resolvedBy: string; resolvedTime: Date; state: DiscrepancyRecord['state'] },
  ): Promise<DiscrepancyRecord> {
    const [row] = await db.update(discrepancies).set(values).where(eq(discrepancies.id, id)).returning();
    if (!row) throw new Error(`No discrepancy ${id}`);
    return row;
  },

  /** Discrepancies of the days `firstDay`..`lastDay` (both included) not resolved yet. */
  async openBetween(db: Database, firstDay: string, lastDay: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(discrepancies)
      .where(and(eq(discrepancies.state, 'OPEN'), gte(discrepancies.day, firstDay), lte(discrepancies.day, lastDay)));
    return row?.n ?? 0;
  },
};
