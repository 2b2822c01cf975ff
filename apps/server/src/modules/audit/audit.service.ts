import { CHANGE_RECORD_COLUMNS, ChangeRecord, type ChangeRecordQuery } from '@water/contract/audit';
import type { Principal } from '../../domain/principal.ts';
import { type AuditTrail, type ChangeEntry, changedFields, currentOrigin } from '../../lib/audit-trail.ts';
import type { Deps } from '../../lib/deps.ts';
import { declaredList } from '../../lib/list-sheet.ts';
import { wireMapper } from '../../lib/wire.ts';
import { changeOrder, changeSortable, auditRepository as repo } from './audit.repository.ts';
import type { changeRecords } from './audit.schema.ts';

type ChangeRow = typeof changeRecords.$inferSelect;

const toWire = wireMapper(ChangeRecord);

/**
 * The writing side of the record of changes, which every module changing money or configuration
 * is given: one call inside the change's own transaction, who and from which request taken from
 * the request under way.
 */
export function createAuditTrail({ clock }: Pick<Deps, 'clock'>): AuditTrail {
  return {
    async record(tx, entries) {
      const origin = currentOrigin();
      const at = clock.now();
      const rows = [entries].flat().map((entry: ChangeEntry) => {
        const { before, after } = changedFields(entry);
        return {
          at,
          ...origin,
          recordType: entry.recordType,
          recordId: String(entry.recordId),
          action: entry.action,
          before: before as Record<string, unknown> | null,
          after: after as Record<string, unknown> | null,
        };
      });
      if (rows.length > 0) await repo.append(tx, rows);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/** The reading side: the records of one record, or a search of them all; never a change to one. */
export function createAuditService({ db }: Pick<Deps, 'db'>) {
  const list = declaredList<Principal, ChangeRecordQuery, ChangeRow, ChangeRecord>({
    name: 'change-records',
    columns: CHANGE_RECORD_COLUMNS,
    sortable: changeSortable,
    order: changeOrder,
    // The record tells of every agent's money and configuration: staff whose data scope is
    // restricted (an agent's) see only the changes they made themselves.
    read: async (principal, query, paging) =>
      repo.page(db, { ...query, ...(principal.scope === null ? {} : { userId: principal.id }) }, paging),
    toWire: (row) => toWire({ ...row, before: row.before ?? null, after: row.after ?? null }),
  });
  return {
    list: list.list,
    /** The file writes the values before and after as JSON text, one cell each. */
    async exportSheet(principal: Principal, filter: Omit<ChangeRecordQuery, 'page' | 'size'>, language?: 'en' | 'zh') {
      const sheet = await list.exportSheet(principal, filter, language);
      const asText = (values: unknown) => (values === null ? null : JSON.stringify(values));
      return {
        ...sheet,
        rows: sheet.rows.map((row) => ({ ...row, before: asText(row.before), after: asText(row.after) }) as never),
      };
    },
  };
}
