import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { machines } from '../machines/machines.read-model.ts';
import { gatewayNonces } from './gateway.schema.ts';

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

/** A machine's runtime as a heartbeat found it, before writing its own. */

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

  /**
   * Records a nonce for its sender; false when the sender used it before. Meant for the relaxed
   * database: every call a nonce guards is idempotent on the machine's own numbers or the
   * channel's transaction, so a nonce lost in a crash lets through a replay that changes nothing.
   */
  async claimNonce(relaxed: Database, sender: string, nonce: string, expiresAt: Date): Promise<boolean> {
    const claimed = await relaxed
      .insert(gatewayNonces)
      .values({ sender, nonce, expiresAt })
      .onConflictDoNothing()
      .returning({ nonce: gatewayNonces.nonce });
    return claimed.length > 0;
  },

  async purgeNonces(db: Database, now: Date): Promise<void> {
    await db.delete(gatewayNonces).where(lt(gatewayNonces.expiresAt, now));
  },
};
