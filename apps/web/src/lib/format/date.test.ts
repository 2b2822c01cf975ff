import { describe, expect, it } from 'vitest';
import { formatTime } from './date.ts';

describe('formatTime', () => {
  const moment = new Date(2026, 0, 4, 5, 6, 7); // Sunday 4 January 2026, 05:06:07 local

  it('formats as {y}-{m}-{d} {h}:{i}:{s} with zero padding by default', () => {
    expect(formatTime(moment)).toBe('2026-01-04 05:06:07');
  });

  it('reads millisecond timestamps, and ten-digit ones as seconds', () => {
    const millis = moment.getTime();
    expect(formatTime(millis)).toBe('2026-01-04 05:06:07');
    expect(formatTime(Math.floor(millis / 1000))).toBe('2026-01-04 05:06:07');
    expect(formatTime(String(Math.floor(millis / 1000)))).toBe('2026-01-04 05:06:07');
  });

  it('reads the server time strings', () => {
    expect(formatTime('2026-11-15 10:00:09', '{y}/{m}/{d} {h}:{i}')).toBe('2026/11/15 10:00');
  });

  it('names the weekday in Chinese', () => {
    expect(formatTime(moment, '星期{a}')).toBe('星期日');
    expect(formatTime(new Date(2026, 0, 10), '{a}')).toBe('六');
  });

  it('gives an empty text for nothing or nonsense', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatTime('')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });
});
