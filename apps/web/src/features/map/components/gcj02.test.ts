import { describe, expect, it } from 'vitest';
import { gcj02ToWgs84, outsideChina, wgs84ToGcj02 } from './gcj02.ts';

describe('WGS-84 to GCJ-02', () => {
  it('moves a point in Beijing as the published transform does', () => {
    // The reference implementation's own example (coordtransform: wgs84togcj02(116.404, 39.915)).
    const [longitude, latitude] = wgs84ToGcj02(116.404, 39.915);
    expect(longitude).toBeCloseTo(116.41024449916938, 9);
    expect(latitude).toBeCloseTo(39.91640428150164, 9);
  });

  it('moves a point in Shanghai by the few hundred metres the tiles are off', () => {
    const [longitude, latitude] = wgs84ToGcj02(121.4737, 31.2304);
    // About 450 m east and 200 m south there.
    expect((longitude - 121.4737) * 95_000).toBeGreaterThan(400);
    expect((longitude - 121.4737) * 95_000).toBeLessThan(500);
    expect((latitude - 31.2304) * 111_000).toBeLessThan(-150);
    expect((latitude - 31.2304) * 111_000).toBeGreaterThan(-250);
  });

  it('leaves points outside China as they are', () => {
    expect(outsideChina(2.3522, 48.8566)).toBe(true);
    expect(wgs84ToGcj02(2.3522, 48.8566)).toEqual([2.3522, 48.8566]);
    expect(wgs84ToGcj02(-122.4194, 37.7749)).toEqual([-122.4194, 37.7749]);
    expect(wgs84ToGcj02(139.6917, 35.6895)).toEqual([139.6917, 35.6895]);
  });

  it('is undone by the inverse to within centimetres', () => {
    const [longitude, latitude] = gcj02ToWgs84(...wgs84ToGcj02(120.130396, 30.279281));
    expect(longitude).toBeCloseTo(120.130396, 7);
    expect(latitude).toBeCloseTo(30.279281, 7);
  });
});
