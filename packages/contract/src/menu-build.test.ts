import { describe, expect, it } from 'vitest';
import { type BuildableMenu, buildMenuRoutes, withAncestors } from './menu-build.ts';

let nextId = 1;
const menu = (over: Partial<BuildableMenu>): BuildableMenu => ({
  id: nextId++,
  pid: null,
  type: 1,
  title: `Menu ${nextId}`,
  componentName: null,
  component: null,
  path: 'x',
  icon: null,
  iFrame: false,
  cache: false,
  hidden: false,
  menuSort: 999,
  ...over,
});

describe('buildMenuRoutes', () => {
  it('builds a Layout directory with page children, ordered by menuSort', () => {
    const dir = menu({ type: 0, title: 'System', path: 'system', icon: 'system', menuSort: 1 });
    const roles = menu({
      pid: dir.id,
      title: 'Roles',
      path: 'role',
      component: 'system/role/index',
      componentName: 'Role',
      menuSort: 2,
    });
    const users = menu({
      pid: dir.id,
      title: 'Users',
      path: 'user',
      component: 'system/user/index',
      componentName: 'User',
      cache: true,
      menuSort: 1,
    });
    const button = menu({ pid: users.id, type: 2, title: 'Add user', path: null, menuSort: 1 });
    expect(buildMenuRoutes([dir, roles, users, button])).toEqual([
      {
        name: 'System',
        path: '/system',
        hidden: false,
        component: 'Layout',
        meta: { title: 'System', icon: 'system', noCache: true },
        alwaysShow: true,
        redirect: 'noredirect',
        children: [
          {
            name: 'User',
            path: 'user',
            hidden: false,
            component: 'system/user/index',
            meta: { title: 'Users', icon: null, noCache: false },
          },
          {
            name: 'Role',
            path: 'role',
            hidden: false,
            component: 'system/role/index',
            meta: { title: 'Roles', icon: null, noCache: true },
          },
        ],
      },
    ]);
  });

  it('gives a nested directory ParentView, and keeps hidden entries', () => {
    const top = menu({ type: 0, title: 'Top', path: 'top' });
    const nested = menu({ type: 0, pid: top.id, title: 'Nested', path: 'nested' });
    const page = menu({ pid: nested.id, title: 'Deep', path: 'deep', component: 'a/b', hidden: true });
    const [root] = buildMenuRoutes([top, nested, page]);
    expect(root?.children?.[0]).toMatchObject({ path: 'nested', component: 'ParentView', alwaysShow: true });
    expect(root?.children?.[0]?.children?.[0]).toMatchObject({
      path: 'deep',
      component: 'a/b',
      hidden: true,
      name: 'Deep',
    });
  });

  it('wraps a top-level menu without children in a Layout with its page at "index"', () => {
    const page = menu({
      title: 'Orders',
      path: 'orders',
      component: 'orders/index',
      componentName: 'Orders',
      icon: 'order',
    });
    expect(buildMenuRoutes([page])).toEqual([
      {
        path: '/orders',
        hidden: false,
        component: 'Layout',
        children: [
          {
            path: 'index',
            hidden: false,
            name: 'Orders',
            component: 'orders/index',
            meta: { title: 'Orders', icon: 'order', noCache: true },
          },
        ],
      },
    ]);
  });

  it('gives an external link no component', () => {
    const dir = menu({ type: 0, title: 'Links', path: 'links' });
    const link = menu({ pid: dir.id, title: 'Docs', path: 'https://example.com/docs', iFrame: true });
    const topLink = menu({ title: 'Site', path: 'https://example.com', iFrame: true });
    const [links, site] = buildMenuRoutes([dir, link, topLink]);
    expect(links?.children?.[0]).toEqual({
      name: 'Docs',
      path: 'https://example.com/docs',
      hidden: false,
      meta: { title: 'Docs', icon: null, noCache: true },
    });
    expect(site).toEqual({
      path: '/https://example.com',
      hidden: false,
      component: 'Layout',
      children: [{ path: 'https://example.com', hidden: false, meta: { title: 'Site', icon: null, noCache: true } }],
    });
  });
});

describe('withAncestors', () => {
  it('adds the parents of granted menus up to the top', () => {
    const top = menu({ type: 0 });
    const mid = menu({ type: 0, pid: top.id });
    const leaf = menu({ pid: mid.id });
    const other = menu({});
    expect(
      withAncestors([leaf], [top, mid, leaf, other])
        .map((m) => m.id)
        .sort(),
    ).toEqual([top.id, mid.id, leaf.id].sort());
  });
});
