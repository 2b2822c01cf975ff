import { describe, expect, it } from 'vitest';
import { AVATAR_OUTPUT_SIZE, checkAvatarSource, cropOutputSize, previewPlacement } from './avatar-crop.ts';

describe('avatar crop', () => {
  it('stores a large crop at 256 px and keeps its proportions', () => {
    expect(cropOutputSize({ width: 1200, height: 1200 })).toEqual({ width: AVATAR_OUTPUT_SIZE, height: 256 });
    expect(cropOutputSize({ width: 1000, height: 500 })).toEqual({ width: 256, height: 128 });
    expect(cropOutputSize({ width: 800.4, height: 799.6 })).toEqual({ width: 256, height: 256 });
  });

  it('never enlarges a small crop and never gives an empty image', () => {
    expect(cropOutputSize({ width: 120, height: 120 })).toEqual({ width: 120, height: 120 });
    expect(cropOutputSize({ width: 0.2, height: 0 })).toEqual({ width: 1, height: 1 });
    expect(cropOutputSize({ width: 512, height: 512 }, 64)).toEqual({ width: 64, height: 64 });
  });

  it('places the image so a preview window shows just the cropped area', () => {
    expect(previewPlacement({ x: 25, y: 10, width: 50, height: 80 }, 100)).toEqual({
      width: 200,
      height: 125,
      left: -50,
      top: -12.5,
    });
    expect(previewPlacement({ x: 0, y: 0, width: 100, height: 100 }, 40)).toEqual({
      width: 40,
      height: 40,
      left: -0,
      top: -0,
    });
  });

  it('accepts the image types the server takes', () => {
    expect(checkAvatarSource({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(checkAvatarSource({ type: 'image/svg+xml', size: 1000 })).toBe('type');
    expect(checkAvatarSource({ type: 'image/jpeg', size: 30 * 1024 * 1024 })).toBe('size');
  });
});
