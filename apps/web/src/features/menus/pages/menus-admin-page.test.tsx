// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { screen, within } from '@testing-library/react';
import type { Menu } from '@water/contract/menus';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n.ts';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { MenusAdminPage } from './menus-admin-page.tsx';

const menu = (id: number, title: string, overrides: Partial<Menu> = {}): Menu => ({
  id,
  pid: null,
  subCount: 0,
  type: 1,
  title,
  componentName: null,
  component: null,
  path: `page-${id}`,
  icon: null,
  iFrame: false,
  cache: false,
  hidden: false,
  permission: null,
  menuSort: id,
  createBy: 'admin',
  updateBy: 'admin',
  createTime: '2026-11-23 09:00:00',
  updateTime: '2026-11-23 09:00:00',
  hasChildren: false,
  leaf: true,
  label: title,
  ...overrides,
});

afterEach(cleanUpPage);
afterAll(() => changeLanguage('en'));

describe('MenusAdminPage', () => {
  it('shows the seeded titles as the sidebar does, in Chinese, and a title staff typed as typed', async () => {
    await changeLanguage('zh-CN');
    serveWith(() => ({
      content: [
        menu(1, 'System', { type: 0 }),
        menu(2, 'Users'),
        menu(3, 'User: add', { type: 2, permission: 'user:add' }),
        menu(4, 'Loyalty points'),
      ],
      totalElements: 4,
    }));
    renderPage(<MenusAdminPage />, ['menu:list']);
    const table = await screen.findByRole('table');
    await within(table).findByText('系统管理', {}, { timeout: 5000 });
    expect(within(table).getByText('用户管理')).toBeTruthy();
    expect(within(table).getByText('用户新增')).toBeTruthy();
    expect(within(table).getByText('Loyalty points')).toBeTruthy();
    expect(within(table).queryByText(/^(System|Users|User: add)$/)).toBeNull();
  });
});
