// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { screen, within } from '@testing-library/react';
import type { ChangeRecord } from '@water/contract/audit';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { cleanUpPage, renderPage } from '@/test/render-page.tsx';
import { ChangeDiff } from './change-history-view.tsx';

const change = (fields: Partial<ChangeRecord>): ChangeRecord => ({
  id: 1,
  at: '2026-11-27 10:00:00',
  userId: 1,
  username: 'admin',
  recordType: 'agent',
  recordId: '3',
  action: 'status',
  requestId: 'req-1',
  ip: '127.0.0.1',
  before: null,
  after: null,
  ...fields,
});

describe('the values of a change', () => {
  afterEach(async () => {
    cleanUpPage();
    await i18n.changeLanguage('en');
  });

  it('names states and levels in the console’s language, not by their codes', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPage(
      <ChangeDiff
        change={change({
          before: { status: 'PENDING_REVIEW', level: 'CITY' },
          after: { status: 'ACTIVE', level: 'CITY' },
        })}
      />,
      [],
    );
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('待审核')).toBeTruthy();
    expect(within(table).getByText('正常')).toBeTruthy();
    expect(within(table).getAllByText('市级')).toHaveLength(2);
    expect(within(table).queryByText('PENDING_REVIEW')).toBeNull();
  });

  it('names a withdrawal’s state, and shows other values as they are', async () => {
    renderPage(
      <ChangeDiff
        change={change({
          recordType: 'withdrawal',
          before: { state: 'APPROVED' },
          after: { state: 'PAID', payoutRef: 'BANK-778' },
        })}
      />,
      [],
    );
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('BANK-778')).toBeTruthy();
    expect(await within(table).findByText('Awaiting payout')).toBeTruthy();
    expect(within(table).getByText('Paid')).toBeTruthy();
  });
});
