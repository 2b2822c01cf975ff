import { isDeepStrictEqual } from 'node:util';
import { TANK_EMPTY_PERCENT, TDS_OUT_MAX } from '@water/contract/alarms';
import {
  DEFAULT_HEARTBEAT_SECONDS,
  type DesiredSettings,
  type DesiredSettingsInput,
  MachineSettings,
  type ReportedSettings,
  SETTING_FIELDS,
  type SettingsValues,
} from '@water/contract/commands';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { wireOf } from '../../lib/wire.ts';
import { commandsRepository as repo, type SettingsRow } from './commands.repository.ts';

/** What a machine runs with until the console changes it: its model's calibration and the server's limits. */
export const defaultSettings = (pulsesPerLitre: number): SettingsValues => ({
  pulsesPerLitre,
  heartbeatSeconds: DEFAULT_HEARTBEAT_SECONDS,
  maintenance: false,
  tdsOutMax: TDS_OUT_MAX,
  tankLowPercent: TANK_EMPTY_PERCENT,
});

/** The desired settings of a row (or the defaults, version 0, without one). */
export function desiredOf(row: SettingsRow | undefined, defaults: SettingsValues): DesiredSettings {
  const values = row?.desired ?? defaults;
  const desired = { version: row?.version ?? 0 } as DesiredSettings;
  for (const field of SETTING_FIELDS) (desired as Record<string, unknown>)[field] = values[field] ?? defaults[field];
  return desired;
}

export function settingsAnswer(machineId: number, row: SettingsRow | undefined, defaults: SettingsValues) {
  return wireOf(MachineSettings, {
    machineId,
    desired: desiredOf(row, defaults),
    reported: row?.reported ?? null,
    reportedTime: row?.reportedTime ?? null,
    drifting: row?.driftSince != null,
    driftSince: row?.driftSince ?? null,
    updateBy: row?.updateBy ?? null,
    updateTime: row?.updateTime ?? null,
  });
}

/** New desired settings from the console, one version up; refused when another change came since `input.version`. */
export async function desireSettings(
  db: Database,
  machineId: number,
  input: DesiredSettingsInput,
  by: string,
  now: Date,
) {
  const { version, ...values } = input;
  const changed = await repo.desire(db, machineId, values, by, now, version);
  if (!changed) {
    const current = await repo.settingsOf(db, machineId);
    throw new HttpError(
      409,
      { key: 'errors.commands.settingsChanged', values: { version: current?.version ?? 0 } },
      'STATE_CONFLICT',
    );
  }
}

/**
 * How long a report the same as the last one may go unwritten: a heartbeat repeats the settings a
 * machine runs with every minute, and writing each would cost the fleet a row update per heartbeat
 * for nothing; "Reported at" is then at most this old, and the time to the next heartbeat.
 */
export const SAME_REPORT_REFRESH_MS = 5 * 60_000;

/**
 * A repeated report is written again once it is older than a time drawn afresh at each heartbeat
 * between half of `SAME_REPORT_REFRESH_MS` and all of it. A fleet that came online together
 * (after the broker's or the server's restart) would otherwise write all its rows again in the
 * same minute, every five minutes; drawn, their writes drift apart within a few rounds.
 */
function refreshDue(ageMs: number): boolean {
  return ageMs >= SAME_REPORT_REFRESH_MS * (1 - Math.random() / 2);
}

/** Whether a report says nothing the row does not already hold, and the row's time is fresh enough. */
function alreadyKnown(row: SettingsRow | undefined, reported: ReportedSettings, now: Date): boolean {
  if (!row?.reported || !row.reportedTime || row.reportedVersion !== reported.version) return false;
  if (refreshDue(now.getTime() - row.reportedTime.getTime())) return false;
  return isDeepStrictEqual(row.reported, reported);
}

/**
 * Records what a machine reports it applied (a heartbeat's or an acknowledgement's). `known` is
 * its settings row when the caller has read it already: a report it already holds (and recently)
 * is not written again.
 */
export async function recordReported(
  db: Database,
  machine: { id: number },
  reported: ReportedSettings,
  defaults: () => Promise<SettingsValues>,
  now: Date,
  known?: { row: SettingsRow | undefined },
) {
  const row = known ? known.row : await repo.settingsOf(db, machine.id);
  if (known && alreadyKnown(row, reported, now)) return;
  await repo.report(db, machine.id, reported, row ? row.desired : await defaults(), now);
}
