import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * The ledger of back-filled sales, written in bulk as the live booking would have written it
 * sale by sale (`modules/ledger/sale-postings.ts`): on the day of each payment its money (SALES)
 * and each level's commission on the paid amount plus a platform-funded coupon (COMMISSION); on
 * the day of each refund the money going back (REFUNDS, and REFUNDS_PAID for coins) and what the
 * refund took off each level (REVERSAL). Levels: the top agent (depth 1) at the difference of the
 * two rates, the city (depth 0) at its own; amounts rounded half up per order and level. The
 * back-filled water cards' movements book as their live ones do (`modules/cards/card-postings.ts`):
 * top-ups (CARD_TOPUP), sales taken off cards (CARD_SALES) and refunds given back to them (CARD_REFUNDS).
 */
export async function bookBackfilledSales(
  db: Database,
  { agentIds, timeZone }: { agentIds: readonly number[]; timeZone: string },
): Promise<void> {
  const cities = sql.join(
    agentIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const dayOf = (time: SQL) => sql`(${time} AT TIME ZONE ${timeZone})::date`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      CREATE TEMP TABLE backfill_moves ON COMMIT DROP AS
      WITH sold AS (
        SELECT o.id, o.channel, o.paid, o.paid_time, o.commission_fen, o.commission_rate,
          (string_to_array(trim(both '/' from o.agent_path), '/')::int[]) AS path,
          o.path_rates AS rates,
          o.paid + CASE WHEN t.funded_by = 'PLATFORM' THEN o.coupon_amount ELSE 0 END AS base
        FROM biz_order o
        LEFT JOIN biz_coupon c ON c.id = o.coupon_id
        LEFT JOIN biz_coupon_template t ON t.id = c.template_id
        WHERE o.agent_id IN (${cities}) AND o.paid > 0
      ), levels AS (
        SELECT sold.*, level, path[level] AS agent, array_length(path, 1) - level AS depth,
          CASE WHEN level = array_length(path, 1) THEN rates[level] ELSE greatest(rates[level] - rates[level + 1], 0) END AS rate
        FROM sold CROSS JOIN generate_subscripts(sold.path, 1) AS level
      ), earned AS (
        SELECT *, round(base * rate / 100)::int AS at_payment, commission_fen[level] AS now FROM levels
      ), refunds AS (
        SELECT r.channel, r.amount, r.done_time FROM biz_refund r
        WHERE r.agent_id IN (${cities}) AND r.status = 'SUCCESS'
      ), card_moves AS (
        SELECT m.agent_id, m.move, m.channel, m.principal, m.bonus, m.create_time FROM biz_card_movement m
        WHERE m.agent_id IN (${cities}) AND m.move IN ('TOP_UP', 'SALE', 'REFUND')
      ), reversals AS (
        SELECT e.*, r.done_time FROM earned e
        JOIN biz_refund r ON r.order_id = e.id AND r.status = 'SUCCESS'
        WHERE e.now <> e.at_payment
      )
      SELECT ${dayOf(sql`paid_time`)} AS day, 'SALES' AS kind, channel AS subject, NULL::int AS agent_id, 1 AS items,
        'CHANNEL_RECEIVABLE:' || channel AS code, 'CHANNEL_RECEIVABLE' AS type, NULL::int AS account_agent, channel, paid AS amount
      FROM sold
      UNION ALL SELECT ${dayOf(sql`paid_time`)}, 'SALES', channel, NULL, 0, 'PLATFORM_REVENUE', 'PLATFORM_REVENUE', NULL, NULL, -paid FROM sold
      UNION ALL SELECT ${dayOf(sql`paid_time`)}, 'COMMISSION', agent || '/' || depth, agent, 1,
        'COMMISSION_EXPENSE', 'COMMISSION_EXPENSE', NULL, NULL, at_payment FROM earned WHERE at_payment <> 0
      UNION ALL SELECT ${dayOf(sql`paid_time`)}, 'COMMISSION', agent || '/' || depth, agent, 0,
        'COMMISSION_PAYABLE:' || agent, 'COMMISSION_PAYABLE', agent, NULL, -at_payment FROM earned WHERE at_payment <> 0
      UNION ALL SELECT ${dayOf(sql`done_time`)}, 'REFUNDS', channel, NULL, 1, 'PLATFORM_REVENUE', 'PLATFORM_REVENUE', NULL, NULL, amount
        FROM refunds
      UNION ALL SELECT ${dayOf(sql`done_time`)}, 'REFUNDS', channel, NULL, 0,
        'REFUNDS_PAYABLE:' || channel, 'REFUNDS_PAYABLE', NULL, channel, -amount FROM refunds
      UNION ALL SELECT ${dayOf(sql`done_time`)}, 'REFUNDS_PAID', channel, NULL, 1,
        'REFUNDS_PAYABLE:' || channel, 'REFUNDS_PAYABLE', NULL, channel, amount FROM refunds WHERE channel = 'COIN'
      UNION ALL SELECT ${dayOf(sql`done_time`)}, 'REFUNDS_PAID', channel, NULL, 0,
        'CHANNEL_RECEIVABLE:' || channel, 'CHANNEL_RECEIVABLE', NULL, channel, -amount FROM refunds WHERE channel = 'COIN'
      UNION ALL SELECT ${dayOf(sql`done_time`)}, 'REVERSAL', agent || '/' || depth, agent, 1,
        'COMMISSION_EXPENSE', 'COMMISSION_EXPENSE', NULL, NULL, now - at_payment FROM reversals
      UNION ALL SELECT ${dayOf(sql`done_time`)}, 'REVERSAL', agent || '/' || depth, agent, 0,
        'COMMISSION_PAYABLE:' || agent, 'COMMISSION_PAYABLE', agent, NULL, at_payment - now FROM reversals
      UNION ALL SELECT ${dayOf(sql`create_time`)}, 'CARD_TOPUP', agent_id || '/' || channel, agent_id, 1,
        'CHANNEL_RECEIVABLE:' || channel, 'CHANNEL_RECEIVABLE', NULL, channel, principal FROM card_moves WHERE move = 'TOP_UP'
      UNION ALL SELECT ${dayOf(sql`create_time`)}, 'CARD_TOPUP', agent_id || '/' || channel, agent_id, 0,
        'CARD_PRINCIPAL:' || agent_id, 'CARD_PRINCIPAL', agent_id, NULL, -principal FROM card_moves WHERE move = 'TOP_UP'
      UNION ALL SELECT ${dayOf(sql`create_time`)}, 'CARD_TOPUP', agent_id || '/' || channel, agent_id, 0,
        'CARD_BONUS_EXPENSE', 'CARD_BONUS_EXPENSE', NULL, NULL, bonus FROM card_moves WHERE move = 'TOP_UP' AND bonus <> 0
      UNION ALL SELECT ${dayOf(sql`create_time`)}, 'CARD_TOPUP', agent_id || '/' || channel, agent_id, 0,
        'CARD_BONUS:' || agent_id, 'CARD_BONUS', agent_id, NULL, -bonus FROM card_moves WHERE move = 'TOP_UP' AND bonus <> 0
      UNION ALL SELECT ${dayOf(sql`create_time`)}, 'CARD_SALES', agent_id::text, agent_id, 1,
        'CHANNEL_RECEIVABLE:CARD', 'CHANNEL_RECEIVABLE', NULL, 'CARD', principal + bonus FROM card_moves WHERE move = 'SALE'
      UNION ALL SELECT ${dayOf(sql`create_time`)}, 'CARD_SALES', agent_id::text, agent_id, 0,
        'CARD_PRINCIPAL:' || agent_id, 'CARD_PRINCIPAL', agent_id, NULL, -principal FROM card_moves WHERE move = 'SALE' AND principal <> 0
      UNION ALL SELECT ${dayOf(sql`create_time`)}, 'CARD_SALES', agent_id::text, agent_id, 0,
        'CARD_BONUS:' || agent_id, 'CARD_BONUS', agent_id, NULL, -bonus FROM card_moves WHERE move = 'SALE' AND bonus <> 0
      UNION ALL SELECT ${dayOf(sql`create_time`)}, 'CARD_REFUNDS', agent_id::text, agent_id, 1,
        'REFUNDS_PAYABLE:CARD', 'REFUNDS_PAYABLE', NULL, 'CARD', principal + bonus FROM card_moves WHERE move = 'REFUND'
      UNION ALL SELECT ${dayOf(sql`create_time`)}, 'CARD_REFUNDS', agent_id::text, agent_id, 0,
        'CARD_PRINCIPAL:' || agent_id, 'CARD_PRINCIPAL', agent_id, NULL, -principal FROM card_moves WHERE move = 'REFUND' AND principal <> 0
      UNION ALL SELECT ${dayOf(sql`create_time`)}, 'CARD_REFUNDS', agent_id::text, agent_id, 0,
        'CARD_BONUS:' || agent_id, 'CARD_BONUS', agent_id, NULL, -bonus FROM card_moves WHERE move = 'REFUND' AND bonus <> 0`);
    await tx.execute(sql`
      INSERT INTO fin_account (code, type, agent_id, channel)
      SELECT DISTINCT code, type, account_agent, channel FROM backfill_moves
      ON CONFLICT (code) DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO fin_posting (day, kind, subject, agent_id, items)
      SELECT day, kind, subject, max(agent_id), sum(items) FROM backfill_moves GROUP BY day, kind, subject
      ON CONFLICT (day, kind, subject) DO UPDATE SET items = fin_posting.items + excluded.items`);
    await tx.execute(sql`
      INSERT INTO fin_entry (posting_id, account_id, day, amount)
      SELECT p.id, a.id, m.day, sum(m.amount)
      FROM backfill_moves m
      JOIN fin_posting p ON p.day = m.day AND p.kind = m.kind AND p.subject = m.subject
      JOIN fin_account a ON a.code = m.code
      GROUP BY p.id, a.id, m.day
      ON CONFLICT (posting_id, account_id, day) DO UPDATE SET amount = fin_entry.amount + excluded.amount`);
    await tx.execute(sql`
      UPDATE fin_account a SET balance = a.balance + s.amount, version = a.version + s.moves, update_time = now()
      FROM (SELECT code, sum(amount) AS amount, count(*) AS moves FROM backfill_moves GROUP BY code) s
      WHERE a.code = s.code`);
  });
}
