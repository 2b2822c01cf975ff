import type { ApiRouteKey, ListFilters } from '@/lib/call-api.ts';

/** What a server-side list asks for: 0-based page, page size, sort orders and the applied filters. */
export interface ListState<F extends object> {
  page: number;
  size: number;
  /** `field,asc|desc`, most significant first. */
  sort: string[];
  filters: F;
}

/** What a list call adds to its filters (a type, not an interface: cache keys take it as a record). */
export type Paging = {
  page?: number;
  size?: number;
  sort?: string[];
};

/**
 * The query of a list call: its route's filters (`ListFilters<'GET /api/orders'>`, empty ones left
 * out), `page`, `size` and the repeatable `sort`.
 */
export type ListParams<F extends object = object> = F & Paging;

/** The query of a call of this list route, as its list state makes it. */
export type RouteListParams<K extends ApiRouteKey> = ListParams<ListFilters<K>>;

/** A yes/no filter picked from a status dictionary (values `'true'` and `'false'`), as list routes take it. */
export function flagFilter(value: string | undefined): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** A search bar's values where the status (`enabled`) is picked from a status dictionary. */
export type StatusSearch<F extends { enabled?: boolean }> = Omit<F, 'enabled'> & { enabled?: string };

/** Those values as the list's filters: the status as the yes or no the route takes. */
export function statusFilters<F extends { enabled?: boolean }>({ enabled, ...values }: StatusSearch<F>): F {
  return { ...values, enabled: flagFilter(enabled) } as F;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every(isEmpty);
  return false;
}

/**
 * Drops filters with nothing in them and trims text, so `?blurry=` never reaches the server. A
 * filter the route requires is never empty (its form requires it), so the type stays the filters'.
 */
export function cleanFilters<F extends object>(filters: F): F {
  const params: Record<string, string | number | boolean | unknown[]> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (isEmpty(value)) continue;
    if (typeof value === 'string') params[key] = value.trim();
    else if (typeof value === 'number' || typeof value === 'boolean') params[key] = value;
    else if (Array.isArray(value)) params[key] = value;
  }
  return params as F;
}

export function toListParams<F extends object>(state: ListState<F>, paged = true): ListParams<F> {
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
