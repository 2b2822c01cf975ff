import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Deps } from '../../lib/deps.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import type { CommandsService } from '../commands/commands.service.ts';
import type { MachinesService } from '../machines/machines.service.ts';
import { createFirmwareService } from './firmware.service.ts';

/**
 * Firmware as the app composes it: packages in their own file store, download links signed with
 * the server's secret and given out at the gateway's address, and rollouts whose stages are sent
 * by tasks on the app's durable queue.
 */
export function composeFirmware(
  app: FastifyInstance,
  deps: Deps,
  options: {
    config: Config;
    files: FileStore;
    serverSecret: string;
    commands: CommandsService;
    machines: MachinesService;
  },
) {
  return createFirmwareService(deps, {
    files: options.files,
    links: { serverSecret: options.serverSecret, baseUrl: options.config.gatewayUrl },
    timeoutMs: options.config.firmwareUpdateTimeoutMs,
    commands: options.commands,
    machines: options.machines,
    log: app.log,
    tasks: app.tasks,
  });
}
