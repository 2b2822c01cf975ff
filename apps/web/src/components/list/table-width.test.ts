import { describe, expect, it } from 'vitest';
import { tableWidth } from './table-width.ts';

describe('tableWidth', () => {
  it('adds the widths of the shown columns, with the selection and expand columns', () => {
    expect(tableWidth([{ width: 200 }, { width: 90 }])).toBe(290);
    expect(tableWidth([{ width: 200 }, { width: 90 }], { selection: true, expandable: true })).toBe(370);
  });

  it('lets the content decide when a column sets no width in pixels', () => {
    expect(tableWidth([{ width: 200 }, {}])).toBe('max-content');
    expect(tableWidth([{ width: 200 }, { width: '20%' }])).toBe('max-content');
  });
});
