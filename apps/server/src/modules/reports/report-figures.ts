import { asFen, type Fen } from '@water/contract/money';
import {
  REPORT_MAX_DAYS,
  type Report,
  type ReportFigures,
  type ReportGrouping,
  type ReportPeriod,
  type ReportQuery,
  type ReportRow,
} from '@water/contract/reports';
import dayjs from 'dayjs';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalidField, noSuchInReach, notFound } from '../../lib/http-errors.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SlaService } from '../workorders/sla.service.ts';
import { reportsRepository as repo } from './reports.repository.ts';

const DAY = 'YYYY-MM-DD';

/** What the reports read of other modules: the books and the SLA clocks. */
export interface ReportSources {
  ledger: Pick<LedgerService, 'reportAmounts'>;
  sla: Pick<SlaService, 'attainment'>;
}

interface Sales {
  revenue: Fen;
  refunded: Fen;
  orders: number;
  dispensedMl: number;
  coupon: Fen;
}
interface Sla {
  responded: number;
  respondedInTime: number;
  resolved: number;
  resolvedInTime: number;
}
const NO_SALES: Sales = { revenue: asFen(0), refunded: asFen(0), orders: 0, dispensedMl: 0, coupon: asFen(0) };

const percent = (part: number, whole: number) => (whole === 0 ? null : ((part * 100) / whole).toFixed(2));
const add = (a: Fen | null, b: Fen | null | undefined): Fen | null => (a === null ? null : asFen(a + (b ?? 0)));
const sumOf = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((sum, row) => sum + pick(row), 0);

/** The figures of sales with the books' and the clocks' beside them (null where not carried). */
function figuresOf(
  sales: Sales,
  books: { commission: Fen | null; channelFees: Fen | null; cardLiabilities: Fen | null },
  sla: Sla | null,
): ReportFigures {
  return {
    revenue: sales.revenue,
    refunded: sales.refunded,
    net: asFen(sales.revenue - sales.refunded),
    orders: sales.orders,
    dispensedMl: sales.dispensedMl,
    averageTicket: asFen(sales.orders > 0 ? Math.round(sales.revenue / sales.orders) : 0),
    coupon: sales.coupon,
    ...books,
    slaResponseMet: sla && percent(sla.respondedInTime, sla.responded),
    slaResolutionMet: sla && percent(sla.resolvedInTime, sla.resolved),
  };
}

/** The first and last day a report reads: whole months for a monthly one. */
export function reportRange(query: Pick<ReportQuery, 'period' | 'from' | 'to'>): { from: string; to: string } {
  const from = dayjs(query.from);
  const to = dayjs(query.to);
  if (!from.isValid() || from.format(DAY) !== query.from) throw invalidField('from', { key: 'errors.sla.day' });
  if (!to.isValid() || to.format(DAY) !== query.to) throw invalidField('to', { key: 'errors.sla.day' });
  const first = query.period === 'MONTH' ? from.startOf('month') : from;
  const last = query.period === 'MONTH' ? to.endOf('month') : to;
  if (last.isBefore(first) || last.diff(first, 'day') >= REPORT_MAX_DAYS) {
    throw invalidField('to', { key: 'errors.reports.range', values: { days: REPORT_MAX_DAYS } });
  }
  return { from: first.format(DAY), to: last.format(DAY) };
}

/** The days or months of a range, in order. */
function periodsOf(period: ReportPeriod, from: string, to: string): string[] {
  const unit = period === 'DAY' ? 'day' : 'month';
  const format = period === 'DAY' ? DAY : 'YYYY-MM';
  const periods: string[] = [];
  for (let at = dayjs(from); !at.isAfter(dayjs(to), unit); at = at.add(1, unit)) periods.push(at.format(format));
  return periods;
}

const bucketOf = (period: ReportPeriod, day: string) => (period === 'DAY' ? day : day.slice(0, 7));

/**
 * A report of the sales of a range of days per agent, site, machine or channel, with a point
 * per day or month and totals: sales from the roll-ups; commission, channel fees and card
 * liabilities from the ledger; SLA attainment from the work orders; all within the caller's data
 * scope (and the agent asked for).
 */
export function createReportFigures({ db }: Pick<Deps, 'db'>, { ledger, sla }: ReportSources) {
  async function agentsOf(principal: Principal, agentId: number | undefined): Promise<number[] | null> {
    const reach = await agentIdsInScope(db, principal.scope);
    if (agentId === undefined) return reach;
    if (reach !== null && !reach.includes(agentId)) throw notFound(noSuchInReach('agent', agentId));
    return [agentId];
  }

  async function slaBy(principal: Principal, by: ReportGrouping, from: string, to: string, agentIds: number[] | null) {
    if (by === 'channel') return null;
    const rows = await sla.attainment(principal, { from, to, by: by === 'site' ? 'region' : by });
    const kept = by === 'agent' && agentIds !== null ? rows.filter((row) => agentIds.includes(row.id ?? 0)) : rows;
    return new Map(kept.filter((row) => row.id !== null).map((row) => [String(row.id), row]));
  }

  return async function report(principal: Principal, query: ReportQuery): Promise<Report> {
    const { from, to } = reportRange(query);
    const { period, by } = query;
    const agentIds = await agentsOf(principal, query.agentId);
    const [byGroup, byPeriod, books, slaRows] = await Promise.all([
      repo.salesByGroup(db, by, from, to, agentIds),
      repo.salesByPeriod(db, period, from, to, agentIds),
      ledger.reportAmounts(from, to, agentIds),
      slaBy(principal, by, from, to, agentIds),
    ]);
    const fees = agentIds === null;
    const commissionOf = new Map<string, Fen>();
    for (const row of books.commission) {
      const key = String(row.agentId);
      commissionOf.set(key, asFen((commissionOf.get(key) ?? 0) + row.amount));
    }
    const feesOf = new Map<string, Fen>();
    for (const row of books.fees)
      feesOf.set(row.channel ?? '', asFen((feesOf.get(row.channel ?? '') ?? 0) + row.amount));
    const cardsAtEnd = new Map<string, Fen>();
    for (const row of [...books.cardsBefore, ...books.cards]) {
      const key = String(row.agentId);
      cardsAtEnd.set(key, asFen((cardsAtEnd.get(key) ?? 0) + row.amount));
    }

    // Rows: every group with sales, and (per agent, per channel) those with only books or clocks.
    const salesOf = new Map(byGroup.map(({ key, ...sales }) => [key, sales]));
    const keys = new Set<string | null>(salesOf.keys());
    if (by === 'agent') for (const key of [...commissionOf.keys(), ...cardsAtEnd.keys()]) keys.add(key);
    if (by === 'channel' && fees) for (const key of feesOf.keys()) keys.add(key);
    for (const key of slaRows?.keys() ?? []) keys.add(key);
    const names =
      by === 'channel'
        ? new Map<number, string>()
        : await repo.names(db, by, [...keys].filter((key) => key !== null).map(Number));
    const rows: ReportRow[] = [...keys].map((key) => ({
      key,
      name: by === 'channel' ? key : key === null ? null : (names.get(Number(key)) ?? null),
      ...figuresOf(
        salesOf.get(key) ?? NO_SALES,
        {
          commission: by === 'agent' ? (commissionOf.get(key ?? '') ?? asFen(0)) : null,
          channelFees: by === 'channel' && fees ? (feesOf.get(key ?? '') ?? asFen(0)) : null,
          cardLiabilities: by === 'agent' ? (cardsAtEnd.get(key ?? '') ?? asFen(0)) : null,
        },
        slaRows ? (slaRows.get(key ?? '') ?? null) : null,
      ),
    }));
    rows.sort((a, b) => b.revenue - a.revenue || (a.name ?? '').localeCompare(b.name ?? ''));

    // Series: a point per day or month of the range, the books' amounts summed into it.
    const buckets = periodsOf(period, from, to);
    const commissionIn = new Map<string, Fen>();
    for (const row of books.commission) {
      const bucket = bucketOf(period, row.day);
      commissionIn.set(bucket, asFen((commissionIn.get(bucket) ?? 0) + row.amount));
    }
    const feesIn = new Map<string, Fen>();
    for (const row of books.fees) {
      const bucket = bucketOf(period, row.day);
      feesIn.set(bucket, asFen((feesIn.get(bucket) ?? 0) + row.amount));
    }
    const cardMoves = new Map<string, Fen>();
    for (const row of books.cards) {
      const bucket = bucketOf(period, row.day);
      cardMoves.set(bucket, asFen((cardMoves.get(bucket) ?? 0) + row.amount));
    }
    let cards = asFen(sumOf(books.cardsBefore, (row) => row.amount));
    const salesIn = new Map(byPeriod.map(({ period: bucket, ...sales }) => [bucket, sales]));
    const series = buckets.map((bucket) => {
      cards = asFen(cards + (cardMoves.get(bucket) ?? 0));
      return {
        period: bucket,
        ...figuresOf(
          salesIn.get(bucket) ?? NO_SALES,
          {
            commission: commissionIn.get(bucket) ?? asFen(0),
            channelFees: fees ? (feesIn.get(bucket) ?? asFen(0)) : null,
            cardLiabilities: cards,
          },
          null,
        ),
      };
    });

    const allSla = slaRows ? [...slaRows.values()] : null;
    const totals = figuresOf(
      {
        revenue: asFen(sumOf(byGroup, (row) => row.revenue)),
        refunded: asFen(sumOf(byGroup, (row) => row.refunded)),
        orders: sumOf(byGroup, (row) => row.orders),
        dispensedMl: sumOf(byGroup, (row) => row.dispensedMl),
        coupon: asFen(sumOf(byGroup, (row) => row.coupon)),
      },
      {
        commission: asFen(sumOf(books.commission, (row) => row.amount)),
        channelFees: fees ? add(asFen(0), asFen(sumOf(books.fees, (row) => row.amount))) : null,
        cardLiabilities: cards,
      },
      allSla && {
        responded: sumOf(allSla, (row) => row.responded),
        respondedInTime: sumOf(allSla, (row) => row.respondedInTime),
        resolved: sumOf(allSla, (row) => row.resolved),
        resolvedInTime: sumOf(allSla, (row) => row.resolvedInTime),
      },
    );
    return { period, from, to, by, rows, series, totals };
  };
}
