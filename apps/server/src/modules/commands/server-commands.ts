import type { CommandType, MachineCommand } from '@water/contract/commands';
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
    async send(type: CommandType, commands: readonly ServerCommand[], by: string, ttlSeconds: number): Promise<void> {
      if (commands.length === 0) return;
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
      await deliver(
        inserted.map((row) => ({
          id: row.id,
          serialNo: serialOf.get(row.commandId) as string,
          command: toMachine(row),
        })),
      );
    },

    /** Commands not yet acknowledged by their machines are cancelled; those already delivered go on. */
    async withdraw(commandIds: readonly string[]): Promise<void> {
      await repo.cancelUndelivered(db, commandIds, clock.now());
    },
  };
}
