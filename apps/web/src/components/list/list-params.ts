/** What a server-side list asks for: 0-based page, page size, sort orders and the applied filters. */
export interface ListState<F extends object> {
  page: number;
  size: number;
  /** `field,asc|desc`, most significant first. */
  sort: string[];
  filters: F;
}

/** The query of a list call (`page`, `size`, repeatable `sort`, filters); empty filters are left out. */
export type ListParams = Record<string, string | number | boolean | (string | number)[]>;

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every(isEmpty);
  return false;
}

/** Drops filters with nothing in them and trims text, so `?blurry=` never reaches the server. */
export function cleanFilters(filters: object): ListParams {
  const params: ListParams = {};
  for (const [key, value] of Object.entries(filters)) {
    if (isEmpty(value)) continue;
    if (typeof value === 'string') params[key] = value.trim();
    else if (typeof value === 'number' || typeof value === 'boolean') params[key] = value;
    else if (Array.isArray(value)) params[key] = value as (string | number)[];
  }
  return params;
}

export function toListParams<F extends object>(state: ListState<F>, paged = true): ListParams {
  return {
    ...cleanFilters(state.filters),
    ...(paged ? { page: state.page, size: state.size } : {}),
    ...(state.sort.length > 0 ? { sort: state.sort } : {}),
  };
}

/** The order antd shows for a column, from the list's sort. */
export function sortOrderOf(sort: readonly string[], field: string): 'ascend' | 'descend' | null {
  for (const entry of sort) {
    const [name, direction = 'asc'] = entry.split(',');
    if (name === field) return direction === 'desc' ? 'descend' : 'ascend';
  }
  return null;
}

/** One antd sorter (or several with multiple sorting), turned into `field,direction` entries. */
export interface TableSorter {
  field?: unknown;
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null;
}

export function sortFromSorter(sorter: TableSorter | readonly TableSorter[], fallback: readonly string[]): string[] {
  const sorters = Array.isArray(sorter) ? sorter : [sorter as TableSorter];
  const sort = sorters.flatMap((entry) => {
    const field = entry.columnKey ?? entry.field;
    if (!entry.order || (typeof field !== 'string' && typeof field !== 'number')) return [];
    return [`${field},${entry.order === 'descend' ? 'desc' : 'asc'}`];
  });
  return sort.length > 0 ? sort : [...fallback];
}
