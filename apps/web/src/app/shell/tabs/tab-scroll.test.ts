import { describe, expect, it } from 'vitest';
import { scrollLeftToShow } from './tab-scroll.ts';

describe('scrollLeftToShow', () => {
  it('leaves a tab that is fully shown alone', () => {
    expect(scrollLeftToShow(100, 180, 0, 500)).toBeUndefined();
  });

  it('scrolls a tab cut off on the left into view, 4 px from the edge', () => {
    expect(scrollLeftToShow(100, 180, 150, 500)).toBe(96);
    expect(scrollLeftToShow(2, 60, 50, 500)).toBe(0);
  });

  it('scrolls a tab cut off on the right into view, 4 px from the edge', () => {
    expect(scrollLeftToShow(460, 540, 0, 500)).toBe(44);
    expect(scrollLeftToShow(400, 498, 0, 500)).toBe(2);
  });
});
