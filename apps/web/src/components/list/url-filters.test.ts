import { describe, expect, it } from 'vitest';
import { filtersFromUrl, listAddress, urlFilter } from './url-filters.ts';

interface Filters {
  siteId?: number;
  state?: 'PAID' | 'CLOSED';
  online?: boolean;
  blurry?: string;
  createTime?: [string, string];
}

const readers = {
  siteId: urlFilter.id,
  state: urlFilter.oneOf(['PAID', 'CLOSED'] as const),
  online: urlFilter.flag,
  blurry: urlFilter.text,
  createTime: urlFilter.days,
};

describe('filters from a list’s address', () => {
  it('takes the filters the list declares, typed, and ignores the rest', () => {
    expect(
      filtersFromUrl<Filters>(
        '?siteId=12&state=PAID&online=false&blurry=%20WM-1%20&createTime=2026-11-01&createTime=2026-11-25&page=3',
        readers,
      ),
    ).toEqual({ siteId: 12, state: 'PAID', online: false, blurry: 'WM-1', createTime: ['2026-11-01', '2026-11-25'] });
    expect(filtersFromUrl<Filters>('', readers)).toEqual({});
  });

  it('drops what is not one of them: no id, an unknown code, a date that is not, a range backwards', () => {
    expect(
      filtersFromUrl<Filters>('?siteId=0&state=paid&online=yes&createTime=2026-02-30&createTime=2026-03-01', readers),
    ).toEqual({});
    expect(filtersFromUrl<Filters>('?siteId=3000000000&createTime=2026-11-25&createTime=2026-11-01', readers)).toEqual(
      {},
    );
    expect(filtersFromUrl<Filters>('?siteId=1e3&createTime=2026-11-25', readers)).toEqual({
      createTime: ['2026-11-25', '2026-11-25'],
    });
  });

  it('makes a list’s address from filters, leaving the empty ones out and repeating a range', () => {
    expect(
      listAddress('/business/orders', { machineId: 9, createTime: ['2026-11-01', '2026-11-25'], state: undefined }),
    ).toBe('/business/orders?machineId=9&createTime=2026-11-01&createTime=2026-11-25');
    expect(listAddress('/business/machines', { online: false, blurry: '' })).toBe('/business/machines?online=false');
    expect(listAddress('/business/alarms', {})).toBe('/business/alarms');
  });
});
