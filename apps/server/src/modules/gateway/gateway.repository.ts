import { inArray, isNotNull, lt, sql } from 'drizzle-orm';
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
  | 'lastHeartbeat'
>;

const machineColumns = {
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
  lastHeartbeat: machines.lastHeartbeat,
};

export const gatewayRepository = {
  /** What an external broker's machine accounts are made from: of these machines, or of all with a key. */
  async machineAccounts(db: Database, ids?: readonly number[]) {
    if (ids?.length === 0) return [];
    return db
      .select({ serialNo: machines.serialNo, secretHash: machines.secretHash, lifecycle: machines.lifecycle })
      .from(machines)
      .where(ids ? inArray(machines.id, [...ids]) : isNotNull(machines.secretHash));
  },

  /**
   * A digest of every machine account's makings (serial number, key, lifecycle): it changes when
   * any account would, and costs one row to read where the accounts cost the fleet.
   */
  async machineAccountsDigest(db: Database): Promise<string> {
    const [row] = await db
      .select({
        digest: sql<string>`coalesce(md5(string_agg(${machines.serialNo} || ' ' || ${machines.secretHash} || ' ' || ${machines.lifecycle}, ',' order by ${machines.serialNo})), '')`,
      })
      .from(machines)
      .where(isNotNull(machines.secretHash));
    return row?.digest ?? '';
  },

  /** The machines of these serial numbers (any case), by their serial number in lower case. */
  async machinesBySerial(db: Database, serialNos: readonly string[]): Promise<Map<string, GatewayMachineRow>> {
    if (serialNos.length === 0) return new Map();
    const rows = await db
      .select(machineColumns)
      .from(machines)
      .where(
        inArray(
          sql`lower(${machines.serialNo})`,
          serialNos.map((serialNo) => serialNo.toLowerCase()),
        ),
      );
    return new Map(rows.map((row) => [row.serialNo.toLowerCase(), row]));
  },

  /** Records nonces; answers those recorded now (`sender nonce`), not those used before. */
  async claimNonces(
    relaxed: Database,
    nonces: readonly { sender: string; nonce: string; expiresAt: Date }[],
  ): Promise<Set<string>> {
    if (nonces.length === 0) return new Set();
    const claimed = await relaxed
      .insert(gatewayNonces)
      .values([...nonces])
      .onConflictDoNothing()
      .returning({ sender: gatewayNonces.sender, nonce: gatewayNonces.nonce });
    return new Set(claimed.map((row) => `${row.sender} ${row.nonce}`));
  },

  async purgeNonces(db: Database, now: Date): Promise<void> {
    await db.delete(gatewayNonces).where(lt(gatewayNonces.expiresAt, now));
  },
};
