import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { machines } from './machines.schema.ts';

/** A machine's runtime as a heartbeat replaced it. */
export type PreviousRuntime = Pick<typeof machines.$inferSelect, 'online' | 'faultBits' | 'tdsOut' | 'tankLevel'>;

/** A machine's runtime (online, heartbeat, telemetry): what the gateway and the offline check change. */
export const machineRuntimeRepository = {
  /** The firmware a machine runs, as a finished update says. */
  async setFirmware(db: Database, id: number, firmware: string) {
    await db.update(machines).set({ firmware }).where(eq(machines.id, id));
  },

  /**
   * Writes a heartbeat's runtime and answers the runtime it replaced, read in the same statement
   * from the row it locks: whatever ran since the machine was read (the offline check marking it
   * offline), the heartbeat sees it. Undefined when the machine is gone. Meant for the relaxed
   * database: a runtime lost in a crash is restored by the next heartbeat.
   */
  async recordHeartbeat(
    relaxed: Database,
    id: number,
    values: Partial<typeof machines.$inferInsert>,
  ): Promise<PreviousRuntime | undefined> {
    const previous = relaxed
      .select({
        id: machines.id,
        online: machines.online,
        faultBits: machines.faultBits,
        tdsOut: machines.tdsOut,
        tankLevel: machines.tankLevel,
      })
      .from(machines)
      .where(eq(machines.id, id))
      .for('update')
      .as('previous');
    const [row] = await relaxed
      .update(machines)
      .set(values)
      .from(previous)
      .where(eq(machines.id, previous.id))
      .returning({
        online: previous.online,
        faultBits: previous.faultBits,
        tdsOut: previous.tdsOut,
        tankLevel: previous.tankLevel,
      });
    return row;
  },

  /**
   * Operating machines offline and silent since before `before`: since their last heartbeat, or
   * since their installation when none ever came. Locked, so a heartbeat waits for the caller's
   * unit of work to end.
   */
  async silentOperating(db: Database, before: Date) {
    return db
      .select({
        id: machines.id,
        serialNo: machines.serialNo,
        agentId: machines.agentId,
        lastHeartbeat: machines.lastHeartbeat,
        installedAt: machines.installedAt,
      })
      .from(machines)
      .where(
        and(
          eq(machines.lifecycle, 'OPERATING'),
          eq(machines.online, false),
          lt(sql`coalesce(${machines.lastHeartbeat}, ${machines.installedAt})`, before),
        ),
      )
      .for('update');
  },

  /**
   * Marks offline the machines online whose last heartbeat is older than `before`, but for those
   * in `except` (connected over MQTT); answers them.
   */
  async markOffline(db: Database, before: Date, except: readonly number[] = []) {
    return db
      .update(machines)
      .set({ online: false })
      .where(
        and(
          eq(machines.online, true),
          lt(machines.lastHeartbeat, before),
          except.length > 0 ? notInArray(machines.id, [...except]) : undefined,
        ),
      )
      .returning({
        id: machines.id,
        serialNo: machines.serialNo,
        agentId: machines.agentId,
        lastHeartbeat: machines.lastHeartbeat,
      });
  },

  /** Marks the machines online; answers the ids of those that were offline. */
  async markOnline(relaxed: Database, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const marked = await relaxed
      .update(machines)
      .set({ online: true })
      .where(and(inArray(machines.id, [...ids]), eq(machines.online, false)))
      .returning({ id: machines.id });
    return marked.map((row) => row.id);
  },

  /** Marks one machine offline; answers it when it was online. */
  async markOneOffline(db: Database, id: number) {
    const [row] = await db
      .update(machines)
      .set({ online: false })
      .where(and(eq(machines.id, id), eq(machines.online, true)))
      .returning({ id: machines.id });
    return row !== undefined;
  },
};
