/**
 * A day of a channel's sales written straight into the orders, with its statement and the known
 * answer of its classification: the API tests and the benchmark start from it.
 */
import type { ReconciliationClass, StatementChannel } from '@water/contract/reconciliation';
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { BillRow } from './bill-test-fixtures.ts';

/** How many of each kind a day's known answer holds. */
export interface DayPlan {
  /** Our paid orders of the day (every class of payment comes out of them, CHANNEL_ONLY aside). */
  orders: number;
  amountDiffers: number;
  /** Orders we closed unpaid that the statement says were paid. */
  stateDiffers: number;
  oursOnly: number;
  channelOnly: number;
  /** Matched orders refunded in full that day, in the statement too… */
  refunds: number;
  /** …of which this many are still pending with us while the channel says refunded. */
  refundsPending: number;
}

/** What the statement of a planned day must be classified as, and what it says of money. */
export interface PlannedDay {
  rows: BillRow[];
  expected: Record<ReconciliationClass, number>;
  fees: number;
  refunded: number;
}

const feeOf = (fen: number) => Math.round((fen * 6) / 1000);

/**
 * Writes a day of a channel's sales on one machine straight into the orders and refunds (the
 * gateway would take minutes for a few thousand, the back-fill's pace is wanted), and answers
 * the channel's statement of that day with the classes it must come out as.
 */
export async function plannedDay(
  db: Database,
  options: {
    channel: StatementChannel;
    day: string;
    machine: { id: number; agentId: number; siteId: number | null };
    plan: DayPlan;
    /** Keeps the order numbers of two plans of one day apart. */
    tag: string;
  },
): Promise<PlannedDay> {
  const { channel, day, machine, plan, tag } = options;
  const prefix = `${day.replaceAll('-', '')}${tag}`;
  const start = dayjs(day).startOf('day');
  const orderNo = (n: number) => `${prefix}${String(n).padStart(8, '0')}`;
  const paidOf = (n: number) => 100 + (n % 97);
  const secondOf = (n: number) => 60 + (n % 86_000);
  const timeOf = (n: number) => start.add(secondOf(n), 'second').format('YYYY-MM-DD HH:mm:ss');
  const firstRefund = plan.orders - plan.oursOnly - plan.refunds + 1;
  await db.execute(sql`SELECT biz_order_ensure_partition(${start.toISOString()}::timestamptz)`);
  await db.execute(sql`
    INSERT INTO biz_order (id, order_no, machine_id, machine_order_no, site_id, agent_id, agent_path, commission_rate,
      channel, tap, water_type, unit_price, requested_ml, dispensed_ml, list_amount, payable, paid, refunded, state,
      pay_ref, create_time, received_time, paid_time, close_time, update_time)
    SELECT nextval('biz_order_id_seq'), ${prefix} || lpad(n::text, 8, '0'), ${machine.id}, ${prefix} || n, ${machine.siteId},
      ${machine.agentId}, '/' || ${machine.agentId} || '/', '10.00', ${channel}, 1, 'COLD', 50, 2000, 2000,
      100 + n % 97, 100 + n % 97, CASE WHEN closed THEN 0 ELSE 100 + n % 97 END,
      CASE WHEN refunded THEN 100 + n % 97 ELSE 0 END,
      CASE WHEN closed THEN 'CLOSED' WHEN refunded THEN 'REFUNDED' ELSE 'COMPLETED' END,
      CASE WHEN closed THEN NULL ELSE 'T' || ${prefix} || n END,
      at - interval '5 seconds', at - interval '5 seconds', CASE WHEN closed THEN NULL ELSE at END,
      CASE WHEN closed THEN at + interval '5 minutes' END, at
    FROM (
      SELECT n, ${start.toISOString()}::timestamptz + (60 + n % 86000) * interval '1 second' AS at,
        n > ${plan.amountDiffers} AND n <= ${plan.amountDiffers + plan.stateDiffers} AS closed,
        n >= ${firstRefund} AND n <= ${plan.orders - plan.oursOnly} AS refunded
      FROM generate_series(1, ${plan.orders}) AS n
    ) AS sale`);
  await db.execute(sql`
    INSERT INTO biz_refund (refund_no, order_id, order_time, order_no, agent_id, machine_id, channel, amount, reason,
      status, channel_ref, create_time, done_time)
    SELECT 'R' || o.order_no, o.id, o.create_time, o.order_no, o.agent_id, o.machine_id, o.channel, o.paid, 'CUSTOMER',
      CASE WHEN row_number() OVER (ORDER BY o.order_no) <= ${plan.refundsPending} THEN 'PENDING' ELSE 'SUCCESS' END,
      'RF' || o.order_no, o.paid_time + interval '1 minute',
      CASE WHEN row_number() OVER (ORDER BY o.order_no) <= ${plan.refundsPending} THEN NULL
        ELSE o.paid_time + interval '1 minute' END
    FROM biz_order o
    WHERE o.order_no >= ${orderNo(firstRefund)} AND o.order_no <= ${orderNo(plan.orders - plan.oursOnly)}
      AND o.create_time >= ${start.subtract(1, 'day').toISOString()}::timestamptz
      AND o.create_time < ${start.add(2, 'day').toISOString()}::timestamptz`);
  await db.execute(sql`ANALYZE biz_order`);

  const rows: BillRow[] = [];
  for (let n = 1; n <= plan.orders - plan.oursOnly; n++) {
    const amount = paidOf(n) + (n <= plan.amountDiffers ? 1 : 0);
    rows.push({
      kind: 'PAYMENT',
      orderNo: orderNo(n),
      channelRef: `4200${prefix}${n}`,
      amount,
      done: true,
      fee: feeOf(amount),
      time: timeOf(n),
    });
  }
  for (let n = firstRefund; n <= plan.orders - plan.oursOnly; n++) {
    rows.push({
      kind: 'REFUND',
      orderNo: orderNo(n),
      refundNo: `R${orderNo(n)}`,
      channelRef: `5030${prefix}${n}`,
      amount: paidOf(n),
      done: true,
      fee: feeOf(paidOf(n)),
      time: dayjs(timeOf(n)).add(1, 'minute').format('YYYY-MM-DD HH:mm:ss'),
    });
  }
  for (let n = 1; n <= plan.channelOnly; n++) {
    rows.push({
      kind: 'PAYMENT',
      orderNo: `${prefix}X${n}`,
      channelRef: `4299${prefix}${n}`,
      amount: 300,
      done: true,
      fee: feeOf(300),
      time: timeOf(n),
    });
  }
  const matchedPayments = plan.orders - plan.oursOnly - plan.amountDiffers - plan.stateDiffers;
  return {
    rows,
    expected: {
      MATCHED: matchedPayments + plan.refunds - plan.refundsPending,
      AMOUNT_DIFFERS: plan.amountDiffers,
      STATE_DIFFERS: plan.stateDiffers + plan.refundsPending,
      OURS_ONLY: plan.oursOnly,
      CHANNEL_ONLY: plan.channelOnly,
    },
    fees: rows.reduce((sum, row) => sum + (row.kind === 'PAYMENT' ? row.fee : -row.fee), 0),
    refunded: rows.filter((row) => row.kind === 'REFUND').reduce((sum, row) => sum + row.amount, 0),
  };
}
