import { asFen, type Fen } from '@water/contract/money';
import type { Channel } from '@water/contract/orders';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { salesDaily, salesHourly } from './sales.schema.ts';

/** The figures of one sale event added to the hourly and daily roll-ups. */
export interface SalesDelta {
  hour: Date;
  day: string;
  machineId: number;
  siteId: number | null;
  agentId: number;
  channel: Channel;
  orders?: number;
  dispensedMl?: number;
  paid?: Fen;
  refunded?: Fen;
  discount?: Fen;
  coupon?: Fen;
}

/** The sales roll-ups (hourly and daily, per machine and channel), written only by the sales projector. */
export const salesRepository = {
  /** Adds a sale event to the hourly and daily roll-ups, in one statement. */
  async addSales(db: Database, delta: SalesDelta): Promise<void> {
    const figures = {
      machineId: delta.machineId,
      siteId: delta.siteId,
      agentId: delta.agentId,
      channel: delta.channel,
      orders: delta.orders ?? 0,
      dispensedMl: delta.dispensedMl ?? 0,
      paid: delta.paid ?? asFen(0),
      refunded: delta.refunded ?? asFen(0),
      discount: delta.discount ?? asFen(0),
      coupon: delta.coupon ?? asFen(0),
    };
    const add = (table: typeof salesHourly | typeof salesDaily) => ({
      orders: sql`${table.orders} + excluded.orders`,
      dispensedMl: sql`${table.dispensedMl} + excluded.dispensed_ml`,
      paid: sql`${table.paid} + excluded.paid`,
      refunded: sql`${table.refunded} + excluded.refunded`,
      discount: sql`${table.discount} + excluded.discount`,
      coupon: sql`${table.coupon} + excluded.coupon`,
    });
    const hourly = db
      .insert(salesHourly)
      .values({ hour: delta.hour, ...figures })
      .onConflictDoUpdate({
        target: [salesHourly.hour, salesHourly.machineId, salesHourly.channel],
        set: add(salesHourly),
      });
    const daily = db
      .insert(salesDaily)
      .values({ day: delta.day, ...figures })
      .onConflictDoUpdate({ target: [salesDaily.day, salesDaily.machineId, salesDaily.channel], set: add(salesDaily) });
    // One statement, one round trip: the hour's row is written by the statement's WITH, the day's by its body.
    await db.execute(sql`WITH hourly AS (${hourly.getSQL()}) ${daily.getSQL()}`);
  },
};
