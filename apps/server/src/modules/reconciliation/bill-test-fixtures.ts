/**
 * Statement files as the channels publish them, from rows of money in fen: what the API tests, the
 * benchmark and the journey upload. Kept apart from the database's fixtures so the journeys can
 * build a file without the server's code.
 */
import dayjs from 'dayjs';

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
