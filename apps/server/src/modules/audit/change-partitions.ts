import type { PartitionedTable } from '../../lib/partitions.ts';

/**
 * The record of changes' partitions: a calendar month (UTC) of their time each, this month and the
 * next two made ahead (a write in a month not made yet waits in the default partition until the
 * upkeep makes it). None is dropped: the record is kept at least two years, and its months stay
 * until staff archive them.
 */
export function changeRecordPartitions(): PartitionedTable {
  return { table: 'sys_change_record', unit: 'month', separator: '', ahead: 2, keep: undefined };
}
