import type { Fen } from '@water/contract/money';
import type { ChannelState, DiscrepancyKind, StatementChannel, StatementFormat } from '@water/contract/reconciliation';
import { CHANNEL_OF_FORMAT } from '@water/contract/reconciliation';
import { invalidField } from '../../lib/http-errors.ts';
import type { TextRef } from '../../lib/texts.ts';

/** One row of a channel's statement, as both formats read into the same terms. */
export interface StatementRow {
  /** The file's line it was read from (1 is the first line). */
  line: number;
  kind: DiscrepancyKind;
  /** Our order number, as we sent it to the channel (out_trade_no). */
  orderNo: string;
  /** Our refund number (out_refund_no, out_request_no), for a refund. */
  refundNo: string | null;
  /** The channel's own number of the payment (a refund's: its refund number where it has one). */
  channelRef: string;
  /** The payment's amount, or the refund's, in fen (always positive). */
  amount: Fen;
  state: ChannelState;
  /** The fee the channel kept on this row: charged on a payment (+), returned on a refund (−). */
  fee: Fen;
  /** The row's time as written (`yyyy-MM-dd HH:mm:ss`, China time as the channel writes it). */
  time: string;
}

export interface Statement {
  format: StatementFormat;
  encoding: 'UTF-8' | 'GBK';
  rows: StatementRow[];
}

/** Refuses the uploaded file on its field, with one of reconciliation's texts. */
export const refusedFile = (name: string, values?: TextRef['values']) =>
  invalidField('file', { key: `errors.reconciliation.${name}`, ...(values && { values }) });

/** The file's text: UTF-8 when it is valid UTF-8 (with or without a BOM), GBK otherwise (Alipay's downloads). */
export function decodeStatement(bytes: Buffer): { text: string; encoding: Statement['encoding'] } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('gbk').decode(bytes), encoding: 'GBK' };
  }
}

/** What the first line that is not a comment says the file is. */
export function formatOf(text: string): StatementFormat | 'ALIPAY_ACCOUNT_LOG' | undefined {
  const header = text
    .slice(0, 8192)
    .split(/\r?\n/)
    .find((line) => line.trim() !== '' && !line.startsWith('#'));
  if (!header) return undefined;
  if (header.includes('商户订单号') && header.includes('微信订单号') && header.includes('交易状态')) {
    return 'WECHAT_TRADE_BILL';
  }
  if (header.includes('支付宝交易号') && header.includes('业务类型')) return 'ALIPAY_BUSINESS_DETAIL';
  if (header.includes('账务流水号')) return 'ALIPAY_ACCOUNT_LOG';
  return undefined;
}

/** The format of a statement meant to be `channel`'s, or the refusal that says what it is instead. */
export function checkedFormat(text: string, channel: StatementChannel): StatementFormat {
  const format = formatOf(text);
  if (format === 'ALIPAY_ACCOUNT_LOG') throw refusedFile('accountLog');
  if (format === undefined) throw refusedFile('notAStatement');
  if (CHANNEL_OF_FORMAT[format] !== channel) {
    throw refusedFile('wrongChannel', {
      format: { key: `reconciliation.formats.${format}` },
      channel: { key: `errors.reconciliation.channels.${channel}` },
    });
  }
  return format;
}

/** Where each column a format's reader needs stands in its header, or the refusal naming the first one missing. */
export function columnsOf<const C extends string>(header: readonly string[], needed: readonly C[]): Record<C, number> {
  const at = {} as Record<C, number>;
  for (const column of needed) {
    const index = header.indexOf(column);
    if (index < 0) throw refusedFile('missingColumn', { column });
    at[column] = index;
  }
  return at;
}

/** Index of the first of several names a column has gone by (newer bills renamed some), or -1. */
export function firstColumn(header: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const index = header.indexOf(name);
    if (index >= 0) return index;
  }
  return -1;
}

/** Checks that the statement is of `day`: at least one of its rows is (a wrong day chosen holds none). */
export function checkDay(rows: readonly StatementRow[], day: string): void {
  if (rows.length === 0) throw refusedFile('noRows');
  if (rows.some((row) => row.time.startsWith(day))) return;
  const found = [...new Set(rows.map((row) => row.time.slice(0, 10)))].sort().slice(0, 3).join(', ');
  throw refusedFile('otherDay', { day, found });
}
