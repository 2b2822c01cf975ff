import { describe, expect, it } from 'vitest';
import { formatBytes, percentOf } from './bytes.ts';

describe('formatBytes', () => {
  it('writes a size in the largest unit under 1024, with one decimal below 100', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024 ** 2)).toBe('250 MB');
    expect(formatBytes(15.64 * 1024 ** 3)).toBe('15.6 GB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3.0 TB');
  });

  it('shows a dash for what is not a size', () => {
    expect(formatBytes(Number.NaN)).toBe('–');
    expect(formatBytes(-1)).toBe('–');
  });
});

describe('percentOf', () => {
  it('gives the used share with one decimal, and 0 of nothing', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});
