import { describe, expect, it } from 'vitest';
import seed from '../../../server/src/db/seed-data.ts?raw';
import { DefaultMenuIcon, isKnownMenuIcon, menuIcon } from './menu-icons.tsx';

const seededIcons = [...seed.matchAll(/icon: '([^']+)'/g)].map((match) => match[1] as string);

/**
 * The names of eladmin-web's menu icons: the files of `src/assets/icons/svg/` in
 * github.com/elunez/eladmin-web (commit 6e20207b, July 2025), without `.svg`. Its clients show a
 * menu's icon only when the name is one of these.
 */
const ELADMIN_WEB_ICONS = new Set([
  ...['Steve-Jobs', 'alipay', 'anq', 'app', 'backup', 'blog', 'chain', 'chart', 'codeConsole', 'dashboard'],
  ...['database', 'date', 'deploy', 'dept', 'dev', 'develop', 'dictionary', 'doc', 'download', 'edit'],
  ...['education', 'email', 'error', 'exit-fullscreen', 'fullscreen', 'fwb', 'github', 'gonggao', 'icon', 'image'],
  ...['index', 'international', 'ipvisits', 'java', 'link', 'list', 'lock', 'log', 'login', 'markdown'],
  ...['menu', 'message', 'mnt', 'money', 'monitor', 'nested', 'password', 'people', 'peoples', 'permission'],
  ...['phone', 'qiniu', 'redis', 'role', 'search', 'server', 'shopping', 'size', 'skill', 'source'],
  ...['sqlMonitor', 'swagger', 'sys-tools', 'system', 'system1', 'tab', 'theme', 'timing', 'tools', 'tree-table'],
  ...['tree', 'unlock', 'user', 'user1', 'validCode', 'visits', 'web', 'wechat', 'weixin', 'zujian'],
]);

describe('menu icons', () => {
  it('has an icon for every icon name of the seeded menus', () => {
    expect(seededIcons.length).toBeGreaterThanOrEqual(16);
    for (const name of seededIcons) {
      expect(isKnownMenuIcon(name), name).toBe(true);
      expect(menuIcon(name)).not.toBe(DefaultMenuIcon);
    }
  });

  it("names only icons that eladmin-web's clients have too", () => {
    expect(ELADMIN_WEB_ICONS.size).toBe(80);
    expect(seededIcons.filter((name) => !ELADMIN_WEB_ICONS.has(name))).toEqual([]);
  });

  it('still knows the icon names of menus seeded before', () => {
    for (const name of ['job', 'online', 'sql', 'storage', 'settings']) {
      expect(menuIcon(name), name).not.toBe(DefaultMenuIcon);
    }
  });

  it('falls back to a neutral icon for unknown or missing names', () => {
    expect(menuIcon('no-such-icon')).toBe(DefaultMenuIcon);
    expect(menuIcon(null)).toBe(DefaultMenuIcon);
    expect(menuIcon(undefined)).toBe(DefaultMenuIcon);
    expect(menuIcon('constructor')).toBe(DefaultMenuIcon);
  });
});
