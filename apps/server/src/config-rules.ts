/** What the configuration's readers share: their refusal, and lengths of time. */

export class ConfigError extends Error {}

/** A length of time: `90s`, `5m`, `2h`. */
export const DURATION = '^\\s*[1-9]\\d{0,5}\\s*[smh]\\s*$';
export const DURATION_RULE = 'a length of time like 90s, 5m or 1h';
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** Milliseconds of a duration the schema accepted (`5m`), or the fallback when unset. */
export function durationMs(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const match = /(\d+)\s*([smh])/.exec(value) as RegExpExecArray;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}
