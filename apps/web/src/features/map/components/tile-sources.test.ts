import { describe, expect, it } from 'vitest';
import { tileSourceOf } from './tile-sources.ts';

describe('the map’s tile presets', () => {
  it('draws no tiles by default, nor for a preset missing what it needs', () => {
    expect(tileSourceOf({ preset: 'NONE' })).toBeNull();
    expect(tileSourceOf({ preset: 'TIANDITU' })).toBeNull();
    expect(tileSourceOf({ preset: 'CUSTOM' })).toBeNull();
  });

  it('moves positions to GCJ-02 for AMap only (and a custom preset that says so)', () => {
    expect(tileSourceOf({ preset: 'AMAP' })?.gcj02).toBe(true);
    expect(tileSourceOf({ preset: 'OSM' })?.gcj02).toBe(false);
    expect(tileSourceOf({ preset: 'TIANDITU', key: 'abc' })?.gcj02).toBe(false);
    expect(tileSourceOf({ preset: 'CUSTOM', url: 'https://x.test/{z}/{x}/{y}.png', gcj02: true })?.gcj02).toBe(true);
  });

  it('puts the key where the preset reads it', () => {
    const tianditu = tileSourceOf({ preset: 'TIANDITU', key: 'k3y' });
    expect(tianditu?.url).toContain('tk=k3y');
    expect(tianditu?.labels).toContain('LAYER=cva');
    expect(tileSourceOf({ preset: 'CUSTOM', url: 'https://x.test/{z}/{x}/{y}.png?key={key}', key: 'k' })?.url).toBe(
      'https://x.test/{z}/{x}/{y}.png?key=k',
    );
  });
});
