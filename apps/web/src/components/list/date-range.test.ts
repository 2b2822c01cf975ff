import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createTimeFilter, timeRangeFilter } from './date-range.ts';

describe('createTimeFilter', () => {
  it('covers whole days, both included', () => {
    expect(createTimeFilter([dayjs('2026-11-01 15:30'), dayjs('2026-11-03 08:00')])).toEqual([
      '2026-11-01 00:00:00',
      '2026-11-03 23:59:59',
    ]);
  });

  it('sends nothing for an empty or half range', () => {
    expect(createTimeFilter(undefined)).toBeUndefined();
    expect(createTimeFilter(null)).toBeUndefined();
    expect(createTimeFilter([dayjs('2026-11-01'), null])).toBeUndefined();
  });
});

describe('timeRangeFilter', () => {
  it('covers whole minutes, both included', () => {
    expect(timeRangeFilter([dayjs('2026-11-01 15:30:12'), dayjs('2026-11-01 16:05:40')])).toEqual([
      '2026-11-01 15:30:00',
      '2026-11-01 16:05:59',
    ]);
  });

  it('sends nothing for an empty or half range', () => {
    expect(timeRangeFilter(null)).toBeUndefined();
    expect(timeRangeFilter([null, dayjs('2026-11-01')])).toBeUndefined();
  });
});
