// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommandRecord } from '@water/contract/commands';
import { commandsLocales } from '@water/contract/texts/commands';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { MachineCommands } from './machine-commands.tsx';

addPageTexts('commands', commandsLocales);

const command = (id: number, state: CommandRecord['state'], overrides: Partial<CommandRecord> = {}): CommandRecord => ({
  id,
  commandId: `00000000-0000-4000-8000-00000000000${id}`,
  machineId: 3,
  serialNo: 'WM-OPER',
  batchId: null,
  type: 'RO_FLUSH',
  params: { seconds: 120 },
  state,
  createBy: 'admin',
  createTime: '2026-11-26 09:00:00',
  expiresAt: '2026-11-26 10:00:00',
  sentTime: null,
  deliveredTime: null,
  finishedTime: null,
  message: null,
  ...overrides,
});

const calls: InternalAxiosRequestConfig[] = [];
function serve(history: CommandRecord[]) {
  serveWith((config) => {
    calls.push(config);
    if (config.method === 'get') return { content: history, totalElements: history.length };
    return history[0];
  });
}

describe('a machine’s commands', () => {
  afterEach(() => {
    cleanUpPage();
    calls.length = 0;
  });

  it('shows each command’s state and offers to cancel only those not yet delivered', async () => {
    serve([command(2, 'QUEUED', { type: 'REBOOT', params: {} }), command(1, 'SUCCEEDED', { message: 'flushed' })]);
    renderPage(<MachineCommands machine={{ id: 3, serialNo: 'WM-OPER' }} />, ['device:list', 'device:command']);
    const queued = (await screen.findByText('Reboot')).closest('.ant-list-item') as HTMLElement;
    expect(queued.textContent).toContain('Queued');
    expect(within(queued).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    const done = screen.getByText('flushed').closest('.ant-list-item') as HTMLElement;
    expect(done.textContent).toContain('Succeeded');
    expect(done.textContent).toContain('Seconds: 120');
    expect(within(done).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('asks before locking the machine, then sends the lock', async () => {
    serve([]);
    renderPage(<MachineCommands machine={{ id: 3, serialNo: 'WM-OPER' }} />, ['device:list', 'device:command']);
    fireEvent.click(await screen.findByRole('button', { name: /Send a command/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Command' }));
    fireEvent.click(await screen.findByTitle('Lock (maintenance)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send a command' }));
    expect(await screen.findByText('Lock the machine? It sells nothing until unlocked.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'post')).toBe(false);
    const confirmation = screen.getAllByRole('dialog').at(-1) as HTMLElement;
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Send a command' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'post')).toBeDefined());
    const post = calls.find((call) => call.method === 'post') as InternalAxiosRequestConfig;
    expect(post.url).toBe('api/machines/3/commands');
    expect(JSON.parse(post.data as string)).toEqual({ type: 'LOCK', params: {}, ttlSeconds: 3600 });
  });

  it('offers no sending without device:command', async () => {
    serve([]);
    renderPage(<MachineCommands machine={{ id: 3, serialNo: 'WM-OPER' }} />, ['device:list']);
    expect(await screen.findByText('No commands sent to this machine yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Send a command/ })).toBeNull();
  });
});
