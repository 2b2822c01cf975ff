import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '@/lib/menus-to-routes.ts';
import { AFFIX_VIEWS, isShellPath, pageTitle, tabPathOf, viewFor } from './fixed-pages.ts';

const users: RouteEntry = {
  fullPath: '/system/user',
  pageKey: 'system/user/index',
  name: 'User',
  title: 'Users',
  icon: 'peoples',
  breadcrumb: ['System', 'Users'],
  noCache: false,
  hidden: false,
  external: false,
};

describe('fixed console pages', () => {
  it('pins the home page, titled Home and not cached', () => {
    expect(AFFIX_VIEWS).toEqual([
      { fullPath: '/dashboard', path: '/dashboard', title: 'Home', affix: true, noCache: true },
    ]);
  });

  it('knows the fixed pages, the refresh helper and the menu pages; nothing else', () => {
    for (const path of ['/', '/dashboard', '/user/center', '/redirect/system/user', '/system/user']) {
      expect(isShellPath(path, [users]), path).toBe(true);
    }
    expect(isShellPath('/system', [users])).toBe(false);
    expect(isShellPath('/nope', [users])).toBe(false);
  });

  it('titles pages and opens one tab per full path', () => {
    expect(pageTitle('/user/center', [])).toBe('Personal center');
    expect(pageTitle('/system/user', [users])).toBe('Users');
    expect(viewFor('/system/user', '?page=2', [users])).toEqual({
      fullPath: '/system/user?page=2',
      path: '/system/user',
      title: 'Users',
      noCache: false,
    });
    expect(viewFor('/redirect/system/user', '', [users])).toBeUndefined();
    expect(viewFor('/', '', [users])).toBeUndefined();
  });

  it('keeps a record’s detail opened over a list on the list’s tab', () => {
    expect(viewFor('/system/user', '?machine=12', [users])?.fullPath).toBe('/system/user');
    expect(viewFor('/system/user', '?page=2&machine=12', [users])?.fullPath).toBe('/system/user?page=2');
    expect(tabPathOf('/system/user', '?machine=12&page=2')).toBe('/system/user?page=2');
    // A query without a detail stays exactly as written.
    expect(tabPathOf('/system/user', '?name=a%20b')).toBe('/system/user?name=a%20b');
  });
});
