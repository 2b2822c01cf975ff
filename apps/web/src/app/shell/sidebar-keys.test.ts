import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '@/lib/menus-to-routes.ts';
import { nextOpenKeys, openKeysFor } from './sidebar-keys.ts';

const page = (key: string): SidebarItem => ({ key, title: key, icon: undefined, external: false });
const tree: SidebarItem[] = [
  {
    ...page('/system'),
    children: [page('/system/user'), { ...page('/system/deep'), children: [page('/system/deep/leaf')] }],
  },
  { ...page('/monitor'), children: [page('/monitor/online')] },
  page('/report/index'),
];

describe('openKeysFor', () => {
  it('opens every directory above the current page', () => {
    expect(openKeysFor(tree, '/system/user')).toEqual(['/system']);
    expect(openKeysFor(tree, '/system/deep/leaf')).toEqual(['/system', '/system/deep']);
    expect(openKeysFor(tree, '/report/index')).toEqual([]);
    expect(openKeysFor(tree, '/nowhere')).toEqual([]);
  });
});

describe('nextOpenKeys', () => {
  it('keeps only the newly opened submenu and those above it when unique-opened is on', () => {
    expect(nextOpenKeys(['/system'], ['/system', '/monitor'], true)).toEqual(['/monitor']);
    expect(nextOpenKeys(['/system'], ['/system', '/system/deep'], true)).toEqual(['/system', '/system/deep']);
  });

  it('lets several submenus stay open otherwise, and always allows closing', () => {
    expect(nextOpenKeys(['/system'], ['/system', '/monitor'], false)).toEqual(['/system', '/monitor']);
    expect(nextOpenKeys(['/system', '/monitor'], ['/monitor'], true)).toEqual(['/monitor']);
  });
});
