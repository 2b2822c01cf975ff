import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { machines } from './machines.schema.ts';

/** A machine's runtime as a heartbeat replaced it. */
export type PreviousRuntime = Pick<typeof machines.$inferSelect, 'online' | 'faultBits' | 'tdsOut' | 'tankLevel'>;

/** What a heartbeat writes into a machine's runtime: the readings it left out keep their values. */
export interface HeartbeatRuntime {
  id: number;
  at: Date;
  faultBits: number;
  signal?: number;
  temperature?: number;
  tdsIn?: number;
  tdsOut?: number;
  tankLevel?: number;
  makingWater?: boolean;
  doorOpen?: boolean;
  firmware?: string;
}

/** A machine's runtime (online, heartbeat, telemetry): what the gateway and the offline check change. */
export const machineRuntimeRepository = {
  /** The firmware a machine runs, as a finished update says. */
  async setFirmware(db: Database, id: number, firmware: string) {
    await db.update(machines).set({ firmware }).where(eq(machines.id, id));
  },

  /**
   * Writes heartbeats' runtimes, one per machine, and answers by machine the runtime each
   * replaced, read in the same statement from the rows it locks (in the order of their ids, so
   * that two such writes never wait on each other; found by their key, never by a scan of the
   * fleet, and locked as an update of no key, so that a sale's order referring to its machine does
   * not hold the heartbeat back): whatever ran since the machine was read (the
   * offline check marking it offline), the heartbeat sees it. A machine gone has no answer. A
   * reading a heartbeat left out keeps its value. Meant for the relaxed database: a runtime lost
   * in a crash is restored by the next heartbeat.
   */
  async recordHeartbeats(relaxed: Database, beats: readonly HeartbeatRuntime[]): Promise<Map<number, PreviousRuntime>> {
    if (beats.length === 0) return new Map();
    const ids = beats.map((beat) => beat.id);
    const result = (await relaxed.execute(sql`
      WITH beat AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(beats)}::jsonb) AS b(
          "id" integer, "at" timestamptz, "faultBits" integer, "signal" integer, "temperature" numeric,
          "tdsIn" integer, "tdsOut" integer, "tankLevel" integer, "makingWater" boolean,
          "doorOpen" boolean, "firmware" text)
      ), previous AS (
        SELECT ${machines.id} AS id, ${machines.online} AS online, ${machines.faultBits} AS fault_bits,
          ${machines.tdsOut} AS tds_out, ${machines.tankLevel} AS tank_level
        FROM ${machines} WHERE ${inArray(machines.id, ids)}
        ORDER BY ${machines.id} FOR NO KEY UPDATE
      )
      UPDATE ${machines} SET
        "online" = true,
        "last_heartbeat" = beat."at",
        "fault_bits" = beat."faultBits",
        "signal" = coalesce(beat."signal", ${machines.signal}),
        "temperature" = coalesce(beat."temperature", ${machines.temperature}),
        "tds_in" = coalesce(beat."tdsIn", ${machines.tdsIn}),
        "tds_out" = coalesce(beat."tdsOut", ${machines.tdsOut}),
        "tank_level" = coalesce(beat."tankLevel", ${machines.tankLevel}),
        "making_water" = coalesce(beat."makingWater", ${machines.makingWater}),
        "door_open" = coalesce(beat."doorOpen", ${machines.doorOpen}),
        "firmware" = coalesce(beat."firmware", ${machines.firmware})
      FROM previous JOIN beat ON beat."id" = previous.id
      WHERE ${machines.id} = previous.id
      RETURNING previous.id, previous.online, previous.fault_bits, previous.tds_out, previous.tank_level`)) as unknown as {
      rows: { id: number; online: boolean; fault_bits: number; tds_out: number | null; tank_level: number | null }[];
    };
    return new Map(
      result.rows.map((row) => [
        row.id,
        { online: row.online, faultBits: row.fault_bits, tdsOut: row.tds_out, tankLevel: row.tank_level },
      ]),
    );
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
