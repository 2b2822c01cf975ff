import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { signingKeyOf } from '../modules/gateway/gateway-signing.ts';
import { backfillCards } from './backfill-cards.ts';
import { bookBackfilledSales } from './backfill-ledger.ts';

/** What to back-fill: a distributor's machines and how long and busy a history. */
export interface BackfillOptions {
  machines: number;
  /** Days of history, ending yesterday. */
  days: number;
  /** Sales per machine per day. */
  perDay: number;
  /** The server's time zone, for the daily roll-ups (`Asia/Shanghai`). */
  timeZone: string;
  /** Told of each month done. */
  progress?: (message: string) => void;
}

/** The distributor a back-fill made: its top agent and the agents beneath, its machines. */
export interface BackfilledBusiness {
  topAgentId: number;
  topDeptId: number;
  cityAgentIds: number[];
  machineIds: number[];
  orders: number;
}

const DAY_MS = 86_400_000;
/** Three city agents beneath the distributor; ten machines to a site. */
const CITIES = 3;
const MACHINES_PER_SITE = 10;
/**
 * Every litre at 50 fen; one sale in a hundred fails at the tap and is refunded in full, two stop
 * halfway and get half back; one in six takes 10 fen off with a coupon (half of them funded by
 * the platform, half by the top agent). The top agent earns 25 %, the cities 20 %: commission is
 * 5 % and 20 % of the base.
 */
const PRICE = 50;
const FAILED_SHARE = 0.01;
const SHORT_SHARE = 0.02;
const COUPON = 10;
const COUPON_SHARE = 1 / 6;

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Months of a distributor's history written straight into the tables, for scale tests: a
 * distributor with three city agents beneath, their sites and machines, and `perDay` sales per
 * machine per day between 06:00 and 22:00 (every channel and volume the machines sell, one in a
 * hundred failed and refunded), with their machine numbers, refunds and the hourly and daily
 * roll-ups computed from the orders, so every figure reconciles as live traffic would. Orders go
 * into their month's partition. Far faster than the gateway (millions of orders in minutes); the
 * gateway's own speed is `bench/gateway.ts`'s business.
 */
export async function backfill(db: Database, options: BackfillOptions): Promise<BackfilledBusiness> {
  const { machines, days, perDay, timeZone, progress = () => undefined } = options;
  const tag = randomBytes(3).toString('hex');
  const one = async <T>(query: SQL) => (await rows<T>(db, query))[0] as T;

  // The distributor, its cities, their sites and machines, and a price.
  const topDept = await one<{ id: number }>(
    sql`INSERT INTO sys_dept (name, sub_count) VALUES (${`Distributor ${tag}`}, ${CITIES}) RETURNING id`,
  );
  const top = await one<{ id: number }>(sql`
    INSERT INTO biz_agent (dept_id, code, level, contact_name, contact_phone, commission_rate, machine_quota, quota_used, status)
    VALUES (${topDept.id}, ${`BF${tag}`}, 'PROVINCE', 'Back-fill', '13800000000', '25', ${machines}, 0, 'ACTIVE')
    RETURNING id`);
  const cityAgentIds: number[] = [];
  const perCity = Math.ceil(machines / CITIES);
  for (let city = 0; city < CITIES; city++) {
    const dept = await one<{ id: number }>(
      sql`INSERT INTO sys_dept (pid, name) VALUES (${topDept.id}, ${`City ${tag}-${city + 1}`}) RETURNING id`,
    );
    const agent = await one<{ id: number }>(sql`
      INSERT INTO biz_agent (dept_id, parent_id, code, level, contact_name, contact_phone, commission_rate, machine_quota, quota_used, status)
      VALUES (${dept.id}, ${top.id}, ${`BF${tag}C${city + 1}`}, 'CITY', 'Back-fill', '13800000000', '20', ${perCity}, ${perCity}, 'ACTIVE')
      RETURNING id`);
    cityAgentIds.push(agent.id);
  }
  const model = await one<{ id: number }>(sql`
    INSERT INTO biz_machine_model (code, name, tank_litres, output_lph, pulses_per_litre)
    VALUES (${`BFM${tag}`}, ${`Back-fill model ${tag}`}, 60, 60, 450) RETURNING id`);
  // A member holding the coupons that some sales use: one template the platform funds, one the top agent funds.
  const member = await one<{ id: number }>(
    sql`INSERT INTO biz_member (phone, agent_id) VALUES (${`19${String(Number.parseInt(tag, 16)).padStart(9, '0')}`}, ${top.id}) RETURNING id`,
  );
  const template = async (funder: 'PLATFORM' | 'AGENT') =>
    one<{ id: number }>(sql`
      INSERT INTO biz_coupon_template (name, type, value, scope, issue_type, valid_type, valid_from, valid_to, funded_by, agent_id, status)
      VALUES (${`Back-fill ${funder.toLowerCase()} coupon ${tag}`}, 'AMOUNT_OFF', ${COUPON}, 'ALL', 'PUSH', 'FIXED',
        '2020-01-01', '2099-12-31', ${funder}, ${funder === 'AGENT' ? top.id : null}, 'ACTIVE')
      RETURNING id`);
  const platformCoupons = await template('PLATFORM');
  const agentCoupons = await template('AGENT');
  await db.execute(sql`
    INSERT INTO biz_price_policy (name, scope, scope_id, price_wechat, price_alipay, price_card, price_coin, effective_from)
    VALUES (${`Distributor prices ${tag}`}, 'AGENT', ${top.id}, ${PRICE}, ${PRICE}, ${PRICE}, ${PRICE}, '2020-01-01')`);
  const machineIds: number[] = [];
  for (const [city, agentId] of cityAgentIds.entries()) {
    const first = city * perCity;
    const count = Math.max(0, Math.min(perCity, machines - first));
    for (let index = first; index < first + count; index += MACHINES_PER_SITE) {
      const site = await one<{ id: number }>(sql`
        INSERT INTO biz_site (agent_id, name, type, address)
        VALUES (${agentId}, ${`Site ${tag}-${city + 1}-${(index - first) / MACHINES_PER_SITE + 1}`}, 'RESIDENTIAL', 'Back-fill Road')
        RETURNING id`);
      const values = Array.from({ length: Math.min(MACHINES_PER_SITE, first + count - index) }, (_, offset) => {
        const serial = `BF-${tag}-${String(index + offset + 1).padStart(5, '0')}`;
        return sql`(${serial}, ${serial}, ${model.id}, ${agentId}, ${site.id}, 'OPERATING', ${signingKeyOf(randomBytes(24).toString('base64url'))})`;
      });
      const made = await rows<{ id: number }>(
        db,
        sql`INSERT INTO biz_machine (serial_no, sticker_code, model_id, agent_id, site_id, lifecycle, secret_hash)
            VALUES ${sql.join(values, sql`, `)} RETURNING id`,
      );
      machineIds.push(...made.map((row) => row.id));
    }
  }

  const inCities = sql.join(
    cityAgentIds.map((id) => sql`${id}`),
    sql`, `,
  );

  // The orders, a month's partition at a time, each with its machine number and any refund.
  const end = new Date();
  end.setHours(0, 0, 0, 0);
  const start = new Date(end.getTime() - days * DAY_MS);
  let orders = 0;
  for (let from = start; from < end; ) {
    const monthEnd = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
    const to = monthEnd < end ? monthEnd : end;
    await db.execute(sql`SELECT biz_order_ensure_partition(${from.toISOString()}::timestamptz)`);
    const made = await one<{ n: number }>(sql`
      WITH fleet AS (
        SELECT m.id, m.site_id, m.agent_id, '/' || ${top.id} || '/' || m.agent_id || '/' AS path
        FROM biz_machine m WHERE m.agent_id IN (${inCities})
      ), sales AS (
        SELECT nextval('biz_order_id_seq') AS id, fleet.id AS machine_id, fleet.site_id, fleet.agent_id, fleet.path,
          day + (21600 + floor(random() * 57600)) * interval '1 second' AS at,
          (ARRAY['WECHAT', 'ALIPAY', 'CARD', 'COIN'])[1 + floor(random() * 4)::int] AS channel,
          (ARRAY[1000, 2000, 5000, 7500, 10000, 18900])[1 + floor(random() * 6)::int] AS ml,
          random() AS fate, random() AS luck
        FROM fleet
        CROSS JOIN generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz - interval '1 second', interval '1 day') AS day
        CROSS JOIN generate_series(1, ${perDay})
      ), fated AS (
        SELECT *, fate < ${FAILED_SHARE} AS failed, fate >= ${FAILED_SHARE} AND fate < ${FAILED_SHARE + SHORT_SHARE} AS short,
          CASE WHEN fate >= ${FAILED_SHARE} AND luck < ${COUPON_SHARE / 2} THEN 'PLATFORM'
               WHEN fate >= ${FAILED_SHARE} AND luck < ${COUPON_SHARE} THEN 'AGENT' END AS funder,
          ml * ${PRICE} / 1000 AS list
        FROM sales
        WHERE at >= ${from.toISOString()}::timestamptz AND at < ${to.toISOString()}::timestamptz
      ), priced AS (
        SELECT *, CASE WHEN funder IS NULL THEN 0 ELSE ${COUPON}::int END AS coupon_amount,
          list - CASE WHEN funder IS NULL THEN 0 ELSE ${COUPON}::int END AS paid
        FROM fated
      ), settled AS (
        SELECT *, CASE WHEN failed THEN paid WHEN short THEN paid / 2 ELSE 0 END AS refunded,
          CASE WHEN funder = 'PLATFORM' THEN coupon_amount ELSE 0 END AS platform_funded
        FROM priced
      ), inserted AS (
        INSERT INTO biz_order (id, order_no, machine_id, machine_order_no, site_id, agent_id, agent_path, commission_rate,
          path_rates, commission_fen, coupon_id, coupon_amount,
          channel, tap, water_type, unit_price, requested_ml, dispensed_ml, list_amount, payable, paid, refunded, state,
          create_time, received_time, paid_time, dispense_end_time, update_time)
        SELECT id, to_char(at, 'YYYYMMDD') || lpad(id::text, 10, '0'), machine_id, 'BF' || id, site_id, agent_id, path, '20.00',
          ARRAY[25.00, 20.00]::numeric(5, 2)[],
          CASE WHEN failed THEN ARRAY[0, 0]
            ELSE ARRAY[round((paid - refunded + platform_funded) * 0.05)::int, round((paid - refunded + platform_funded) * 0.20)::int] END,
          CASE WHEN funder IS NULL THEN NULL ELSE id END, coupon_amount,
          channel, 1, 'COLD', ${PRICE}, ml, CASE WHEN failed THEN 0 WHEN short THEN ml / 2 ELSE ml END, list, paid,
          paid, refunded,
          CASE WHEN failed THEN 'REFUNDED' WHEN short THEN 'PARTIALLY_REFUNDED' ELSE 'COMPLETED' END,
          at, at, at + interval '5 seconds', at + interval '40 seconds', at + interval '40 seconds'
        FROM settled
        RETURNING id, order_no, machine_id, machine_order_no, agent_id, channel, refunded, create_time, dispense_end_time,
          state, coupon_id, coupon_amount, paid_time
      ), used AS (
        INSERT INTO biz_coupon (id, template_id, member_id, agent_id, code, issue_type, status, valid_from, valid_to,
          order_id, order_time, order_no, discount_amount, create_time, used_time)
        SELECT i.coupon_id, CASE WHEN s.funder = 'PLATFORM' THEN ${platformCoupons.id}::int ELSE ${agentCoupons.id}::int END,
          ${member.id}::int, ${top.id}::int, 'BF' || i.id, 'PUSH', 'USED', '2020-01-01', '2099-12-31', i.id, i.create_time, i.order_no,
          i.coupon_amount, i.create_time, i.paid_time
        FROM inserted i JOIN settled s ON s.id = i.id WHERE i.coupon_id IS NOT NULL
      ), keys AS (
        INSERT INTO biz_order_key (machine_id, machine_order_no, order_id, order_time)
        SELECT machine_id, machine_order_no, id, create_time FROM inserted
      ), refunded AS (
        INSERT INTO biz_refund (refund_no, order_id, order_time, order_no, agent_id, machine_id, channel, amount, reason,
          status, create_time, done_time)
        SELECT 'R' || order_no || '01', id, create_time, order_no, agent_id, machine_id, channel, refunded,
          CASE WHEN state = 'REFUNDED' THEN 'DISPENSE_FAILED' ELSE 'SHORT_FILL' END,
          'SUCCESS', dispense_end_time, dispense_end_time
        FROM inserted WHERE refunded > 0
      )
      SELECT count(*)::int AS n FROM inserted`);
    orders += made.n;
    progress(
      `${from.toISOString().slice(0, 7)}: ${made.n.toLocaleString('en')} orders (${orders.toLocaleString('en')} in all)`,
    );
    from = to;
  }

  // The roll-ups, from the orders, as the sales projector writes them live: an order, its money,
  // discounts and water in the hour and day it was paid; a refund in the hour and day it succeeded.
  // (The test checks that they are the projector's, row for row.)
  const paidFigures = sql`count(*), sum(dispensed_ml), sum(paid), 0, sum(discount_amount), sum(coupon_amount)`;
  const refundFigures = sql`0, 0, 0, sum(r.amount), 0, 0`;
  const columns = sql`machine_id, site_id, agent_id, channel, orders, dispensed_ml, paid, refunded, discount, coupon`;
  for (const { table, period, bucket } of [
    { table: sql`biz_sales_hourly`, period: sql`hour`, bucket: (at: SQL) => sql`date_trunc('hour', ${at})` },
    { table: sql`biz_sales_daily`, period: sql`day`, bucket: (at: SQL) => sql`(${at} AT TIME ZONE ${timeZone})::date` },
  ]) {
    await db.execute(sql`
      INSERT INTO ${table} (${period}, ${columns})
      SELECT ${bucket(sql`paid_time`)}, machine_id, min(site_id), min(agent_id), channel, ${paidFigures}
      FROM biz_order WHERE agent_id IN (${inCities})
      GROUP BY 1, machine_id, channel`);
    await db.execute(sql`
      INSERT INTO ${table} (${period}, ${columns})
      SELECT ${bucket(sql`r.done_time`)}, r.machine_id, min(o.site_id), min(r.agent_id), r.channel, ${refundFigures}
      FROM biz_refund r JOIN biz_order o ON o.id = r.order_id AND o.create_time = r.order_time
      WHERE r.agent_id IN (${inCities}) AND r.status = 'SUCCESS'
      GROUP BY 1, r.machine_id, r.channel
      ON CONFLICT (${period}, machine_id, channel) DO UPDATE SET refunded = ${table}.refunded + excluded.refunded`);
  }
  // Coupons were numbered as their orders: live ones are numbered after them.
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('biz_coupon', 'id'), (SELECT max(id) FROM biz_coupon))`);
  // The planner learns the new rows' figures before the cards and the ledger are joined to them.
  await db.execute(sql`ANALYZE`);
  progress('roll-ups written');
  await backfillCards(db, { agentIds: cityAgentIds, since: start, batchNo: `BF${tag}` });
  progress('water cards written');
  await bookBackfilledSales(db, { agentIds: cityAgentIds, timeZone });
  await db.execute(sql`ANALYZE biz_card, biz_card_movement, fin_account, fin_posting, fin_entry`);
  progress('ledger written');
  return { topAgentId: top.id, topDeptId: topDept.id, cityAgentIds, machineIds, orders };
}
