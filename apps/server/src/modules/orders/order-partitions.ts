import type { Database } from '../../db/client.ts';
import { isMissingPartition } from '../../lib/db-errors.ts';
import { ordersRepository as repo } from './orders.repository.ts';

/**
 * Runs a unit of work that writes an order; when its month has no partition of the orders yet,
 * makes it and runs the unit of work again.
 */
export async function withPartition<T>(db: Database, time: Date, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    await repo.ensurePartition(db, time);
    return work();
  }
}
