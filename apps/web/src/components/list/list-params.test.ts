import { describe, expect, it } from 'vitest';
import { cleanFilters, sortFromSorter, sortOrderOf, statusFilters, toListParams } from './list-params.ts';

describe('list parameters', () => {
  it('leave out empty filters and trim text', () => {
    expect(
      cleanFilters({ blurry: '  ann ', enabled: undefined, deptId: null, createTime: [], none: '  ', flag: false }),
    ).toEqual({ blurry: 'ann', flag: false });
    expect(cleanFilters({ createTime: ['2026-01-01 00:00:00', '2026-01-31 23:59:59'] })).toEqual({
      createTime: ['2026-01-01 00:00:00', '2026-01-31 23:59:59'],
    });
    expect(cleanFilters({ createTime: [undefined, undefined] })).toEqual({});
  });

  it('take a status picked from its dictionary as a yes or no', () => {
    type Filters = { blurry?: string; enabled?: boolean };
    expect(statusFilters<Filters>({ blurry: 'ann', enabled: 'false' })).toEqual({ blurry: 'ann', enabled: false });
    expect(statusFilters<Filters>({ enabled: 'true' })).toEqual({ enabled: true });
    expect(statusFilters<Filters>({ blurry: 'ann' })).toEqual({ blurry: 'ann', enabled: undefined });
  });

  it('send the 0-based page, the size and every sort order', () => {
    expect(toListParams({ page: 2, size: 20, sort: ['createTime,desc', 'id,desc'], filters: { deptId: 7 } })).toEqual({
      deptId: 7,
      page: 2,
      size: 20,
      sort: ['createTime,desc', 'id,desc'],
    });
  });

  it('send no paging for lists that answer every row (tree tables)', () => {
    expect(toListParams({ page: 0, size: 10, sort: [], filters: { blurry: 'x' } }, false)).toEqual({ blurry: 'x' });
  });

  it('turn antd sorters into field,direction and fall back when none is active', () => {
    expect(sortFromSorter({ field: 'createTime', order: 'ascend' }, ['id,desc'])).toEqual(['createTime,asc']);
    expect(sortFromSorter({ columnKey: 'jobSort', field: 'x', order: 'descend' }, [])).toEqual(['jobSort,desc']);
    expect(sortFromSorter({ field: 'createTime', order: null }, ['id,desc'])).toEqual(['id,desc']);
    expect(
      sortFromSorter(
        [
          { field: 'level', order: 'ascend' },
          { field: 'name', order: 'descend' },
        ],
        [],
      ),
    ).toEqual(['level,asc', 'name,desc']);
  });

  it('show the sort order of a column', () => {
    expect(sortOrderOf(['createTime,desc'], 'createTime')).toBe('descend');
    expect(sortOrderOf(['level,asc', 'createTime,desc'], 'level')).toBe('ascend');
    expect(sortOrderOf(['level'], 'level')).toBe('ascend');
    expect(sortOrderOf(['level,asc'], 'name')).toBeNull();
  });
});
