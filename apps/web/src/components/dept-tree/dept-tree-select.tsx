import type { Dept } from '@water/contract/depts';
import type { TreeSelectProps } from 'antd';
import { useCallback, useState } from 'react';
import { useSeededText } from '@/lib/menu-title.ts';
import { LazyTreeSelect } from '../tree/lazy-tree-select.tsx';
import { deptLevelQuery } from './get-dept-level.ts';
import { deptSuperiorQuery } from './get-dept-superior.ts';

type Value = number | number[];

interface DeptTreeSelectProps extends Omit<TreeSelectProps<Value>, 'treeData' | 'loadData' | 'loading'> {
  /** Only enabled departments can be chosen (a user's department); all are listed otherwise. */
  enabledOnly?: boolean;
  /** Departments that may not be chosen, e.g. a department's own subtree as its parent. */
  excluded?: readonly number[];
  rootOption?: string;
}

function chosenIds(value: Value | null | undefined): number[] {
  return (Array.isArray(value) ? value : value ? [value] : []).filter((id) => id > 0);
}

/**
 * A department picker (one or several), loading the tree level by level; the departments
 * already chosen are shown with their place in the tree from the first render.
 */
export function DeptTreeSelect({ enabledOnly = true, excluded, rootOption, ...props }: DeptTreeSelectProps) {
  // The tree around what was chosen when the picker appeared; later choices are already in the tree.
  const [seedIds] = useState(() => chosenIds(props.value));
  const seeded = useSeededText();
  const titleOf = useCallback((dept: Dept) => seeded(dept.name), [seeded]);
  const levelQuery = useCallback((pid: number) => deptLevelQuery(pid, enabledOnly), [enabledOnly]);
  const selectable = useCallback(
    (dept: Dept) => !excluded?.includes(dept.id) && (!enabledOnly || dept.enabled),
    [excluded, enabledOnly],
  );
  return (
    <LazyTreeSelect<Dept>
      {...props}
      topQuery={deptLevelQuery(null, enabledOnly)}
      levelQuery={levelQuery}
      seedQuery={seedIds.length > 0 ? deptSuperiorQuery(seedIds) : undefined}
      titleOf={titleOf}
      selectable={selectable}
      rootOption={rootOption}
    />
  );
}
