import type { MenuRoute } from '@water/contract/menus';
import { describe, expect, it } from 'vitest';
import { findRoute, menusToRoutes } from './menus-to-routes.ts';

const meta = (title: string, icon: string | null = null, noCache = true) => ({ title, icon, noCache });

/** The shape `api/menus/build` sends for the seed, trimmed, plus the cases the seed lacks. */
const build: MenuRoute[] = [
  {
    name: 'System',
    path: '/system',
    hidden: false,
    component: 'Layout',
    alwaysShow: true,
    redirect: 'noredirect',
    meta: meta('System', 'system'),
    children: [
      {
        name: 'User',
        path: 'user',
        hidden: false,
        component: 'system/user/index',
        meta: meta('Users', 'peoples', false),
      },
      {
        name: 'Deep',
        path: 'deep',
        hidden: false,
        component: 'ParentView',
        alwaysShow: true,
        redirect: 'noredirect',
        meta: meta('Deep', null),
        children: [
          {
            name: 'Deeper',
            path: 'deeper',
            hidden: false,
            component: 'ParentView',
            alwaysShow: true,
            redirect: 'noredirect',
            meta: meta('Deeper'),
            children: [{ name: 'Leaf', path: 'leaf', hidden: false, component: 'demo/leaf', meta: meta('Leaf') }],
          },
        ],
      },
      { name: 'Secret', path: 'secret', hidden: true, component: 'system/secret/index', meta: meta('Secret') },
      { name: 'Docs', path: 'https://example.com/docs', hidden: false, meta: meta('Docs', 'link') },
      { name: 'Empty', path: 'empty', hidden: false, component: 'ParentView', meta: meta('Empty') },
    ],
  },
  {
    path: '/report',
    hidden: false,
    component: 'Layout',
    children: [
      { name: 'Report', path: 'index', hidden: false, component: 'report/index', meta: meta('Report', 'chart') },
    ],
  },
  {
    path: '/mailto:help@example.com',
    hidden: false,
    component: 'Layout',
    children: [{ path: 'mailto:help@example.com', hidden: false, meta: meta('Help', 'email') }],
  },
  {
    name: 'Hidden dir',
    path: '/hidden',
    hidden: true,
    component: 'Layout',
    alwaysShow: true,
    redirect: 'noredirect',
    meta: meta('Hidden dir'),
    children: [{ name: 'Inside', path: 'inside', hidden: false, component: 'hidden/inside', meta: meta('Inside') }],
  },
];

describe('menusToRoutes', () => {
  const { routes, sidebar } = menusToRoutes(build);
  const byPath = (path: string) => routes.find((route) => route.fullPath === path);

  it('gives every page its full path, page key, titles and cache flag', () => {
    expect(byPath('/system/user')).toEqual({
      fullPath: '/system/user',
      pageKey: 'system/user/index',
      name: 'User',
      title: 'Users',
      icon: 'peoples',
      breadcrumb: ['System', 'Users'],
      noCache: false,
      hidden: false,
      external: false,
    });
  });

  it('follows nested directories of any depth', () => {
    expect(byPath('/system/deep/deeper/leaf')).toMatchObject({
      pageKey: 'demo/leaf',
      breadcrumb: ['System', 'Deep', 'Deeper', 'Leaf'],
    });
    const system = sidebar.find((item) => item.key === '/system');
    const deep = system?.children?.find((item) => item.key === '/system/deep');
    expect(deep?.children?.[0]?.children?.[0]?.key).toBe('/system/deep/deeper/leaf');
  });

  it('routes hidden entries but leaves them out of the sidebar, with everything under them', () => {
    expect(byPath('/system/secret')).toMatchObject({ hidden: true, pageKey: 'system/secret/index' });
    expect(byPath('/hidden/inside')).toMatchObject({ hidden: true });
    const keys = JSON.stringify(sidebar);
    expect(keys).not.toContain('/system/secret');
    expect(keys).not.toContain('/hidden');
  });

  it('shows a wrapped top-level page in place of its Layout, at /x/index', () => {
    expect(byPath('/report/index')).toMatchObject({ title: 'Report', breadcrumb: ['Report'], pageKey: 'report/index' });
    expect(sidebar.map((item) => item.key)).toEqual(['/system', '/report/index', 'mailto:help@example.com']);
  });

  it('keeps external links as links, nested or wrapped at the top level', () => {
    expect(byPath('https://example.com/docs')).toMatchObject({ external: true, pageKey: undefined });
    expect(byPath('mailto:help@example.com')).toMatchObject({ external: true, title: 'Help' });
    expect(sidebar[2]).toEqual({ key: 'mailto:help@example.com', title: 'Help', icon: 'email', external: true });
  });

  it('drops directories without children', () => {
    expect(byPath('/system/empty')).toBeUndefined();
    expect(JSON.stringify(sidebar)).not.toContain('/system/empty');
  });

  it('gives an empty table for no menus', () => {
    expect(menusToRoutes([])).toEqual({ routes: [], sidebar: [] });
  });
});

describe('findRoute', () => {
  const { routes } = menusToRoutes(build);

  it('matches in-app paths, ignoring a trailing slash, never external links', () => {
    expect(findRoute(routes, '/system/user')?.title).toBe('Users');
    expect(findRoute(routes, '/system/user/')?.title).toBe('Users');
    expect(findRoute(routes, '/system')).toBeUndefined();
    expect(findRoute(routes, 'https://example.com/docs')).toBeUndefined();
  });
});
