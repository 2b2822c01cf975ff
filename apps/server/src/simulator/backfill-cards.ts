import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { cardSecretHash, newCardNo, newCardSecret } from '../modules/cards/card-secrets.ts';

/** One anonymous card to every two machines of a city agent (three at least). */
const MACHINES_PER_CARD = 2;
const MIN_CARDS = 3;
/** Top-ups are whole hundreds of yuan, with a tenth on top as bonus, or as much again in a promotion. */
const TOP_UP_STEP = 10_000;
const BONUS_TENTHS = 1;
const PROMOTION_TENTHS = 10;
/** More than the largest sale (18.9 L at 50 fen a litre), so a card can always pay its next one. */
const MARGIN = 1_000;

/**
 * The water cards of back-filled sales, written in bulk as the live payments would have left them
 * (`modules/cards/card-payments.ts`): each city agent's anonymous cards, one top-up each on the
 * history's first morning (cash and WeChat Pay in turn), and every sale paid by card taken off the
 * card it names, principal first, its refund given back at once (the bonus it took first). Every
 * other card's top-up covers its whole history with a tenth on top; the others were topped up in
 * a promotion (as much again as bonus) with just enough for theirs, so they spend their bonus too.
 */
export async function backfillCards(
  db: Database,
  { agentIds, since, batchNo }: { agentIds: readonly number[]; since: Date; batchNo: string },
): Promise<void> {
  const inCities = sql.join(
    agentIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const counts = (await db.execute(sql`
    SELECT a.id AS agent_id, count(m.id)::int AS machines
    FROM biz_agent a LEFT JOIN biz_machine m ON m.agent_id = a.id
    WHERE a.id IN (${inCities}) GROUP BY a.id ORDER BY a.id`)) as unknown as {
    rows: { agent_id: number; machines: number }[];
  };
  const values: SQL[] = [];
  for (const { agent_id: agentId, machines } of counts.rows) {
    for (let index = 0; index < Math.max(MIN_CARDS, Math.ceil(machines / MACHINES_PER_CARD)); index++) {
      const cardNo = newCardNo();
      values.push(
        sql`(${cardNo}, ${cardSecretHash(cardNo, newCardSecret())}, ${agentId}, ${batchNo}, ${since.toISOString()}::timestamptz)`,
      );
    }
  }
  const topUpAt = sql`${since.toISOString()}::timestamptz + interval '5 hours'`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO biz_card (card_no, secret_hash, agent_id, batch_no, create_time)
      VALUES ${sql.join(values, sql`, `)}`);
    // Each card sale of the cities' machines names one of its agent's cards, in turn by order number.
    await tx.execute(sql`
      CREATE TEMP TABLE backfill_card_sales ON COMMIT DROP AS
      WITH numbered AS (
        SELECT id, agent_id, row_number() OVER (PARTITION BY agent_id ORDER BY id) - 1 AS n,
          count(*) OVER (PARTITION BY agent_id) AS cards
        FROM biz_card WHERE batch_no = ${batchNo}
      )
      SELECT c.id AS card_id, c.agent_id, o.id AS order_id, o.order_no, o.paid_time, o.paid AS amount,
        coalesce(r.amount, 0) AS refund, r.done_time
      FROM biz_order o
      JOIN numbered c ON c.agent_id = o.agent_id AND c.n = o.id % c.cards
      LEFT JOIN biz_refund r ON r.order_id = o.id AND r.status = 'SUCCESS'
      WHERE o.agent_id IN (${inCities}) AND o.channel = 'CARD' AND o.paid > 0`);
    // Each card's top-up: its whole history and a margin, with a tenth on top; or half of that, doubled.
    await tx.execute(sql`
      CREATE TEMP TABLE backfill_card_top_ups ON COMMIT DROP AS
      WITH spent AS (
        SELECT c.id AS card_id, c.agent_id, row_number() OVER (ORDER BY c.id) AS n,
          coalesce(sum(s.amount - s.refund), 0) AS spent
        FROM biz_card c LEFT JOIN backfill_card_sales s ON s.card_id = c.id
        WHERE c.batch_no = ${batchNo} GROUP BY c.id
      ), sized AS (
        SELECT card_id, agent_id, n, spent, CASE WHEN n % 2 = 0 THEN ${BONUS_TENTHS}::int ELSE ${PROMOTION_TENTHS}::int END AS tenths,
          ${TOP_UP_STEP}::int * CASE WHEN n % 2 = 0
            THEN ceil((spent + ${MARGIN}::int) / ${TOP_UP_STEP}::numeric)
            ELSE ceil((spent + ${MARGIN}::int) * 10 / ((10 + ${PROMOTION_TENTHS}::int) * ${TOP_UP_STEP}::numeric))
          END::int AS principal
        FROM spent
      )
      SELECT card_id, agent_id, spent, principal, principal * tenths / 10 AS bonus,
        CASE WHEN n % 2 = 0 THEN 'CASH' ELSE 'WECHAT' END AS channel
      FROM sized`);
    await tx.execute(sql`
      INSERT INTO biz_card_movement (card_id, agent_id, move, principal, bonus, principal_after, bonus_after,
        channel, request_id, create_time)
      SELECT card_id, agent_id, 'TOP_UP', principal, bonus, principal, bonus, channel, 'backfill-1', ${topUpAt}
      FROM backfill_card_top_ups`);
    // What each sale found on its card (every sale before it, net of its refund), what it took, and
    // what its refund gave back: as if paid and refunded one after the other.
    await tx.execute(sql`
      CREATE TEMP TABLE backfill_card_moves ON COMMIT DROP AS
      WITH before AS (
        SELECT s.*, t.principal AS topped, t.bonus AS topped_bonus,
          coalesce(sum(s.amount - s.refund) OVER (PARTITION BY s.card_id ORDER BY s.paid_time, s.order_id
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS spent_before
        FROM backfill_card_sales s JOIN backfill_card_top_ups t ON t.card_id = s.card_id
      ), found AS (
        SELECT *, topped - least(topped, spent_before) AS principal_before,
          topped_bonus - greatest(0, spent_before - topped) AS bonus_before
        FROM before
      ), taken AS (
        SELECT *, least(principal_before, amount) AS sale_principal, amount - least(principal_before, amount) AS sale_bonus
        FROM found
      ), given AS (
        SELECT *, least(sale_bonus, refund) AS back_bonus, least(sale_principal, refund - least(sale_bonus, refund)) AS back_principal
        FROM taken
      )
      SELECT * FROM given`);
    await tx.execute(sql`
      INSERT INTO biz_card_movement (card_id, agent_id, move, principal, bonus, principal_after, bonus_after,
        order_id, order_no, create_time)
      SELECT card_id, agent_id, 'SALE', -sale_principal, -sale_bonus, principal_before - sale_principal,
        bonus_before - sale_bonus, order_id, order_no, paid_time
      FROM backfill_card_moves
      UNION ALL
      SELECT card_id, agent_id, 'REFUND', back_principal, back_bonus, principal_before - sale_principal + back_principal,
        bonus_before - sale_bonus + back_bonus, order_id, order_no, done_time
      FROM backfill_card_moves WHERE refund > 0`);
    await tx.execute(sql`
      UPDATE biz_card c SET principal = t.principal - least(t.principal, t.spent),
        bonus = t.bonus - greatest(0, t.spent - t.principal), update_time = now()
      FROM backfill_card_top_ups t WHERE t.card_id = c.id`);
  });
}
