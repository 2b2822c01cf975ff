import type { Menu } from '@water/contract/menus';
import type { TreeSelectProps } from 'antd';
import { useCallback, useState } from 'react';
import { LazyTreeSelect } from '@/components/tree/lazy-tree-select.tsx';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { menuChildrenQuery } from '../api/get-menu-children.ts';
import { menuSuperiorQuery } from '../api/get-menu-superior.ts';

interface MenuParentSelectProps extends Omit<TreeSelectProps<number>, 'treeData' | 'loadData' | 'loading'> {
  /** The menu being edited: it and everything below it cannot become its parent. */
  menuId?: number;
  excluded: readonly number[];
  topLevel: string;
}

/** The parent of a menu: "Top level" or a directory or menu, opened level by level. */
export function MenuParentSelect({ menuId, excluded, topLevel, ...props }: MenuParentSelectProps) {
  // The tree around the edited menu (or the chosen parent) as the form opened.
  const [seedIds] = useState(() => [menuId ?? props.value ?? 0].filter((id) => id > 0));
  const selectable = useCallback((menu: Menu) => menu.type !== 2 && !excluded.includes(menu.id), [excluded]);
  const menuTitle = useMenuTitle();
  const titleOf = useCallback((menu: Menu) => menuTitle(menu.title), [menuTitle]);
  return (
    <LazyTreeSelect<Menu>
      {...(props as TreeSelectProps<number | number[]>)}
      topQuery={menuChildrenQuery(0)}
      levelQuery={menuChildrenQuery}
      seedQuery={seedIds.length > 0 ? menuSuperiorQuery(seedIds) : undefined}
      titleOf={titleOf}
      selectable={selectable}
      rootOption={topLevel}
    />
  );
}
