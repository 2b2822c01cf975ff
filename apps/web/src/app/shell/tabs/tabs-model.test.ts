import { describe, expect, it } from 'vitest';
import {
  addCachedView,
  addView,
  addVisitedView,
  closeAllViews,
  closeOtherViews,
  closeView,
  dropCachedView,
  lastViewPath,
  MAX_CACHED_VIEWS,
  type TabsState,
  tabDetail,
  updateVisitedView,
  type VisitedView,
  withAffixViews,
} from './tabs-model.ts';

const home: VisitedView = { fullPath: '/dashboard', path: '/dashboard', title: 'Home', affix: true, noCache: true };
const users: VisitedView = { fullPath: '/system/user', path: '/system/user', title: 'Users', noCache: false };
const usersPage2: VisitedView = { ...users, fullPath: '/system/user?page=2' };
const roles: VisitedView = { fullPath: '/system/role', path: '/system/role', title: 'Roles', noCache: true };
const menus: VisitedView = { fullPath: '/system/menu', path: '/system/menu', title: 'Menus', noCache: false };

const start: TabsState = { visitedViews: [home], cachedViews: [] };
const opened = [users, roles, menus].reduce(addView, start);

describe('visited views', () => {
  it('are added once per full path, the query included', () => {
    const views = addVisitedView(addVisitedView([home], users), users);
    expect(views.map((view) => view.fullPath)).toEqual(['/dashboard', '/system/user']);
    expect(addVisitedView(views, usersPage2).map((view) => view.fullPath)).toEqual([
      '/dashboard',
      '/system/user',
      '/system/user?page=2',
    ]);
  });

  it('can be updated by path', () => {
    const renamed = updateVisitedView(opened, { path: '/system/user', title: 'People' });
    expect(renamed.visitedViews.find((view) => view.path === '/system/user')?.title).toBe('People');
    expect(renamed.visitedViews.find((view) => view.path === '/system/role')?.title).toBe('Roles');
  });
});

describe('cached views', () => {
  it('are added unless marked noCache or already present', () => {
    expect(opened.cachedViews).toEqual(['/system/user', '/system/menu']);
    expect(addCachedView(['/system/user'], users)).toEqual(['/system/user']);
    expect(addCachedView([], roles)).toEqual([]);
  });

  it('keep at most ten, dropping the least recently used', () => {
    let cached: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      cached = addCachedView(cached, { ...users, fullPath: `/p/${index}`, path: `/p/${index}` });
    }
    expect(cached).toHaveLength(MAX_CACHED_VIEWS);
    expect(cached[0]).toBe('/p/2');
    // Visiting /p/2 again makes it the most recent; the next addition drops /p/3 instead.
    cached = addCachedView(cached, { ...users, fullPath: '/p/2', path: '/p/2' });
    cached = addCachedView(cached, { ...users, fullPath: '/p/12', path: '/p/12' });
    expect(cached).not.toContain('/p/3');
    expect(cached).toContain('/p/2');
    expect(cached.at(-1)).toBe('/p/12');
  });
});

describe('visiting a page', () => {
  it('leaves the state as it was when its tab is open and its page already the most recent', () => {
    expect(addView(opened, menus)).toBe(opened);
    expect(addView(opened, roles)).toBe(opened);
    expect(addView(start, home)).toBe(start);
  });

  it('makes a new state when the tab is new or the page becomes the most recent', () => {
    expect(addView(opened, users).cachedViews).toEqual(['/system/menu', '/system/user']);
    expect(addView(opened, usersPage2).visitedViews.map((view) => view.fullPath)).toContain('/system/user?page=2');
  });
});

describe('closing tabs', () => {
  it('closes one tab and lets its page go, never a pinned one', () => {
    const closed = closeView(opened, '/system/user');
    expect(closed.visitedViews.map((view) => view.fullPath)).toEqual(['/dashboard', '/system/role', '/system/menu']);
    expect(closed.cachedViews).toEqual(['/system/menu']);
    expect(closeView(opened, '/dashboard').visitedViews).toEqual(opened.visitedViews);
  });

  it('closes the others, keeping pinned tabs and the chosen one', () => {
    const closed = closeOtherViews(opened, '/system/menu');
    expect(closed.visitedViews.map((view) => view.fullPath)).toEqual(['/dashboard', '/system/menu']);
    expect(closed.cachedViews).toEqual(['/system/menu']);
  });

  it('closes all but the pinned tabs', () => {
    const closed = closeAllViews(opened);
    expect(closed.visitedViews).toEqual([home]);
    expect(closed.cachedViews).toEqual([]);
  });

  it('goes to the last tab left, or home', () => {
    expect(lastViewPath(opened.visitedViews)).toBe('/system/menu');
    expect(lastViewPath([])).toBe('/dashboard');
  });
});

describe('refresh and restore', () => {
  it('drops the page from the cache so it mounts afresh', () => {
    expect(dropCachedView(opened, '/system/user').cachedViews).toEqual(['/system/menu']);
    expect(dropCachedView(opened, '/system/user').visitedViews).toEqual(opened.visitedViews);
  });

  it('puts the pinned tabs first when restoring stored tabs', () => {
    const restored = withAffixViews([home], [users, { ...home, affix: false }, users, roles]);
    expect(restored.map((view) => view.fullPath)).toEqual(['/dashboard', '/system/user', '/system/role']);
    expect(restored[0]?.affix).toBe(true);
  });
});

describe('tabDetail', () => {
  const dict: VisitedView = { fullPath: '/system/dict', path: '/system/dict', title: 'Dictionaries' };
  const dictX: VisitedView = { fullPath: '/system/dict?x=1&name=a%20b', path: '/system/dict', title: 'Dictionaries' };

  it('names the query of a tab whose page another tab shows too', () => {
    expect(tabDetail(dictX, [dict, dictX])).toBe('x=1&name=a b');
    expect(tabDetail(dict, [dict, dictX])).toBeUndefined();
  });

  it('adds nothing to a tab whose page no other tab shows', () => {
    expect(tabDetail(dictX, [users, dictX])).toBeUndefined();
  });
});
