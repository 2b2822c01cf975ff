import { describe, expect, it } from 'vitest';
import { salesPerSecond, troublePerBeat } from './sales-pattern.ts';

describe('the simulator at a speed', () => {
  it('brings offline spells and water-quality slips as often as sales: speed times more, at most one beat in two', () => {
    const slow = troublePerBeat(1);
    const fast = troublePerBeat(60);
    expect(fast.offline).toBeCloseTo(slow.offline * 60);
    expect(fast.waterSlip).toBe(0.5);
    expect(troublePerBeat(10_000)).toEqual({ offline: 0.5, waterSlip: 0.5 });
    // Six demo machines beating once a minute for 25 minutes at speed 60: several of each, not one.
    const beats = 6 * 25;
    expect(beats * fast.offline).toBeGreaterThan(5);
    expect(beats * fast.waterSlip).toBeGreaterThan(5);
    expect(salesPerSecond(12, 60) / salesPerSecond(12, 1)).toBeCloseTo(60);
  });
});
