// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LedgerAccount, LedgerPeriod, LedgerPosting, TrialBalance } from '@water/contract/ledger';
import { asFen } from '@water/contract/money';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { LedgerPage } from './ledger-page.tsx';

const trial = (overrides: Partial<TrialBalance> = {}): TrialBalance => ({
  types: [
    { type: 'CHANNEL_RECEIVABLE', accounts: 2, balance: asFen(30_000) },
    { type: 'PLATFORM_REVENUE', accounts: 1, balance: asFen(-30_000) },
    { type: 'COMMISSION_EXPENSE', accounts: 1, balance: asFen(6_000) },
    { type: 'COMMISSION_PAYABLE', accounts: 2, balance: asFen(-6_000) },
  ],
  total: asFen(0),
  closedThrough: '2026-11-20',
  ...overrides,
});

const account: LedgerAccount = {
  id: 4,
  code: 'COMMISSION_PAYABLE:7',
  type: 'COMMISSION_PAYABLE',
  agentId: 7,
  agentName: 'North Water',
  channel: null,
  balance: asFen(-4500),
  version: 12,
  updateTime: '2026-11-23 09:00:00',
};

const posting: LedgerPosting = {
  id: 31,
  day: '2026-11-23',
  kind: 'COMMISSION',
  subject: '7/0',
  agentId: 7,
  agentName: 'North Water',
  items: 2,
  entries: [
    { accountId: 3, code: 'COMMISSION_EXPENSE', type: 'COMMISSION_EXPENSE', amount: asFen(3000) },
    { accountId: 4, code: 'COMMISSION_PAYABLE:7', type: 'COMMISSION_PAYABLE', amount: asFen(-3000) },
  ],
  updateTime: '2026-11-23 09:00:00',
};

const period: LedgerPeriod = {
  id: 1,
  kind: 'DAY',
  firstDay: '2026-11-20',
  lastDay: '2026-11-20',
  closedBy: 'finance',
  closedTime: '2026-11-21 08:00:00',
};

const calls: InternalAxiosRequestConfig[] = [];

/** A 409 as the server words it. */
const refused = (config: InternalAxiosRequestConfig, message: string) =>
  new AxiosError('refused', 'ERR_BAD_REQUEST', config, undefined, {
    data: { status: 409, code: 'RULE_VIOLATED', message },
    status: 409,
    statusText: 'Conflict',
    headers: {},
    config,
  });

function serve({ balance = trial(), refuse }: { balance?: TrialBalance; refuse?: string } = {}) {
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/ledger/trial-balance') return balance;
    if (config.url === 'api/ledger/accounts') return { content: [account], totalElements: 1 };
    if (config.url === 'api/ledger/postings') return { content: [posting], totalElements: 1 };
    if (config.url === 'api/statements/agents') return [];
    if (config.url === 'api/ledger/periods' && config.method === 'post') {
      if (refuse) throw refused(config, refuse);
      return { ...period, id: 2, firstDay: '2026-11-21', lastDay: '2026-11-21' };
    }
    if (config.url === 'api/ledger/periods') return [period];
    throw new Error(`Not served: ${config.url}`);
  });
}

/** The confirmation asked before a period closes. */
const confirmDialog = async () => {
  const question = 'Close 2026-11-21? Its postings will never change again';
  await waitFor(() =>
    expect(screen.getAllByRole('dialog').some((dialog) => dialog.textContent?.includes(question))).toBe(true),
  );
  return screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(question)) as HTMLElement;
};

const sent = (url: string, method = 'get') =>
  calls.filter((call) => call.url === url && call.method === method).map((call) => call.params ?? call.data);

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('LedgerPage', () => {
  it('shows each type of account on its side, the totals of both sides, that the books balance and how far they are closed', async () => {
    serve();
    renderPage(<LedgerPage />, ['ledger:list']);
    expect(
      await screen.findByText('The books balance: every account together sums to CN¥0.00.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Closed through 2026-11-20')).toBeTruthy();
    const table = screen.getByRole('region', { name: 'Trial balance' });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(row('Channel receivable').textContent).toBe('Channel receivable2CN¥300.00—');
    expect(row('Platform revenue').textContent).toBe('Platform revenue1—CN¥300.00');
    expect(row('Total').textContent).toBe('Total6CN¥360.00CN¥360.00');
  });

  it('says plainly when the books do not balance', async () => {
    serve({ balance: trial({ total: asFen(1), closedThrough: null }) });
    renderPage(<LedgerPage />, ['ledger:list']);
    expect(
      await screen.findByText('The books do not balance: the accounts sum to CN¥0.01.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('No period closed yet')).toBeTruthy();
  });

  it('lists the accounts with their side, filtered by type', async () => {
    serve();
    renderPage(<LedgerPage />, ['ledger:list', 'statement:list']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Accounts' }));
    const table = await screen.findByRole('region', { name: 'Accounts' });
    const row = (await within(table).findByText('COMMISSION_PAYABLE:7')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Commission payable');
    expect(row.textContent).toContain('North Water');
    expect(row.textContent).toContain('CN¥45.00 Cr');
    expect(row.textContent).toContain('12');
    const bar = screen.getAllByRole('search').find((form) => within(form).queryByText('Type')) as HTMLElement;
    fireEvent.mouseDown(within(bar).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByTitle('Commission held'));
    fireEvent.click(within(bar).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(sent('api/ledger/accounts')).toContainEqual({ type: 'COMMISSION_HELD', page: 0, size: 20 }),
    );
  });

  it('lists the last seven days’ postings by default, each opening to its entries on the debit and credit side', async () => {
    serve();
    renderPage(<LedgerPage />, ['ledger:list']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Postings' }));
    const table = await screen.findByRole('region', { name: 'Postings' });
    const row = (await within(table).findByText('7/0')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Commission');
    expect(row.textContent).toContain('CN¥30.00');
    expect(sent('api/ledger/postings')[0]).toEqual({
      day: [dayjs().subtract(6, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')],
      page: 0,
      size: 20,
    });
    fireEvent.click(within(row).getByRole('button', { name: /expand/i }));
    const entries = await within(table).findByRole('table', { name: 'Entries' });
    const entry = (code: string) =>
      (
        within(entries)
          .getAllByText(code)
          .find((cell) => cell.closest('tr')) as HTMLElement
      ).closest('tr');
    expect(entry('COMMISSION_EXPENSE')?.textContent).toBe('COMMISSION_EXPENSECommission expenseCN¥30.00—');
    expect(entry('COMMISSION_PAYABLE:7')?.textContent).toBe('COMMISSION_PAYABLE:7Commission payable—CN¥30.00');
  });

  it('closes the next period after saying it cannot be undone, and shows a refusal as the server words it', async () => {
    serve({ refuse: 'Close the days before 2026-11-23 first: the books are closed through 2026-11-20' });
    renderPage(<LedgerPage />, ['ledger:list', 'ledger:close']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Closed periods' }));
    const periods = await screen.findByRole('region', { name: 'Closed periods' });
    expect((await within(periods).findByText('finance')).closest('tr')?.textContent).toContain('2026-11-20');
    fireEvent.click(screen.getByRole('button', { name: /Close a period/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Close a period' });
    expect(within(dialog).getByText(/the next one to close starts on 2026-11-21/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close 2026-11-21' }));
    const confirm = await confirmDialog();
    expect(confirm.textContent).toContain('This cannot be undone.');
    expect(sent('api/ledger/periods', 'post')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Close 2026-11-21' }));
    await waitFor(() => expect(sent('api/ledger/periods', 'post')).toEqual([JSON.stringify({ period: '2026-11-21' })]));
    expect(
      await within(dialog).findByText(
        'Close the days before 2026-11-23 first: the books are closed through 2026-11-20',
      ),
    ).toBeTruthy();
  });

  it('closes a period once confirmed and says so', async () => {
    serve();
    renderPage(<LedgerPage />, ['ledger:list', 'ledger:close']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Closed periods' }));
    await within(await screen.findByRole('region', { name: 'Closed periods' })).findByText('finance');
    fireEvent.click(screen.getByRole('button', { name: /Close a period/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Close a period' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close 2026-11-21' }));
    const confirm = await confirmDialog();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Close 2026-11-21' }));
    expect(await screen.findByText('Closed 2026-11-21')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close a period' })).toBeNull());
  });

  it('offers no close without the permission to close', async () => {
    serve();
    renderPage(<LedgerPage />, ['ledger:list']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Closed periods' }));
    await within(await screen.findByRole('region', { name: 'Closed periods' })).findByText('finance');
    expect(screen.queryByRole('button', { name: /Close a period/ })).toBeNull();
  });
});
