import { describe, expect, it } from 'vitest';
import { fieldChanges, shownValue } from './change-diff.ts';

describe('fieldChanges', () => {
  it('puts each field’s value before beside its value after', () => {
    expect(
      fieldChanges({ name: 'North', commissionRate: '20.00' }, { name: 'North', commissionRate: '15.50' }),
    ).toEqual([
      { field: 'name', before: 'North', after: 'North' },
      { field: 'commissionRate', before: '20.00', after: '15.50' },
    ]);
  });

  it('shows a created record’s fields after only, a deleted one’s before only', () => {
    expect(fieldChanges(null, { level: 3 })).toEqual([{ field: 'level', before: undefined, after: 3 }]);
    expect(fieldChanges({ level: 3 }, null)).toEqual([{ field: 'level', before: 3, after: undefined }]);
  });

  it('writes absent values as a dash and lists as JSON', () => {
    expect(shownValue(null)).toBe('—');
    expect(shownValue([1, 2])).toBe('[1,2]');
    expect(shownValue('ACTIVE')).toBe('ACTIVE');
  });
});
