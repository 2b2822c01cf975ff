// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OnlineUser } from '@water/contract/logs';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, sentIds, serveWith } from '@/test/render-page.tsx';
import { OnlineUsersPage } from './online-users-page.tsx';

const session = (key: string, userName: string): OnlineUser => ({
  key,
  uid: key,
  userName,
  nickName: userName,
  dept: 'Sales',
  browser: 'Chrome 131 (Linux)',
  ip: '10.0.0.7',
  address: 'Local network',
  loginTime: '2026-11-23 09:00:00',
  lastSeen: '2026-11-23 09:30:00',
});

const deletes: unknown[] = [];

/** The server: two sessions; kicking answers with `kickStatus` and, when refused, the server's message. */
function serve(kickStatus: number) {
  serveWith((config) => {
    if (config.method !== 'delete') {
      return { content: [session('s-ana', 'ana'), session('s-bob', 'bob')], totalElements: 2 };
    }
    deletes.push(sentIds(config));
    if (kickStatus === 200) return {};
    const refusal = { status: 403, message: 'You may not sign out ana: their role is above yours' };
    throw new AxiosError('refused', 'ERR_BAD_REQUEST', config, undefined, {
      data: refusal,
      status: kickStatus,
      statusText: 'Forbidden',
      headers: {},
      config,
    });
  });
}

const showPage = () => renderPage(<OnlineUsersPage />, ['online:list', 'online:del']);

afterEach(() => {
  cleanUpPage();
  deletes.length = 0;
});

describe('OnlineUsersPage', () => {
  it('kicks the chosen sessions out by their keys once confirmed', async () => {
    serve(200);
    showPage();
    const table = await screen.findByRole('region', { name: 'Online users' });
    await within(table).findAllByText('ana', {}, { timeout: 5000 });
    expect(within(table).getAllByText('Local network')).toHaveLength(2);
    const kickSelected = screen.getByRole('button', { name: /Kick out selected \(0\)/ });
    expect(kickSelected).toHaveProperty('disabled', true);
    for (const checkbox of within(table).getAllByRole('checkbox').slice(1)) fireEvent.click(checkbox);
    fireEvent.click(screen.getByRole('button', { name: /Kick out selected \(2\)/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Sign out 2 sessions?');
    expect(dialog.textContent).toContain('ana, bob');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kick out' }));
    await waitFor(() => expect(deletes).toEqual([['s-ana', 's-bob']]));
    expect(await screen.findByText('Signed out')).toBeTruthy();
  });

  it('shows the server’s reason when it refuses to sign a user out', async () => {
    serve(403);
    showPage();
    const table = await screen.findByRole('region', { name: 'Online users' });
    await within(table).findAllByText('ana', {}, { timeout: 5000 });
    fireEvent.click(within(table).getByRole('button', { name: 'Kick out ana' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Sign out “ana”?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kick out' }));
    expect(await screen.findByText('You may not sign out ana: their role is above yours')).toBeTruthy();
    expect(deletes).toEqual([['s-ana']]);
  });
});
