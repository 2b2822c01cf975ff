import type { PageOf } from '@water/contract/common';
import type { TableProps } from 'antd';
import { type Key, useMemo, useState } from 'react';
import type { ListController } from '../list/use-list-state.ts';
import { assembleTree, type Nested, type TreeRecord } from './lazy-tree.ts';
import { type LevelQuery, useLazyLevels } from './use-lazy-levels.ts';

export interface TreeTable<T, F extends object, Q> {
  /** The top level with every level opened so far nested under its parent. */
  rows: Nested<T>[];
  /** The list's query for the table, fetching while an opened level is. */
  query: Q;
  /** For the table (`tableProps.expandable`): opening a row loads its level. */
  expandable: NonNullable<TableProps<Nested<T>>['expandable']>;
  /** Searches the list, all rows closed again. */
  search: (filters: F) => void;
  /** Resets the list, all rows closed again. */
  reset: () => void;
}

/**
 * A list shown as a tree table whose levels load as rows are opened (menus, departments): the
 * list's answer is the top level, each opened row's children one query of the shared cache.
 */
export function useTreeTable<
  T extends TreeRecord,
  F extends object,
  Q extends { data?: PageOf<T>; isFetching: boolean },
>(list: ListController<F>, query: Q, levelQuery: LevelQuery<T>): TreeTable<T, F, Q> {
  const lazy = useLazyLevels(levelQuery);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const rows = useMemo(() => assembleTree(query.data?.content ?? [], lazy.levels), [query.data, lazy.levels]);
  return {
    rows,
    query: { ...query, isFetching: query.isFetching || lazy.isFetching },
    expandable: {
      expandedRowKeys: expanded,
      onExpand: (open, row) => {
        if (open) void lazy.load(row.id);
        setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((key) => key !== row.id)));
      },
    },
    search: (filters) => {
      setExpanded([]);
      list.search(filters);
    },
    reset: () => {
      setExpanded([]);
      list.reset();
    },
  };
}
