import type { CommandQuery, CommandState, ReportedSettings, SettingsValues } from '@water/contract/commands';
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Paging } from '../../lib/list-query.ts';
import { pageOf } from '../../lib/list-query.ts';
import { machineModels, machines } from '../machines/machines.read-model.ts';
import { commandBatches, machineCommands, machineSettings } from './commands.schema.ts';

export type CommandRow = typeof machineCommands.$inferSelect & { serialNo: string };
export type NewCommand = typeof machineCommands.$inferInsert;
export type SettingsRow = typeof machineSettings.$inferSelect;

export const commandOrder = [desc(machineCommands.id)];
export const commandSortable = { id: machineCommands.id, createTime: machineCommands.createTime };

const withSerial = { command: machineCommands, serialNo: machines.serialNo };
const flatten = (row: { command: typeof machineCommands.$inferSelect; serialNo: string }): CommandRow => ({
  ...row.command,
  serialNo: row.serialNo,
});

const reachable = (agentIds: readonly number[] | null): SQL | undefined =>
  agentIds === null ? undefined : agentIds.length === 0 ? sql`false` : inArray(machines.agentId, [...agentIds]);

export const commandsRepository = {
  /** The machines among `ids` that the agents reach (the company's stock only when `agentIds` is null). */
  async machinesIn(db: Database, ids: readonly number[], agentIds: readonly number[] | null) {
    return db
      .select({
        id: machines.id,
        serialNo: machines.serialNo,
        modelId: machines.modelId,
        agentId: machines.agentId,
        pulsesPerLitre: machineModels.pulsesPerLitre,
      })
      .from(machines)
      .innerJoin(machineModels, eq(machineModels.id, machines.modelId))
      .where(and(inArray(machines.id, [...ids]), reachable(agentIds)));
  },

  async insertBatch(db: Database, values: typeof commandBatches.$inferInsert) {
    const [batch] = await db.insert(commandBatches).values(values).returning();
    return batch as typeof commandBatches.$inferSelect;
  },

  /** Inserts commands in one statement per thousand rows. */
  async insert(db: Database, rows: readonly NewCommand[]) {
    const inserted: (typeof machineCommands.$inferSelect)[] = [];
    for (let at = 0; at < rows.length; at += 1000) {
      inserted.push(
        ...(await db
          .insert(machineCommands)
          .values(rows.slice(at, at + 1000))
          .returning()),
      );
    }
    return inserted;
  },

  async page(db: Database, machineId: number, query: CommandQuery, paging: Paging) {
    const where = and(
      eq(machineCommands.machineId, machineId),
      query.state ? eq(machineCommands.state, query.state) : undefined,
    );
    const { content, totalElements } = await pageOf(
      db
        .select(withSerial)
        .from(machineCommands)
        .innerJoin(machines, eq(machines.id, machineCommands.machineId))
        .where(where)
        .$dynamic(),
      db.select({ n: count() }).from(machineCommands).where(where),
      paging,
    );
    return { content: content.map(flatten), totalElements };
  },

  async byId(db: Database, id: number): Promise<(CommandRow & { agentId: number | null }) | undefined> {
    const [row] = await db
      .select({ ...withSerial, agentId: machines.agentId })
      .from(machineCommands)
      .innerJoin(machines, eq(machines.id, machineCommands.machineId))
      .where(eq(machineCommands.id, id));
    return row && { ...flatten(row), agentId: row.agentId };
  },

  /** A command of a machine by the id the machine knows it by. */
  async ofMachine(db: Database, machineId: number, commandId: string): Promise<CommandRow | undefined> {
    const [row] = await db
      .select(withSerial)
      .from(machineCommands)
      .innerJoin(machines, eq(machines.id, machineCommands.machineId))
      .where(and(eq(machineCommands.machineId, machineId), eq(machineCommands.commandId, commandId)));
    return row && flatten(row);
  },

  /** The commands waiting to be delivered to each of these machines and not expired, oldest first (`limit` each). */
  async undeliveredAmong(db: Database, machineIds: readonly number[], now: Date, limit = 20) {
    const found = new Map<number, (typeof machineCommands.$inferSelect)[]>();
    if (machineIds.length === 0) return found;
    const waiting = db
      .select({
        id: machineCommands.id,
        place:
          sql<number>`row_number() OVER (PARTITION BY ${machineCommands.machineId} ORDER BY ${machineCommands.id})`.as(
            'place',
          ),
      })
      .from(machineCommands)
      .where(
        and(
          inArray(machineCommands.machineId, [...machineIds]),
          inArray(machineCommands.state, ['QUEUED', 'SENT']),
          sql`${machineCommands.expiresAt} > ${now}`,
        ),
      )
      .as('waiting');
    const rows = await db
      .select({ command: machineCommands })
      .from(machineCommands)
      .innerJoin(waiting, and(eq(waiting.id, machineCommands.id), sql`${waiting.place} <= ${limit}`))
      .orderBy(asc(machineCommands.id));
    for (const { command } of rows) found.set(command.machineId, [...(found.get(command.machineId) ?? []), command]);
    return found;
  },

  /** Commands handed to their machine: SENT (the first time it was sent is kept). */
  async markSent(db: Database, ids: readonly number[], now: Date) {
    if (ids.length === 0) return;
    await db
      .update(machineCommands)
      .set({ state: 'SENT', sentTime: sql`coalesce(${machineCommands.sentTime}, ${now})` })
      .where(and(inArray(machineCommands.id, [...ids]), inArray(machineCommands.state, ['QUEUED', 'SENT'])));
  },

  /** The commands of these ids still waiting to be delivered, cancelled. */
  async cancelUndelivered(db: Database, commandIds: readonly string[], now: Date) {
    if (commandIds.length === 0) return;
    await db
      .update(machineCommands)
      .set({ state: 'CANCELLED', finishedTime: now })
      .where(
        and(inArray(machineCommands.commandId, [...commandIds]), inArray(machineCommands.state, ['QUEUED', 'SENT'])),
      );
  },

  /** Moves a command on when it is still in `from`; false when another request moved it meanwhile. */
  async move(
    db: Database,
    id: number,
    from: CommandState,
    values: Partial<typeof machineCommands.$inferInsert>,
  ): Promise<boolean> {
    const moved = await db
      .update(machineCommands)
      .set(values)
      .where(and(eq(machineCommands.id, id), eq(machineCommands.state, from)))
      .returning({ id: machineCommands.id });
    return moved.length > 0;
  },

  /** Commands never delivered before they expired: EXPIRED. */
  async expire(db: Database, now: Date): Promise<number> {
    const expired = await db
      .update(machineCommands)
      .set({ state: 'EXPIRED', finishedTime: now })
      .where(and(inArray(machineCommands.state, ['QUEUED', 'SENT']), lt(machineCommands.expiresAt, now)))
      .returning({ id: machineCommands.id });
    return expired.length;
  },

  /** Commands delivered before `before` without a result: TIMED_OUT. */
  async timeOut(db: Database, before: Date, now: Date): Promise<number> {
    const timedOut = await db
      .update(machineCommands)
      .set({ state: 'TIMED_OUT', finishedTime: now })
      .where(and(eq(machineCommands.state, 'DELIVERED'), lt(machineCommands.deliveredTime, before)))
      .returning({ id: machineCommands.id });
    return timedOut.length;
  },

  async batchById(db: Database, id: number) {
    const [batch] = await db.select().from(commandBatches).where(eq(commandBatches.id, id));
    return batch;
  },

  /** A batch's commands by state, of the machines the agents reach. */
  async batchCounts(db: Database, batchId: number, agentIds: readonly number[] | null) {
    return db
      .select({ state: machineCommands.state, n: count() })
      .from(machineCommands)
      .innerJoin(machines, eq(machines.id, machineCommands.machineId))
      .where(and(eq(machineCommands.batchId, batchId), reachable(agentIds)))
      .groupBy(machineCommands.state);
  },

  // ------------------------------------------------------------ settings
  /** The settings rows of these machines, by machine (none for a machine whose settings were never set). */
  async settingsAmong(db: Database, machineIds: readonly number[]): Promise<Map<number, SettingsRow>> {
    if (machineIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(machineSettings)
      .where(inArray(machineSettings.machineId, [...machineIds]));
    return new Map(rows.map((row) => [row.machineId, row]));
  },

  async settingsOf(db: Database, machineId: number): Promise<SettingsRow | undefined> {
    const [row] = await db.select().from(machineSettings).where(eq(machineSettings.machineId, machineId));
    return row;
  },

  /**
   * New desired settings, one version up (from `expected` when given: false when another change
   * came first). Drifting from now unless it already was.
   */
  async desire(
    db: Database,
    machineId: number,
    desired: SettingsValues,
    by: string,
    now: Date,
    expected?: number,
  ): Promise<boolean> {
    const changed = await db
      .insert(machineSettings)
      .values({ machineId, version: 1, desired, updateBy: by, updateTime: now, driftSince: now })
      .onConflictDoUpdate({
        target: machineSettings.machineId,
        set: {
          version: sql`${machineSettings.version} + 1`,
          desired,
          updateBy: by,
          updateTime: now,
          driftSince: sql`coalesce(${machineSettings.driftSince}, ${now})`,
        },
        ...(expected === undefined ? {} : { setWhere: eq(machineSettings.version, expected) }),
      })
      .returning({ version: machineSettings.version });
    return changed.length > 0;
  },

  /** What a machine reports it applied; its drift ends when it reports the desired version. */
  async report(db: Database, machineId: number, reported: ReportedSettings, defaults: SettingsValues, now: Date) {
    await db
      .insert(machineSettings)
      .values({
        machineId,
        desired: defaults,
        reportedVersion: reported.version,
        reported,
        reportedTime: now,
        driftSince: reported.version === 0 ? null : now,
      })
      .onConflictDoUpdate({
        target: machineSettings.machineId,
        set: {
          reportedVersion: reported.version,
          reported,
          reportedTime: now,
          driftSince: sql`CASE WHEN ${machineSettings.version} = ${reported.version} THEN NULL
            ELSE coalesce(${machineSettings.driftSince}, ${now}) END`,
        },
      });
  },

  /** Whether a machine is in maintenance mode by its desired settings. */
  async inMaintenance(db: Database, machineId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: machineSettings.machineId })
      .from(machineSettings)
      .where(and(eq(machineSettings.machineId, machineId), sql`(${machineSettings.desired}->>'maintenance')::boolean`));
    return row !== undefined;
  },
};
