import type { Menu } from '@water/contract/menus';
import { describe, expect, it } from 'vitest';
import { menusToRoutes } from '@/lib/menus-to-routes.ts';
import { cascadeCheck, previewBuild, sameMenus } from './permission-tree.ts';

function menu(id: number, pid: number | null, type: 0 | 1 | 2, title: string, extra: Partial<Menu> = {}): Menu {
  return {
    id,
    pid,
    type,
    title,
    subCount: 0,
    componentName: null,
    component: null,
    path: title.toLowerCase(),
    icon: null,
    iFrame: false,
    cache: false,
    hidden: false,
    permission: null,
    menuSort: id,
    createBy: null,
    updateBy: null,
    createTime: null,
    updateTime: null,
    hasChildren: false,
    leaf: true,
    label: title,
    ...extra,
  };
}

const all = [
  menu(1, null, 0, 'System'),
  menu(2, 1, 1, 'Users', { component: 'system/user/index' }),
  menu(3, 2, 2, 'User: add', { path: null, permission: 'user:add' }),
  menu(4, 1, 1, 'Secret', { component: 'system/secret/index', hidden: true }),
  menu(5, null, 1, 'Report', { component: 'report/index', menuSort: 0 }),
  menu(6, null, 0, 'Empty'),
];

describe('permission tree cascade', () => {
  it('ticks a menu with everything below it', () => {
    expect(cascadeCheck([5], [1, 2, 3, 4], true)).toEqual([1, 2, 3, 4, 5]);
  });

  it('unticks a menu with everything below it, leaving the rest', () => {
    expect(cascadeCheck([1, 2, 3, 4, 5], [2, 3], false)).toEqual([1, 4, 5]);
    expect(cascadeCheck([5], [2, 3], false)).toEqual([5]);
  });

  it('tells whether anything changed', () => {
    expect(sameMenus([1, 2], [2, 1])).toBe(true);
    expect(sameMenus([1, 2], [1])).toBe(false);
    expect(sameMenus([1, 1], [1])).toBe(true);
  });
});

describe('sidebar preview', () => {
  it('shows a granted page under its directory even when only the page is ticked, never buttons', () => {
    const { sidebar } = menusToRoutes(previewBuild(all, [2, 3]));
    expect(sidebar).toEqual([
      {
        key: '/system',
        title: 'System',
        icon: undefined,
        external: false,
        children: [{ key: '/system/users', title: 'Users', icon: undefined, external: false }],
      },
    ]);
  });

  it('orders by sort, wraps a lone top-level page, leaves out hidden pages and empty directories', () => {
    const { sidebar, routes } = menusToRoutes(previewBuild(all, [1, 2, 4, 5, 6]));
    expect(sidebar.map((item) => item.title)).toEqual(['Report', 'System']);
    expect(sidebar[0]?.key).toBe('/report/index');
    expect(JSON.stringify(sidebar)).not.toContain('Secret');
    expect(routes.find((route) => route.title === 'Secret')?.hidden).toBe(true);
  });

  it('shows nothing for a role without menus', () => {
    expect(previewBuild(all, [])).toEqual([]);
  });
});
