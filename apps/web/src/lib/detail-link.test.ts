import { describe, expect, it } from 'vitest';
import { detailHref, withoutDetail } from './detail-link.ts';

describe('a detail’s address', () => {
  it('adds the record to the list’s own query, and takes it away again', () => {
    expect(detailHref('/business/machines', '', 'machine', 12)).toBe('/business/machines?machine=12');
    expect(detailHref('/business/machines', '?machine=3&page=2', 'machine', 12)).toBe(
      '/business/machines?page=2&machine=12',
    );
    expect(withoutDetail('?page=2&machine=12')).toBe('?page=2');
    expect(withoutDetail('?machine=12')).toBe('');
    expect(withoutDetail('?q=a%20b')).toBe('?q=a%20b');
    expect(withoutDetail('')).toBe('');
  });
});
