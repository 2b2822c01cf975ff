import { asFen, type Fen } from '@water/contract/money';
import type { ChannelState, StatementFormat } from '@water/contract/reconciliation';
import { parse } from 'csv-parse/sync';
import { fenOfYuan } from '../../domain/money.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { columnsOf, firstColumn, refusedFile, type StatementRow } from './statement-file.ts';

/**
 * How each format's columns become a statement row (docs/money.md lists the same mapping). A
 * format's reader gets each record with its line; the header first.
 */
interface Reader {
  /** Reads the header; answers the reader of the rows after it. */
  header(cells: readonly string[]): (cells: readonly string[], line: number) => StatementRow | 'end' | null;
  /** How many rows the file's own summary says it holds, once read (null: it says nothing). */
  expected(): number | null;
}

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A cell as the channel wrote it, without the backtick or tab it adds to keep spreadsheets off its numbers. */
const clean = (cell: string | undefined) => (cell ?? '').replace(/^[`'\t ]+|[\t ]+$/g, '');

function amountAt(cells: readonly string[], index: number, column: string, line: number): Fen {
  const value = clean(cells[index]);
  const fen = fenOfYuan(value === '' ? '0' : value);
  if (fen === undefined) throw refusedFile('badAmount', { line, value, column });
  return fen;
}

function textAt(cells: readonly string[], index: number, column: string, line: number): string {
  const value = clean(cells[index]);
  if (value === '') throw refusedFile('noNumber', { line, column });
  return value;
}

function timeAt(cells: readonly string[], index: number, column: string, line: number): string {
  const value = clean(cells[index]);
  if (!TIME.test(value)) throw refusedFile('badTime', { line, value, column });
  return value;
}

const abs = (fen: Fen) => asFen(Math.abs(fen));

/**
 * WeChat Pay's trade bill (交易账单, bill_type ALL): a header of Chinese column names, each cell
 * of the rows after it prefixed with a backtick, then a summary header (`总交易单数,…`) and its
 * one row. Payment rows are `SUCCESS` (or `REVOKED`, paid then cancelled); refund rows `REFUND`.
 */
function wechatReader(): Reader {
  let summary: 'none' | 'header' | number = 'none';
  return {
    header(header) {
      const at = columnsOf(header, [
        '交易时间',
        '微信订单号',
        '商户订单号',
        '交易状态',
        '微信退款单号',
        '商户退款单号',
        '退款金额',
        '退款状态',
        '手续费',
      ]);
      const paidAt = firstColumn(header, ['订单金额', '应结订单金额', '总金额']);
      if (paidAt < 0) throw refusedFile('missingColumn', { column: '订单金额' });
      const refundAt = firstColumn(header, ['申请退款金额', '退款金额']);
      return (cells, line) => {
        const first = clean(cells[0]);
        if (summary === 'header') {
          summary = Number(first);
          return 'end';
        }
        if (first === '总交易单数') {
          summary = 'header';
          return null;
        }
        const status = clean(cells[at.交易状态]);
        const time = timeAt(cells, at.交易时间, '交易时间', line);
        const orderNo = textAt(cells, at.商户订单号, '商户订单号', line);
        const fee = abs(amountAt(cells, at.手续费, '手续费', line));
        if (status === 'REFUND') {
          const refundStatus = clean(cells[at.退款状态]);
          return {
            line,
            kind: 'REFUND',
            orderNo,
            refundNo: clean(cells[at.商户退款单号]) || null,
            channelRef: clean(cells[at.微信退款单号]) || clean(cells[at.微信订单号]),
            amount: abs(amountAt(cells, refundAt, header[refundAt] ?? '退款金额', line)),
            state: refundStatus === 'SUCCESS' ? 'REFUNDED' : 'REFUND_UNSETTLED',
            fee: asFen(-fee),
            time,
          };
        }
        const state: ChannelState | undefined =
          status === 'SUCCESS' ? 'PAID' : status === 'REVOKED' ? 'CANCELLED' : undefined;
        if (!state) throw refusedFile('badState', { line, value: status, column: '交易状态' });
        return {
          line,
          kind: 'PAYMENT',
          orderNo,
          refundNo: null,
          channelRef: textAt(cells, at.微信订单号, '微信订单号', line),
          amount: abs(amountAt(cells, paidAt, header[paidAt] ?? '订单金额', line)),
          state,
          fee: state === 'PAID' ? fee : asFen(0),
          time,
        };
      };
    },
    expected: () => (typeof summary === 'number' && Number.isInteger(summary) ? summary : null),
  };
}

/**
 * Alipay's business detail (业务明细, the trade bill of its download): comment lines starting
 * with `#` before the header and after the rows (the last say how many trades and refunds it
 * holds), cells often followed by a tab. Rows are `交易` (a payment) or `退款` (a refund, its
 * amounts negative).
 */
function alipayReader(comments: readonly string[]): Reader {
  const totals = comments
    .map((line) => /交易合计[:：]\s*(\d+)\s*笔.*退款合计[:：]\s*(\d+)\s*笔/.exec(line))
    .find((match) => match !== null);
  return {
    header(header) {
      const at = columnsOf(header, [
        '支付宝交易号',
        '商户订单号',
        '业务类型',
        '完成时间',
        '订单金额（元）',
        '商家实收（元）',
        '退款批次号/请求号',
        '服务费（元）',
      ]);
      return (cells, line) => {
        const type = clean(cells[at.业务类型]);
        const base = {
          line,
          orderNo: textAt(cells, at.商户订单号, '商户订单号', line),
          channelRef: textAt(cells, at.支付宝交易号, '支付宝交易号', line),
          time: timeAt(cells, at.完成时间, '完成时间', line),
        };
        const fee = abs(amountAt(cells, at['服务费（元）'], '服务费（元）', line));
        if (type === '交易') {
          const amount = abs(amountAt(cells, at['订单金额（元）'], '订单金额（元）', line));
          return { ...base, kind: 'PAYMENT', refundNo: null, amount, state: 'PAID', fee };
        }
        if (type === '退款') {
          const amount = abs(amountAt(cells, at['商家实收（元）'], '商家实收（元）', line));
          const refundNo = clean(cells[at['退款批次号/请求号']]) || null;
          return { ...base, kind: 'REFUND', refundNo, amount, state: 'REFUNDED', fee: asFen(-fee) };
        }
        throw refusedFile('badState', { line, value: type, column: '业务类型' });
      };
    },
    expected: () => (totals ? Number(totals[1]) + Number(totals[2]) : null),
  };
}

/** The rows of a statement's text in its format, each with its line; refuses what it cannot read. */
export function readStatement(text: string, format: StatementFormat): StatementRow[] {
  const comments = format === 'ALIPAY_BUSINESS_DETAIL' ? text.split(/\r?\n/).filter((l) => l.startsWith('#')) : [];
  const reader = format === 'WECHAT_TRADE_BILL' ? wechatReader() : alipayReader(comments);
  let rowOf: ReturnType<Reader['header']> | undefined;
  let ended = false;
  let failure: unknown;
  const rows: StatementRow[] = [];
  try {
    // Each record becomes a row as it is read; the parser keeps none of them.
    parse(text, {
      bom: true,
      comment: format === 'ALIPAY_BUSINESS_DETAIL' ? '#' : undefined,
      comment_no_infix: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      on_record: (record: string[], context: { lines: number }) => {
        if (failure !== undefined || ended) return null;
        try {
          if (!rowOf) {
            rowOf = reader.header(record.map(clean));
            return null;
          }
          const row = rowOf(record, context.lines);
          if (row === 'end') ended = true;
          else if (row) rows.push(row);
          return null;
        } catch (error) {
          failure = error;
          return null;
        }
      },
    });
  } catch {
    throw refusedFile('notAStatement');
  }
  if (failure !== undefined) throw failure instanceof HttpError ? failure : refusedFile('notAStatement');
  const expected = reader.expected();
  if (expected !== null && expected !== rows.length) {
    throw refusedFile('cutOff', { expected, found: rows.length });
  }
  return rows;
}
