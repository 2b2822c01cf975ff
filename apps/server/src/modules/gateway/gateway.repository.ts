import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { gatewayNonces, machines } from '../../db/schema.ts';

export type GatewayMachineRow = Pick<
  typeof machines.$inferSelect,
  | 'id'
  | 'serialNo'
  | 'modelId'
  | 'agentId'
  | 'siteId'
  | 'lifecycle'
  | 'secretHash'
  | 'online'
  | 'faultBits'
  | 'tdsOut'
  | 'tankLevel'
>;

/**
 * Writes whose loss in a crash costs nothing, committed without waiting for the disk (on this
 * kind of machine, the wait for the disk is most of a gateway call's tail): a nonce (every call it
 * guards is idempotent on the machine's own numbers or the channel's transaction, so a replay in
 * the moment before a crash changes nothing) and a heartbeat's runtime (the next one restores it).
 * Orders, payments and refunds always wait for the disk.
 */
function lightlyDurable<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    return work(tx as unknown as Database);
  });
}

export const gatewayRepository = {
  async machineBySerial(db: Database, serialNo: string): Promise<GatewayMachineRow | undefined> {
    const [row] = await db
      .select({
        id: machines.id,
        serialNo: machines.serialNo,
        modelId: machines.modelId,
        agentId: machines.agentId,
        siteId: machines.siteId,
        lifecycle: machines.lifecycle,
        secretHash: machines.secretHash,
        online: machines.online,
        faultBits: machines.faultBits,
        tdsOut: machines.tdsOut,
        tankLevel: machines.tankLevel,
      })
      .from(machines)
      .where(eq(sql`lower(${machines.serialNo})`, serialNo.toLowerCase()));
    return row;
  },

  /** Records a nonce for its sender; false when the sender used it before. */
  async claimNonce(db: Database, sender: string, nonce: string, expiresAt: Date): Promise<boolean> {
    return lightlyDurable(db, async (tx) => {
      const claimed = await tx
        .insert(gatewayNonces)
        .values({ sender, nonce, expiresAt })
        .onConflictDoNothing()
        .returning({ nonce: gatewayNonces.nonce });
      return claimed.length > 0;
    });
  },

  async purgeNonces(db: Database, now: Date): Promise<void> {
    await db.delete(gatewayNonces).where(lt(gatewayNonces.expiresAt, now));
  },

  async recordHeartbeat(db: Database, id: number, values: Partial<typeof machines.$inferInsert>): Promise<void> {
    await lightlyDurable(db, async (tx) => {
      await tx.update(machines).set(values).where(eq(machines.id, id));
    });
  },
};
