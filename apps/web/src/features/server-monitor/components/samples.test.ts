import type { ServerStatus } from '@water/contract/logs';
import { describe, expect, it } from 'vitest';
import { appendSample, type Sample, sampleOf } from './samples.ts';

const sample = (time: string, cpu = 1): Sample => ({ time, cpu, memory: 50, eventLoopMs: 2 });

describe('chart samples', () => {
  it('reads the time, the CPU and memory shares and the event-loop delay of a reading', () => {
    const status = {
      system: { time: '2026-11-23 10:42:07' },
      cpu: { usedPercent: 12.5 },
      memory: { totalBytes: 3000, usedBytes: 1000 },
      eventLoop: { meanMs: 1.2, maxMs: 8.4 },
    } as ServerStatus;
    expect(sampleOf(status)).toEqual({ time: '10:42:07', cpu: 12.5, memory: 33.3, eventLoopMs: 8.4 });
  });

  it('keeps the newest readings, oldest first, and drops the oldest past the limit', () => {
    let history: Sample[] = [];
    for (const second of ['01', '02', '03', '04']) history = appendSample(history, sample(`10:00:${second}`), 3);
    expect(history.map((entry) => entry.time)).toEqual(['10:00:02', '10:00:03', '10:00:04']);
  });

  it('replaces rather than repeats a reading of the same second', () => {
    const history = appendSample([sample('10:00:01', 5)], sample('10:00:01', 7));
    expect(history).toEqual([sample('10:00:01', 7)]);
  });
});
