import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { machineModels, machines, stickerIs } from '../machines/machines.read-model.ts';
import { orders } from '../orders/orders.read-model.ts';
import { pageOrders } from './consumer-orders.schema.ts';

export type PageOrder = typeof pageOrders.$inferSelect;

/** All SQL of the public page's orders: its own table, and machines read by their sticker code. */
export const consumerOrdersRepository = {
  /** A machine and its model by the code on its sticker, in either case. */
  async machineByCode(db: Database, code: string) {
    const [row] = await db
      .select({
        id: machines.id,
        serialNo: machines.serialNo,
        stickerCode: machines.stickerCode,
        modelId: machines.modelId,
        agentId: machines.agentId,
        siteId: machines.siteId,
        lifecycle: machines.lifecycle,
        online: machines.online,
        faultBits: machines.faultBits,
        taps: machineModels.taps,
        waterTypes: machineModels.waterTypes,
        billing: machineModels.billing,
      })
      .from(machines)
      .innerJoin(machineModels, eq(machineModels.id, machines.modelId))
      .where(stickerIs(code));
    return row;
  },

  async machineById(db: Database, id: number) {
    const [row] = await db
      .select({ id: machines.id, serialNo: machines.serialNo })
      .from(machines)
      .where(eq(machines.id, id));
    return row;
  },

  async insert(db: Database, row: typeof pageOrders.$inferInsert): Promise<void> {
    await db.insert(pageOrders).values(row);
  },

  async byOrderId(db: Database, orderId: number): Promise<PageOrder | undefined> {
    const [row] = await db.select().from(pageOrders).where(eq(pageOrders.orderId, orderId));
    return row;
  },

  async byOrderNo(db: Database, orderNo: string): Promise<PageOrder | undefined> {
    const [row] = await db.select().from(pageOrders).where(eq(pageOrders.orderNo, orderNo));
    return row;
  },

  /** Marks the DISPENSE command sent; false when it already was (a payment announced twice). */
  async claimDispense(db: Database, orderId: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(pageOrders)
      .set({ dispenseSentTime: at })
      .where(and(eq(pageOrders.orderId, orderId), isNull(pageOrders.dispenseSentTime)))
      .returning({ orderId: pageOrders.orderId });
    return rows.length > 0;
  },

  /** Marks the STOP_DISPENSE command sent; false when it already was. */
  async claimStop(db: Database, orderId: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(pageOrders)
      .set({ stopSentTime: at })
      .where(and(eq(pageOrders.orderId, orderId), isNull(pageOrders.stopSentTime)))
      .returning({ orderId: pageOrders.orderId });
    return rows.length > 0;
  },

  /** Page orders made between `since` and `before` that were paid and never began to dispense, with their machines. */
  async paidNeverDispensed(db: Database, since: Date, before: Date) {
    return db
      .select({
        orderNo: pageOrders.orderNo,
        machineOrderNo: pageOrders.machineOrderNo,
        machine: {
          id: machines.id,
          serialNo: machines.serialNo,
          modelId: machines.modelId,
          agentId: machines.agentId,
          siteId: machines.siteId,
          lifecycle: machines.lifecycle,
        },
      })
      .from(pageOrders)
      .innerJoin(machines, eq(machines.id, pageOrders.machineId))
      .innerJoin(
        orders,
        and(
          eq(orders.id, pageOrders.orderId),
          // The orders' partitions of those days only.
          gte(orders.createTime, new Date(since.getTime() - 60_000)),
          lt(orders.createTime, new Date(before.getTime() + 60_000)),
        ),
      )
      .where(and(gte(pageOrders.createTime, since), lt(pageOrders.createTime, before), eq(orders.state, 'PAID')));
  },
};
