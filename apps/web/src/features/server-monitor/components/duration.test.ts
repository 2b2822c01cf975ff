import { describe, expect, it } from 'vitest';
import { durationParts } from './duration.ts';

describe('durationParts', () => {
  it('gives the two largest units that matter', () => {
    expect(durationParts(42)).toEqual({ key: 'minutes', values: { minutes: 0, seconds: 42 } });
    expect(durationParts(3 * 60 + 5)).toEqual({ key: 'minutes', values: { minutes: 3, seconds: 5 } });
    expect(durationParts(2 * 3600 + 59)).toEqual({ key: 'hours', values: { hours: 2, minutes: 0 } });
    expect(durationParts(3 * 86_400 + 4 * 3600 + 1)).toEqual({ key: 'days', values: { days: 3, hours: 4 } });
  });

  it('reads nonsense as nothing', () => {
    expect(durationParts(-5)).toEqual({ key: 'minutes', values: { minutes: 0, seconds: 0 } });
  });
});
