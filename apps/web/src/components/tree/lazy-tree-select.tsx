import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { assembleTree, levelsOf, mergeLevels, type Nested, type TreeRecord } from './lazy-tree.ts';
import { useLazyLevels } from './use-lazy-levels.ts';

// biome-ignore lint/suspicious/noExplicitAny: each caller's query has its own key tuple.
export type ListQuery<T> = UseQueryOptions<T[], Error, T[], any>;

interface TreeOption {
  value: number;
  title: string;
  isLeaf: boolean;
  disabled?: boolean;
  children?: TreeOption[];
}

export interface LazyTreeSelectProps<T extends TreeRecord>
  extends Omit<TreeSelectProps<number | number[]>, 'treeData' | 'loadData' | 'loading' | 'treeDataSimpleMode'> {
  /** The top level of the tree. */
  topQuery: ListQuery<T>;
  /** The children of one record. */
  levelQuery: (pid: number) => ListQuery<T>;
  /** The tree around the current value (`superior`), so its label shows before anything is opened. */
  seedQuery?: ListQuery<Nested<T>>;
  titleOf: (row: T) => string;
  /** False for records that may not be chosen (a menu's own subtree as its parent, a button). */
  selectable?: (row: T) => boolean;
  /** An extra first option with value 0, e.g. "Top level". */
  rootOption?: string;
}

/** A tree select over a tree stored level by level: opens levels on demand, shows the current value at once. */
export function LazyTreeSelect<T extends TreeRecord>(props: LazyTreeSelectProps<T>) {
  const { topQuery, levelQuery, seedQuery, titleOf, selectable, rootOption, ...rest } = props;
  const top = useQuery(topQuery);
  const seed = useQuery({ ...(seedQuery ?? topQuery), enabled: seedQuery !== undefined });
  const lazy = useLazyLevels(levelQuery);

  const treeData = useMemo(() => {
    const seeded = seedQuery ? (seed.data as Nested<T>[] | undefined) : undefined;
    const roots = seeded ?? top.data ?? [];
    const levels = mergeLevels(levelsOf(seeded ?? []), lazy.levels);
    const toOption = (row: Nested<T>): TreeOption => ({
      value: row.id,
      title: titleOf(row),
      isLeaf: !row.hasChildren,
      disabled: selectable ? !selectable(row) : false,
      ...(row.children ? { children: row.children.map(toOption) } : {}),
    });
    const options = assembleTree(roots, levels, { unloaded: 'none' }).map(toOption);
    return rootOption ? [{ value: 0, title: rootOption, isLeaf: true }, ...options] : options;
  }, [seedQuery, seed.data, top.data, lazy.levels, titleOf, selectable, rootOption]);

  return (
    <TreeSelect<number | number[]>
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      {...rest}
      treeData={treeData}
      loading={top.isPending || (seedQuery !== undefined && seed.isPending) || lazy.isFetching}
      loadData={async (node) => {
        const value = (node as { value?: unknown }).value;
        if (typeof value === 'number' && value > 0) await lazy.load(value);
      }}
    />
  );
}
