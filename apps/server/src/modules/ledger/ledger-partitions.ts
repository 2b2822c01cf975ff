import type { PartitionedTable } from '../../lib/partitions.ts';

/**
 * The ledger entries' partitions: a calendar month (UTC) of their day each, this month and the
 * next two made ahead; kept for ever unless LEDGER_RETENTION_MONTHS says how many months after
 * their end. Rows of a month not made yet wait in `fin_entry_default` until the upkeep makes it.
 */
export function ledgerPartitions(keepMonths?: number): PartitionedTable {
  return { table: 'fin_entry', unit: 'month', separator: '', ahead: 2, keep: keepMonths };
}
