import type { ServerStatus } from '@water/contract/logs';

/** One point of the charts: when it was read, and the shares in percent. */
export interface Sample {
  /** `HH:mm:ss` of the server's clock. */
  time: string;
  cpu: number;
  memory: number;
  /** Longest event-loop delay since the previous reading, in ms. */
  eventLoopMs: number;
}

/** Five minutes of readings every 3 s. */
export const MAX_SAMPLES = 100;

export function sampleOf(status: ServerStatus): Sample {
  const { memory } = status;
  return {
    time: status.system.time.slice(11),
    cpu: status.cpu.usedPercent,
    memory: memory.totalBytes > 0 ? Math.round((memory.usedBytes / memory.totalBytes) * 1000) / 10 : 0,
    eventLoopMs: status.eventLoop.maxMs,
  };
}

/** The history with a new reading at the end, the oldest dropped past `max`; one reading counts once. */
export function appendSample(history: readonly Sample[], sample: Sample, max = MAX_SAMPLES): Sample[] {
  if (history.at(-1)?.time === sample.time) return [...history.slice(0, -1), sample];
  const next = [...history, sample];
  return next.length > max ? next.slice(next.length - max) : next;
}
