import { describe, expect, it } from 'vitest';
import { formatFen } from './money.ts';

describe('formatFen', () => {
  it('shows fen as yuan with the currency, in the console’s language', () => {
    expect(formatFen(123450, 'en')).toBe('CN¥1,234.50');
    expect(formatFen(123450, 'zh-CN')).toBe('¥1,234.50');
    expect(formatFen(7, 'zh-CN')).toBe('¥0.07');
    expect(formatFen(0, 'en')).toBe('CN¥0.00');
  });
});
