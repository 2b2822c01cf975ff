// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@water/contract/roles';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, sentIds, serveWith } from '@/test/render-page.tsx';
import { RolesAdminPage } from './roles-admin-page.tsx';

const role = (id: number, name: string, level: number): Role => ({
  id,
  name,
  level,
  description: null,
  dataScope: '本级',
  depts: [],
  deptNames: '',
  menus: [],
  createBy: 'admin',
  updateBy: 'admin',
  createTime: '2026-11-23 09:00:00',
  updateTime: '2026-11-23 09:00:00',
});

const deletes: unknown[] = [];

function serve() {
  serveWith((config) => {
    if (config.method === 'delete') {
      deletes.push(sentIds(config));
      return {};
    }
    if (config.url === 'api/roles/level') return { level: 2 };
    if (config.url === 'api/roles') {
      return { content: [role(1, 'Administrator', 1), role(2, 'Cashier', 3), role(3, 'Clerk', 3)], totalElements: 3 };
    }
    return [];
  });
}

afterEach(() => {
  cleanUpPage();
  deletes.length = 0;
});

describe('RolesAdminPage', () => {
  it('deletes the chosen roles below the user’s own level at once, after one confirmation', async () => {
    serve();
    renderPage(<RolesAdminPage />, ['roles:list', 'roles:del']);
    const table = await screen.findByRole('table');
    await within(table).findByText('Clerk', {}, { timeout: 5000 });
    // The radio still chooses the role whose menus show below the list.
    expect(within(table).getByRole('radio', { name: 'Choose Cashier' })).toBeTruthy();

    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    const box = (name: string) => within(row(name)).getByRole('checkbox') as HTMLInputElement;
    await waitFor(() => expect(box('Administrator').disabled).toBe(true));
    fireEvent.click(box('Cashier'));
    fireEvent.click(box('Clerk'));
    fireEvent.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toEqual([[2, 3]]));
  });
});
