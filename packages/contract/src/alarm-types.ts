/**
 * The kinds of alarm and what a push says of one: without the schema library, for the console's
 * shell, which listens for alarms on every page.
 */
export const ALARM_TYPES = [
  'OFFLINE',
  'FAULT',
  'TDS_HIGH',
  'TANK_EMPTY',
  'NO_SALES',
  'LEAK',
  'PAYMENT_DEVICE',
  /** A work order of the machine passed its resolution target (raised by the SLA sweep). */
  'SLA_BREACH',
  /** A consumer reported a problem from the machine's page (repeated reports count on it). */
  'CONSUMER_REPORT',
] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

/** What an ALARM push tells open consoles. */
export interface AlarmPush {
  id: number;
  machineId: number;
  serialNo: string;
  type: AlarmType;
}
