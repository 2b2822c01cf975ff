import type { CommandType, MachineCommand } from '@water/contract/commands';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { commandsRepository as repo } from './commands.repository.ts';

/** A command the server's own work sends to one machine, under the id it chose for it. */
export interface ServerCommand {
  commandId: string;
  machineId: number;
  serialNo: string;
  params: Record<string, unknown>;
}

type Deliver = (commands: readonly { id: number; serialNo: string; command: MachineCommand }[]) => Promise<void>;
type ToMachine = (row: {
  commandId: string;
  type: CommandType;
  params: Record<string, unknown>;
  expiresAt: Date;
}) => MachineCommand;

/**
 * Commands the server sends of its own accord (a firmware rollout's FIRMWARE_UPDATE): queued and
 * delivered as staff's are (at once to a connected machine, else on its heartbeat's answer), with
 * an audit row naming who started the work; and withdrawn when that work is cancelled.
 */
export function createServerCommands(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  deliver: Deliver,
  toMachine: ToMachine,
) {
  return {
    /**
     * Writes the commands in `db` (a unit of work of the caller's, so that they are queued with
     * what they carry out); answers what delivers them, to be called once that unit is committed.
     */
    async prepare(
      db: Database,
      type: CommandType,
      commands: readonly ServerCommand[],
      by: string,
      ttlSeconds: number,
    ): Promise<() => Promise<void>> {
      if (commands.length === 0) return async () => {};
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
      const inserted = await repo.insert(
        db,
        commands.map((command) => ({
          commandId: command.commandId,
          machineId: command.machineId,
          batchId: null,
          type,
          params: command.params,
          createBy: by,
          createTime: now,
          expiresAt,
        })),
      );
      const serialOf = new Map(commands.map((command) => [command.commandId, command.serialNo]));
      return () =>
        deliver(
          inserted.map((row) => ({
            id: row.id,
            serialNo: serialOf.get(row.commandId) as string,
            command: toMachine(row),
          })),
        );
    },

    async send(type: CommandType, commands: readonly ServerCommand[], by: string, ttlSeconds: number): Promise<void> {
      await (await this.prepare(db, type, commands, by, ttlSeconds))();
    },

    /** Commands not yet acknowledged by their machines are cancelled; those already delivered go on. */
    async withdraw(commandIds: readonly string[]): Promise<void> {
      await repo.cancelUndelivered(db, commandIds, clock.now());
    },
  };
}
