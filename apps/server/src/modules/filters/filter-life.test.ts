import { describe, expect, it } from 'vitest';
import { type FilterLifeInput, filterLife } from './filter-life.ts';

const DAY = 86_400_000;
const fitted = new Date('2026-01-01T00:00:00Z');
const pp: FilterLifeInput = {
  lifeDays: 90,
  lifeLitres: 10_000,
  tdsOutMax: null,
  installedTime: fitted,
  litresSince: 0,
  dailyLitres: 0,
  tdsOut: null,
};
const at = (days: number) => new Date(fitted.getTime() + days * DAY);

describe('filter life', () => {
  it('counts days: due soon within the lead days, due on its day, overdue past the lead days after', () => {
    expect(filterLife(pp, at(10), 7)).toMatchObject({ daysLeft: 80, remainingPct: 88, state: 'OK', dueBy: 'DAYS' });
    expect(filterLife(pp, at(84), 7)).toMatchObject({ daysLeft: 6, state: 'DUE_SOON' });
    expect(filterLife(pp, at(90), 7)).toMatchObject({ daysLeft: 0, remainingPct: 0, state: 'DUE' });
    expect(filterLife(pp, at(98), 7)).toMatchObject({ daysLeft: -8, state: 'OVERDUE' });
  });

  it('projects the litres from the daily average, and is due once they are reached', () => {
    const busy = { ...pp, litresSince: 9_000, dailyLitres: 200 };
    const soon = filterLife(busy, at(10), 7);
    expect(soon).toMatchObject({ litresLeft: 1_000, remainingPct: 10, dueBy: 'LITRES', state: 'DUE_SOON' });
    expect(soon.dueAt).toEqual(at(15));
    expect(filterLife({ ...pp, litresSince: 10_050 }, at(10), 7)).toMatchObject({ litresLeft: -50, state: 'DUE' });
  });

  it('is due now when TDS out is above the stage’s threshold', () => {
    const ro = { ...pp, lifeDays: 730, lifeLitres: 60_000, tdsOutMax: 50 };
    expect(filterLife({ ...ro, tdsOut: 50 }, at(10), 7).state).toBe('OK');
    expect(filterLife({ ...ro, tdsOut: 51 }, at(10), 7)).toMatchObject({ state: 'DUE', dueBy: 'TDS' });
  });
});
