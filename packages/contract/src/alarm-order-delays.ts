import Type, { type Static } from 'typebox';
import { ALARM_TYPES, type AlarmType } from './alarm-types.ts';
import { nullable } from './common.ts';

/**
 * How long an alarm stays open before it becomes a repair order, per alarm type, unless the global
 * settings say otherwise (`alarmOrderDelays`); `null`: never. A resolved alarm within the delay
 * makes no order.
 */
export const ALARM_ORDER_DELAY_MS: Record<AlarmType, number | null> = {
  OFFLINE: 30_000,
  FAULT: 30_000,
  TDS_HIGH: 30_000,
  LEAK: 30_000,
  PAYMENT_DEVICE: 30_000,
  CONSUMER_REPORT: 30_000,
  TANK_EMPTY: null,
  NO_SALES: null,
  /** Raised about an order already open. */
  SLA_BREACH: null,
};

/** The alarm types that may make a repair order (an SLA breach is about an order already open). */
export const ORDERABLE_ALARM_TYPES = ALARM_TYPES.filter((type) => type !== 'SLA_BREACH');

/** Seconds (at most an hour) an alarm of the type waits before its repair order; null: it makes none. */
const DelaySeconds = Type.Optional(nullable<number>('integer', { minimum: 0, maximum: 3600 }));

/** The global settings' delays of alarms' repair orders; a type left out keeps its default. */
export const AlarmOrderDelays = Type.Object(
  {
    OFFLINE: DelaySeconds,
    FAULT: DelaySeconds,
    TDS_HIGH: DelaySeconds,
    LEAK: DelaySeconds,
    PAYMENT_DEVICE: DelaySeconds,
    CONSUMER_REPORT: DelaySeconds,
    TANK_EMPTY: DelaySeconds,
    NO_SALES: DelaySeconds,
  },
  { additionalProperties: false },
);
export type AlarmOrderDelays = Static<typeof AlarmOrderDelays>;

/** The delay of each alarm type, in milliseconds: the settings' where they name one, else the default. */
export function alarmOrderDelaysMs(settings: AlarmOrderDelays | undefined): Record<AlarmType, number | null> {
  const delays = { ...ALARM_ORDER_DELAY_MS };
  for (const type of ORDERABLE_ALARM_TYPES) {
    const seconds = settings?.[type as keyof AlarmOrderDelays];
    if (seconds !== undefined) delays[type] = seconds === null ? null : seconds * 1000;
  }
  return delays;
}
