import type { PageOf } from '@water/contract/common';
import { asFen, sumFen } from '@water/contract/money';
import {
  DISCREPANCY_COLUMNS,
  DISCREPANCY_STATE_MACHINE,
  Discrepancy,
  type DiscrepancyQuery,
  type ImportQuery,
  type ImportStatementQuery,
  type OpenDiscrepancies,
  type PeriodQuery,
  ReconciliationImport,
  type ResolveInput,
  type StatementChannel,
} from '@water/contract/reconciliation';
import dayjs from 'dayjs';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { emptyField, forbidden, invalidField, noSuch, notFound, notRealDate } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { moveBy } from '../../lib/state.ts';
import { isRealDay, parseWireTime, startOfDay } from '../../lib/time.ts';
import { displayName, type Upload } from '../../lib/uploads.ts';
import { wireMapper } from '../../lib/wire.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import {
  type DiscrepancyRecord,
  discrepancyOrder,
  discrepancySortable,
  importOrder,
  importSortable,
  reconciliationRepository as repo,
} from './reconciliation.repository.ts';
import { checkDay, checkedFormat, decodeStatement, type StatementRow } from './statement-file.ts';
import { readStatement } from './statement-readers.ts';

const importDto = wireMapper(ReconciliationImport);
const discrepancyDto = wireMapper(Discrepancy);

/** How far before a statement's day an order it pays may have been made (late payments of closed orders). */
const ORDER_DAYS_BEFORE = 31;

/** Reconciliation is the platform's business: staff whose data scope is restricted (agents' staff) see none of it. */
const platformStaff = (principal: Principal) => principal.scope === null;

function checkedDay(field: string, day: string): Date {
  const start = isRealDay(day) ? parseWireTime(day, false) : undefined;
  if (!start) throw invalidField(field, notRealDate(day), 'format');
  return start;
}

/**
 * The days of creation among which the statement's orders are looked for: the days their numbers
 * start with (`yyyyMMdd…`, ours), widened by a day each side as the gateway does, within a month
 * before the statement's day. A number outside that cannot be one of our orders paid that day.
 */
function orderWindow(rows: readonly StatementRow[], day: string): { from: Date; to: Date } {
  const earliest = dayjs(day).subtract(ORDER_DAYS_BEFORE, 'day').format('YYYYMMDD');
  const latest = dayjs(day).add(1, 'day').format('YYYYMMDD');
  const prefixes = new Set<string>();
  for (const row of rows) if (row.kind === 'PAYMENT') prefixes.add(row.orderNo.slice(0, 8));
  const days = [...prefixes]
    .filter((prefix) => prefix >= earliest && prefix <= latest && dayjs(prefix, 'YYYYMMDD', true).isValid())
    .sort();
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return { from: new Date(0), to: new Date(0) };
  return {
    from: dayjs(first, 'YYYYMMDD').subtract(1, 'day').toDate(),
    to: dayjs(last, 'YYYYMMDD').add(2, 'day').toDate(),
  };
}

/** What a statement says the channel collected, settled back and kept as fees. */
function totalsOf(rows: readonly StatementRow[]) {
  return {
    paidTotal: sumFen(rows.filter((row) => row.kind === 'PAYMENT' && row.state === 'PAID').map((row) => row.amount)),
    refundedTotal: sumFen(
      rows.filter((row) => row.kind === 'REFUND' && row.state === 'REFUNDED').map((row) => row.amount),
    ),
    fees: sumFen(rows.map((row) => row.fee)),
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;

/**
 * Reconciliation with the payment channels: a channel's daily statement is read, each of its
 * rows and each of our payments and refunds of that channel and day classified, the
 * discrepancies queued for finance, and the channel's fees and settled refunds booked to the
 * ledger in the import's transaction (docs/money.md, Reconciliation).
 */
export function createReconciliationService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { ledger }: { ledger: LedgerService },
) {
  return {
    /**
     * Imports a channel's statement of a day. A day imported again replaces its classification
     * (keeping the resolutions of discrepancies found again) and books only what its fees and
     * settled refunds differ from what was booked before.
     */
    async importStatement(
      principal: Principal,
      upload: Upload,
      input: ImportStatementQuery,
    ): Promise<ReconciliationImport> {
      if (!platformStaff(principal)) throw forbidden({ key: 'errors.reconciliation.platformOnly' });
      const dayStart = checkedDay('day', input.day);
      const { text, encoding } = decodeStatement(upload.bytes);
      const format = checkedFormat(text, input.channel);
      const rows = readStatement(text, format);
      checkDay(rows, input.day);
      const totals = totalsOf(rows);
      const window = orderWindow(rows, input.day);
      const channel: StatementChannel = input.channel;
      const fileName = displayName(upload.filename);
      return db.transaction(async (tx) => {
        const record = await repo.lockedImport(
          tx,
          { channel, day: input.day },
          { fileName, format, encoding, importedBy: principal.username },
        );
        await repo.stage(tx, rows);
        const counts = await repo.classify(tx, {
          channel,
          dayStart,
          dayEnd: startOfDay(dayStart, 1),
          ordersFrom: window.from,
          ordersTo: window.to,
        });
        await repo.replaceDiscrepancies(tx, record);
        const fees = asFen(totals.fees - record.bookedFees);
        const refunds = asFen(totals.refundedTotal - record.bookedRefunds);
        await ledger.post(tx, {
          day: input.day,
          kind: 'SETTLEMENT',
          subject: channel,
          items: record.imports === 0 ? 1 : 0,
          lines: [
            { account: { type: 'CHANNEL_FEES', channel }, amount: fees },
            { account: { type: 'REFUNDS_PAYABLE', channel }, amount: refunds },
            { account: { type: 'CHANNEL_RECEIVABLE', channel }, amount: asFen(-fees - refunds) },
          ],
        });
        const updated = await repo.updateImport(tx, record.id, {
          fileName,
          format,
          encoding,
          rows: rows.length,
          matched: counts.MATCHED,
          amountDiffers: counts.AMOUNT_DIFFERS,
          stateDiffers: counts.STATE_DIFFERS,
          oursOnly: counts.OURS_ONLY,
          channelOnly: counts.CHANNEL_ONLY,
          ...totals,
          bookedFees: totals.fees,
          bookedRefunds: totals.refundedTotal,
          imports: record.imports + 1,
          importedBy: principal.username,
          importTime: clock.now(),
        });
        return importDto({ ...updated, open: await repo.openOfImport(tx, record.id) });
      });
    },

    /** The imported statements, the latest day first. */
    async imports(principal: Principal, query: ImportQuery): Promise<PageOf<ReconciliationImport>> {
      if (!platformStaff(principal)) return { content: [], totalElements: 0 };
      for (const day of query.day ?? []) checkedDay('day', day);
      const page = await repo.importsPage(db, query, toPaging(query, importSortable, importOrder));
      return { content: page.content.map(importDto), totalElements: page.totalElements };
    },

    /** The discrepancy queue, a page at a time and as a file. */
    ...declaredList<Principal, DiscrepancyQuery, DiscrepancyRecord, Discrepancy>({
      name: 'discrepancies',
      columns: DISCREPANCY_COLUMNS,
      sortable: discrepancySortable,
      order: discrepancyOrder,
      read: async (principal, query, paging) => {
        if (!platformStaff(principal)) return { content: [], totalElements: 0 };
        for (const day of query.day ?? []) checkedDay('day', day);
        return repo.discrepanciesPage(db, query, paging);
      },
      toWire: (row) => discrepancyDto(row),
    }),

    /** Resolves an open discrepancy with a note of what was found and done. */
    async resolve(principal: Principal, id: number, input: ResolveInput): Promise<Discrepancy> {
      const note = input.note.trim();
      if (note === '') throw emptyField('note');
      return db.transaction(async (tx) => {
        const row = platformStaff(principal) ? await repo.lockedDiscrepancy(tx, id) : undefined;
        if (!row) throw notFound(noSuch('discrepancy', id));
        const state = moveBy(DISCREPANCY_STATE_MACHINE, row.state, 'RESOLVE', {
          message: `Discrepancy ${id} is resolved already`,
        });
        return discrepancyDto(
          await repo.resolve(tx, id, { state, note, resolvedBy: principal.username, resolvedTime: clock.now() }),
        );
      });
    },

    /**
     * How many discrepancies of the days `firstDay`..`lastDay` (both included) are still open:
     * the ledger's close of a period refuses while any is.
     */
    openDiscrepancies(firstDay: string, lastDay: string): Promise<number> {
      return repo.openBetween(db, firstDay, lastDay);
    },

    /** The same count, asked through the API by finance. */
    async openOf(principal: Principal, query: PeriodQuery): Promise<OpenDiscrepancies> {
      checkedDay('firstDay', query.firstDay);
      checkedDay('lastDay', query.lastDay);
      if (query.lastDay < query.firstDay) {
        throw invalidField('lastDay', { key: 'errors.orders.endBeforeStart' });
      }
      return { open: platformStaff(principal) ? await repo.openBetween(db, query.firstDay, query.lastDay) : 0 };
    },
  };
}
