import { describe, expect, it } from 'vitest';
import { readClock } from './sla-clock.ts';

// Thursday 26 November 2026 and the days after, in the server's time zone.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);
const OFFICE = { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' };
const minutes = (ms: number) => ms / 60_000;

describe('SLA clocks', () => {
  it('counts every minute without business hours, and passes the target once beyond it', () => {
    const order = { created: at(26, 10), steps: [], paused: false };
    const reading = readClock(order, null, 240, null, at(26, 14, 1));
    expect(minutes(reading.elapsedMs)).toBe(241);
    expect(reading.breached).toBe(true);
    expect(readClock(order, null, 240, null, at(26, 13)).due).toEqual(at(26, 14));
  });

  it('leaves out the time on hold and gives no due time while held', () => {
    const steps = [
      { time: at(26, 10), toState: 'IN_PROGRESS' as const },
      { time: at(26, 11), toState: 'ON_HOLD' as const },
      { time: at(26, 15), toState: 'IN_PROGRESS' as const },
    ];
    const held = readClock({ created: at(26, 9), steps: steps.slice(0, 2), paused: true }, null, 240, null, at(26, 14));
    expect(minutes(held.elapsedMs)).toBe(120);
    expect(held.due).toBeNull();
    const resumed = readClock({ created: at(26, 9), steps, paused: false }, null, 240, null, at(26, 16));
    expect(minutes(resumed.elapsedMs)).toBe(180);
    expect(resumed.due).toEqual(at(26, 17));
    expect(resumed.breached).toBe(false);
  });

  it('counts business hours only: nights and the weekend are skipped', () => {
    // Created Friday 17:00 with 2 hours to go: one hour on Friday, the next on Monday 09:00–10:00.
    const order = { created: at(27, 17), steps: [], paused: false };
    const friday = readClock(order, null, 120, OFFICE, at(27, 17, 30));
    expect(friday.due).toEqual(at(30, 10));
    const monday = readClock(order, null, 120, OFFICE, at(30, 9, 30));
    expect(minutes(monday.elapsedMs)).toBe(90);
    expect(monday.breached).toBe(false);
    expect(readClock(order, null, 120, OFFICE, at(30, 10, 1)).breached).toBe(true);
  });

  it('counts overnight business hours into the next morning, by the day they start on', () => {
    const NIGHTS = { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' };
    // Created Thursday 23:00 with 3 hours to go: due Friday 02:00, within Thursday's night.
    const thursday = { created: at(26, 23), steps: [], paused: false };
    expect(readClock(thursday, null, 180, NIGHTS, at(26, 23, 30)).due).toEqual(at(27, 2));
    expect(minutes(readClock(thursday, null, 180, NIGHTS, at(27, 1)).elapsedMs)).toBe(120);
    // Created Saturday 01:00, inside Friday's night: 5 hours to go, so 5 counted by 06:00 and none
    // until Monday 22:00 (Saturday and Sunday nights are not business hours).
    const saturday = { created: at(28, 1), steps: [], paused: false };
    const reading = readClock(saturday, null, 360, NIGHTS, at(28, 12));
    expect(minutes(reading.elapsedMs)).toBe(300);
    expect(reading.due).toEqual(at(30, 23));
  });

  it('stops at the time given, met or not', () => {
    const order = { created: at(26, 10), steps: [], paused: false };
    const reading = readClock(order, at(26, 10, 20), 30, null, at(28, 10));
    expect(reading).toMatchObject({ elapsedMs: 20 * 60_000, due: null, stopped: at(26, 10, 20), breached: false });
  });
});
