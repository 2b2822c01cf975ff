import type { Database } from '../../db/client.ts';
import { isMissingPartition } from '../../lib/db-errors.ts';
import { ensurePartition, type PartitionedTable } from '../../lib/partitions.ts';
import { ordersRepository as repo } from './orders.repository.ts';

/**
 * The orders' partitions: a calendar month (UTC) each, this month and the next two made ahead;
 * kept for ever unless ORDER_RETENTION_MONTHS says how many months after their end. The machines'
 * order numbers of a dropped month go with it.
 */
export function orderPartitions(keepMonths?: number): PartitionedTable {
  return {
    table: 'biz_order',
    unit: 'month',
    separator: '_',
    ahead: 2,
    keep: keepMonths,
    afterDrop: (db, before) => repo.forgetKeysBefore(db, before),
  };
}

/**
 * Runs a unit of work that writes an order; when its month has no partition of the orders yet,
 * makes it and runs the unit of work again.
 */
export async function withPartition<T>(db: Database, time: Date, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    await ensurePartition(db, orderPartitions(), time);
    return work();
  }
}
