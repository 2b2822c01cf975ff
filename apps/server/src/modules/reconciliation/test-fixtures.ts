/**
 * Statement files as the channels publish them, and a day of a channel's sales written straight
 * into the orders with a statement of known answer: the API tests, the benchmark and the journey
 * build their files here.
 */
import type { ReconciliationClass, StatementChannel } from '@water/contract/reconciliation';
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** One row of a statement to write: a payment or a refund, money in fen. */
export interface BillRow {
  kind: 'PAYMENT' | 'REFUND';
  orderNo: string;
  refundNo?: string;
  channelRef: string;
  amount: number;
  /** A payment paid (or cancelled); a refund done (or not yet). */
  done: boolean;
  fee: number;
  time: string;
}

const yuan = (fen: number, places = 2) => (fen / 100).toFixed(places);

const WECHAT_HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';

/** WeChat Pay's trade bill of all orders (交易账单, bill_type ALL), each cell after the header behind a backtick. */
export function wechatBill(rows: readonly BillRow[]): string {
  const cells = (values: readonly string[]) => values.map((value) => `\`${value}`).join(',');
  const lines = rows.map((row) =>
    row.kind === 'PAYMENT'
      ? cells([
          row.time,
          'wx2421b1c4370ec43b',
          '1900000109',
          '0',
          '',
          row.channelRef,
          row.orderNo,
          'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
          'NATIVE',
          row.done ? 'SUCCESS' : 'REVOKED',
          'OTHERS',
          'CNY',
          yuan(row.amount),
          '0.00',
          '0',
          '0',
          '0.00',
          '0.00',
          '',
          '',
          '纯净水',
          '',
          yuan(row.fee, 5),
          '0.60%',
          yuan(row.amount),
          '0.00',
          '',
        ])
      : cells([
          row.time,
          'wx2421b1c4370ec43b',
          '1900000109',
          '0',
          '',
          `42000${row.orderNo}`,
          row.orderNo,
          'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
          'NATIVE',
          'REFUND',
          'OTHERS',
          'CNY',
          '0.00',
          '0.00',
          row.channelRef,
          row.refundNo ?? '',
          yuan(row.amount),
          '0.00',
          'ORIGINAL',
          row.done ? 'SUCCESS' : 'PROCESSING',
          '纯净水',
          '',
          yuan(-row.fee, 5),
          '0.60%',
          '0.00',
          yuan(row.amount),
          '',
        ]),
  );
  const paid = rows.filter((row) => row.kind === 'PAYMENT').reduce((sum, row) => sum + row.amount, 0);
  const refunded = rows.filter((row) => row.kind === 'REFUND').reduce((sum, row) => sum + row.amount, 0);
  const fees = rows.reduce((sum, row) => sum + (row.kind === 'PAYMENT' ? row.fee : -row.fee), 0);
  return [
    WECHAT_HEADER,
    ...lines,
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    cells([String(rows.length), yuan(paid), yuan(refunded), '0.00', yuan(fees, 5), yuan(paid), yuan(refunded)]),
    '',
  ].join('\r\n');
}

const ALIPAY_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

/** Alipay's business detail (业务明细) of a day: comment lines around the table, cells followed by tabs. */
export function alipayDetail(rows: readonly BillRow[], day: string): string {
  const next = dayjs(day).add(1, 'day');
  const lines = rows.map((row) => {
    const sign = row.kind === 'REFUND' ? -1 : 1;
    return [
      `${row.channelRef}\t`,
      `${row.orderNo}\t`,
      row.kind === 'PAYMENT' ? '交易' : '退款',
      '纯净水',
      row.time,
      row.time,
      '\t',
      '\t',
      '\t',
      '\t',
      '*明(138****0000)\t',
      yuan(sign * row.amount),
      yuan(sign * row.amount),
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '',
      '0.00\t',
      '0.00',
      `${row.refundNo ?? ''}\t`,
      yuan(-sign * row.fee),
      '0.00',
      '',
    ].join(',');
  });
  const trades = rows.filter((row) => row.kind === 'PAYMENT').length;
  return [
    '#支付宝业务明细查询',
    '#账号：[20880000000000000156]',
    `#起始日期：[${dayjs(day).format('YYYY年MM月DD日')} 00:00:00]   终止日期：[${next.format('YYYY年MM月DD日')} 00:00:00]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    ALIPAY_HEADER,
    ...lines,
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${trades}笔，退款合计：${rows.length - trades}笔`,
    `#导出时间：[${next.format('YYYY年MM月DD日')} 10:31:06]`,
    '',
  ].join('\r\n');
}

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

let gbkCodes: Map<string, number> | undefined;

/** A text in GBK, as Alipay's downloads are (Node encodes only UTF-8; its decoder gives the table). */
export function gbkBytes(text: string): Buffer {
  if (!gbkCodes) {
    const codes = new Map<string, number>();
    const decoder = new TextDecoder('gbk', { fatal: true });
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        try {
          const char = decoder.decode(Uint8Array.of(lead, trail));
          if (char.length === 1 && !codes.has(char)) codes.set(char, (lead << 8) | trail);
        } catch {
          // Not a character of GBK.
        }
      }
    }
    gbkCodes = codes;
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x80) bytes.push(code);
    else {
      const gbk = gbkCodes.get(char);
      if (gbk === undefined) throw new Error(`“${char}” has no GBK code`);
      bytes.push(gbk >> 8, gbk & 0xff);
    }
  }
  return Buffer.from(bytes);
}
