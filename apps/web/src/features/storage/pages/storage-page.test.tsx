// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StoredFile } from '@water/contract/storage';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, sentIds, serveWith } from '@/test/render-page.tsx';
import { StoragePage } from './storage-page.tsx';

const file = (id: number, name: string, type: StoredFile['type']): StoredFile => ({
  id,
  name,
  realName: `${'0'.repeat(31)}${id}.${name.split('.').pop()}`,
  url: `/files/${'0'.repeat(31)}${id}.${name.split('.').pop()}`,
  suffix: name.split('.').pop() ?? null,
  size: 2048,
  type,
  createBy: 'admin',
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
    return { content: [file(1, 'logo.png', 'image'), file(2, 'minutes.pdf', 'document')], totalElements: 2 };
  });
}

afterEach(() => {
  cleanUpPage();
  deletes.length = 0;
});

describe('StoragePage', () => {
  it('lets a reader preview and download, but offers no upload, rename or delete', async () => {
    serve();
    renderPage(<StoragePage />, ['storage:list']);
    const table = await screen.findByRole('region', { name: 'Stored files' });
    await within(table).findByText('minutes.pdf', {}, { timeout: 5000 });
    expect(within(table).getByRole('img', { name: 'Preview of logo.png' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Download minutes.pdf' })).toBeTruthy();
    expect(within(table).getByText('Document')).toBeTruthy();
    expect(within(table).getAllByText('2.0 KB')).toHaveLength(2);
    expect(screen.queryByText('Click or drop files here to upload')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit logo.png' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('deletes the chosen files by their ids once confirmed', async () => {
    serve();
    renderPage(<StoragePage />, ['storage:list', 'storage:add', 'storage:edit', 'storage:del']);
    expect(screen.getByText('Click or drop files here to upload')).toBeTruthy();
    const table = await screen.findByRole('region', { name: 'Stored files' });
    await within(table).findByText('minutes.pdf', {}, { timeout: 5000 });
    for (const checkbox of within(table).getAllByRole('checkbox').slice(1)) fireEvent.click(checkbox);
    fireEvent.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete 2 files?');
    expect(dialog.textContent).toContain('logo.png, minutes.pdf');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toEqual([[1, 2]]));
  });
});
