import type { Menu } from '@water/contract/menus';
import { describe, expect, it } from 'vitest';
import { menuFieldsFor, newMenuValues, toMenuFormValues, toMenuInput } from './menu-form-values.ts';

const usersMenu: Menu = {
  id: 3,
  pid: 1,
  subCount: 3,
  type: 1,
  title: 'Users',
  componentName: 'User',
  component: 'system/user/index',
  path: 'user',
  icon: 'peoples',
  iFrame: false,
  cache: true,
  hidden: false,
  permission: 'user:list',
  menuSort: 2,
  createBy: null,
  updateBy: null,
  createTime: null,
  updateTime: null,
  hasChildren: true,
  leaf: false,
  label: 'Users',
};

describe('menu form', () => {
  it('shows the fields each type uses', () => {
    expect([...menuFieldsFor(0, false)].sort()).toEqual(['hidden', 'iFrame', 'icon', 'path']);
    expect(menuFieldsFor(1, false).has('component')).toBe(true);
    expect(menuFieldsFor(1, false).has('cache')).toBe(true);
    expect(menuFieldsFor(1, true).has('component')).toBe(false);
    expect([...menuFieldsFor(2, false)]).toEqual(['permission']);
  });

  it('round-trips a menu into the update payload', () => {
    expect(toMenuInput(toMenuFormValues(usersMenu), usersMenu.id)).toEqual({
      id: 3,
      type: 1,
      title: 'Users',
      pid: 1,
      menuSort: 2,
      icon: 'peoples',
      path: 'user',
      component: 'system/user/index',
      componentName: 'User',
      permission: 'user:list',
      iFrame: false,
      cache: true,
      hidden: false,
    });
  });

  it('clears what a button does not use and sends the top level as null', () => {
    const values = { ...toMenuFormValues(usersMenu), type: 2 as const, pid: 0, title: ' Export ' };
    expect(toMenuInput(values)).toEqual({
      type: 2,
      title: 'Export',
      pid: null,
      menuSort: 2,
      icon: null,
      path: null,
      component: null,
      componentName: null,
      permission: 'user:list',
      iFrame: false,
      cache: false,
      hidden: false,
    });
  });

  it('sends empty text as null and no page for an external link', () => {
    const values = {
      ...newMenuValues(4, 1),
      title: 'Docs',
      path: 'https://example.com',
      iFrame: true,
      component: 'system/user/index',
      permission: '  ',
      cache: true,
    };
    expect(toMenuInput(values)).toMatchObject({
      pid: 4,
      path: 'https://example.com',
      component: null,
      componentName: null,
      permission: null,
      iFrame: true,
      cache: false,
    });
  });
});
