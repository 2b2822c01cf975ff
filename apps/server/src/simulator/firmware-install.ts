import { createHash } from 'node:crypto';
import type { CommandAck, MachineCommand } from '@water/contract/commands';
import type { FirmwareProgress, FirmwareUpdateParams } from '@water/contract/gateway';

/** One ranged download's answer. */
export interface RangedAnswer {
  status: number;
  bytes: Buffer;
}

/** What installing an update takes from the machine: its transport, and whether it fails this one. */
export interface Installer {
  /** GET `url` (the command's link: absolute, or a path on the server's HTTP address) with a `Range` header. */
  fetch(url: string, range: string): Promise<RangedAnswer>;
  /** Reports progress on the machine's transport (HTTP `firmware/progress`, MQTT `up/firmware`). */
  report(progress: FirmwareProgress): Promise<void>;
  /** Why this machine fails to install (a simulated failure), if it does. */
  failure?: string;
}

/**
 * The share of machines whose firmware updates fail, as a function of the serial number (so a run
 * is repeatable): the first byte of its SHA-256 against `share` (0–1).
 */
export function failsFirmware(serialNo: string, share: number): boolean {
  return (createHash('sha256').update(serialNo).digest()[0] as number) < share * 256;
}

/**
 * A FIRMWARE_UPDATE as a machine carries it out: downloads the package through the signed link in
 * two ranged requests (the connection "drops" half way, and the download resumes where it
 * stopped), checks size and SHA-256, reports DOWNLOADING, INSTALLING and the result, and answers
 * the command's final acknowledgement and the version it now runs (undefined when it failed).
 */
export async function installFirmware(
  command: MachineCommand,
  installer: Installer,
): Promise<{ ack: CommandAck; version?: string }> {
  const params = command.params as FirmwareUpdateParams;
  const { commandId } = command;
  const failed = async (error: string) => {
    await installer.report({ updateId: params.updateId, stage: 'FAILED', error });
    return { ack: { commandId, result: 'FAILED' as const, message: error } };
  };
  await installer.report({ updateId: params.updateId, stage: 'DOWNLOADING', percent: 0 });
  const half = Math.max(1, Math.floor(params.size / 2));
  const first = await installer.fetch(params.url, `bytes=0-${half - 1}`);
  if (first.status !== 206) return failed(`download refused: HTTP ${first.status}`);
  await installer.report({ updateId: params.updateId, stage: 'DOWNLOADING', percent: 50 });
  // The connection dropped here: the download resumes from the bytes it has.
  const rest =
    first.bytes.length < params.size
      ? await installer.fetch(params.url, `bytes=${first.bytes.length}-`)
      : { status: 206, bytes: Buffer.alloc(0) };
  if (rest.status !== 206) return failed(`download refused on resuming: HTTP ${rest.status}`);
  const file = Buffer.concat([first.bytes, rest.bytes]);
  await installer.report({ updateId: params.updateId, stage: 'DOWNLOADING', percent: 100 });
  if (file.length !== params.size) return failed(`size ${file.length} is not ${params.size}`);
  if (createHash('sha256').update(file).digest('hex') !== params.sha256) return failed('SHA-256 does not match');
  await installer.report({ updateId: params.updateId, stage: 'INSTALLING', percent: 0 });
  if (installer.failure) return failed(installer.failure);
  await installer.report({ updateId: params.updateId, stage: 'SUCCEEDED', percent: 100 });
  return { ack: { commandId, result: 'SUCCEEDED', message: `runs ${params.version}` }, version: params.version };
}
