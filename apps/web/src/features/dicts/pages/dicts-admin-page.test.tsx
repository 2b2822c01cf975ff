// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dict } from '@water/contract/dicts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n.ts';
import { cleanUpPage, renderPage, sentIds, serveWith } from '@/test/render-page.tsx';
import { DictsAdminPage } from './dicts-admin-page.tsx';

const dict = (id: number, name: string): Dict => ({
  id,
  name,
  description: null,
  dictDetails: [],
  createBy: 'admin',
  updateBy: 'admin',
  createTime: '2026-11-23 09:00:00',
  updateTime: '2026-11-23 09:00:00',
});

const deletes: unknown[] = [];

function showPage(roles: string[]) {
  serveWith((config) => {
    if (config.method === 'delete') {
      deletes.push(sentIds(config));
      return {};
    }
    if (config.url === 'api/dict') {
      return { content: [dict(1, 'user_status'), dict(2, 'job_status'), dict(3, 'tank_state')], totalElements: 3 };
    }
    return { content: [], totalElements: 0 };
  });
  renderPage(<DictsAdminPage />, roles);
}

afterEach(() => {
  cleanUpPage();
  deletes.length = 0;
});
afterAll(() => changeLanguage('en'));

describe('DictsAdminPage', () => {
  it('deletes several chosen dictionaries in one request after one confirmation', async () => {
    showPage(['dict:list', 'dict:del']);
    const table = await screen.findByRole('table');
    await within(table).findByText('tank_state', {}, { timeout: 5000 });
    const box = (name: string) =>
      within(within(table).getByText(name).closest('tr') as HTMLElement).getByRole('checkbox');
    fireEvent.click(box('job_status'));
    fireEvent.click(box('tank_state'));
    fireEvent.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toEqual([[2, 3]]));
  });

  it('offers no selection to delete without dict:del, and still shows a dictionary’s entries when chosen', async () => {
    showPage(['dict:list']);
    const table = await screen.findByRole('table');
    await within(table).findByText('tank_state', {}, { timeout: 5000 });
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
    fireEvent.click(within(table).getByRole('radio', { name: 'Show entries of job_status' }));
    expect(await screen.findByText(/job_status/, { selector: '.ant-card-head-title' })).toBeTruthy();
  });

  it('shows seeded descriptions and entry labels in Chinese, as the dropdowns do, and typed ones as typed', async () => {
    await changeLanguage('zh-CN');
    serveWith((config) => {
      if (config.url === 'api/dict') {
        return { content: [{ ...dict(1, 'user_status'), description: 'User status' }], totalElements: 1 };
      }
      if (config.url === 'api/dictDetail') {
        const entry = (id: number, label: string, value: string) => ({ id, label, value, dictSort: id });
        return { content: [entry(1, 'Active', 'true'), entry(2, 'Gold member', 'gold')], totalElements: 2 };
      }
      return { content: [], totalElements: 0 };
    });
    renderPage(<DictsAdminPage />, ['dict:list']);
    const table = await screen.findByRole('table');
    await within(table).findByText('用户状态', {}, { timeout: 5000 });
    fireEvent.click(within(table).getByRole('radio'));
    const entries = (await screen.findAllByRole('table'))[1] as HTMLElement;
    await within(entries).findByText('激活', {}, { timeout: 5000 });
    expect(within(entries).getByText('Gold member')).toBeTruthy();
    expect(within(entries).queryByText('Active')).toBeNull();
  });
});
