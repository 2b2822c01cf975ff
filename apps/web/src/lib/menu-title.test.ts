import { describe, expect, it } from 'vitest';
import { consoleEn } from '@/locales/console-en.ts';
import { consoleZhCN } from '@/locales/console-zh-CN.ts';
import { translateMenuTitle } from './menu-title.ts';

const SEEDED_TITLES = [
  'System',
  'Users',
  'Roles',
  'Menus',
  'Departments',
  'Jobs',
  'Dictionaries',
  'Monitor',
  'Online users',
  'Operation log',
  'Error log',
  'Server',
  'SQL',
  'Tools',
  'Storage',
  'Global settings',
];

describe('translateMenuTitle', () => {
  it('translates every seeded title and the fixed pages into Chinese', () => {
    for (const title of [...SEEDED_TITLES, 'Home', 'Personal center']) {
      expect(translateMenuTitle(consoleEn.menuTitles, title)).toBe(title);
      expect(translateMenuTitle(consoleZhCN.menuTitles, title)).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(translateMenuTitle(consoleZhCN.menuTitles, 'Users')).toBe('用户管理');
    expect(translateMenuTitle(consoleZhCN.menuTitles, 'Home')).toBe('首页');
  });

  it('shows any other title as sent', () => {
    expect(translateMenuTitle(consoleZhCN.menuTitles, 'Loyalty points')).toBe('Loyalty points');
    expect(translateMenuTitle(consoleZhCN.menuTitles, 'toString')).toBe('toString');
  });
});
