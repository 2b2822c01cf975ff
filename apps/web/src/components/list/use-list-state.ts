import { useCallback, useMemo, useState } from 'react';
import { type ListParams, type ListState, sortFromSorter, type TableSorter, toListParams } from './list-params.ts';

export interface ListOptions<F extends object> {
  /** Filters before the user searches (e.g. none). */
  initialFilters: F;
  /** Sort orders when no column is sorted, e.g. `['id,desc']`; the server's own order when empty. */
  defaultSort?: string[];
  defaultSize?: number;
  /** False for lists that answer every row of a level (tree tables): no page or size is sent. */
  paged?: boolean;
}

export interface ListController<F extends object> {
  state: ListState<F>;
  /** The query to send: filters, page, size and sort. */
  params: ListParams<F>;
  paged: boolean;
  /** Applies new filters from the search bar and goes back to the first page. */
  search: (filters: F) => void;
  /** Changes some filters (e.g. a department picked in a tree) and goes back to the first page. */
  patchFilters: (filters: Partial<F>) => void;
  reset: () => void;
  changePage: (page: number, size: number) => void;
  changeSort: (sorter: TableSorter | readonly TableSorter[]) => void;
}

/** Paging, sorting and filters of one server-side list, as state. */
export function useListState<F extends object>(options: ListOptions<F>): ListController<F> {
  const { initialFilters, defaultSort = [], defaultSize = 10, paged = true } = options;
  const [initial] = useState<ListState<F>>(() => ({
    page: 0,
    size: defaultSize,
    sort: defaultSort,
    filters: initialFilters,
  }));
  const [state, setState] = useState(initial);

  const search = useCallback((filters: F) => setState((previous) => ({ ...previous, page: 0, filters })), []);
  const patchFilters = useCallback(
    (filters: Partial<F>) =>
      setState((previous) => ({ ...previous, page: 0, filters: { ...previous.filters, ...filters } })),
    [],
  );
  const reset = useCallback(() => setState((previous) => ({ ...initial, size: previous.size })), [initial]);
  const changePage = useCallback(
    (page: number, size: number) =>
      setState((previous) => ({ ...previous, page: size === previous.size ? page : 0, size })),
    [],
  );
  const changeSort = useCallback(
    (sorter: TableSorter | readonly TableSorter[]) =>
      setState((previous) => ({ ...previous, page: 0, sort: sortFromSorter(sorter, initial.sort) })),
    [initial.sort],
  );
  const params = useMemo(() => toListParams(state, paged), [state, paged]);

  return { state, params, paged, search, patchFilters, reset, changePage, changeSort };
}
