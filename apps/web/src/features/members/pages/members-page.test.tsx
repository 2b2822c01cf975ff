// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { screen, within } from '@testing-library/react';
import type { Member } from '@water/contract/coupons';
import { asFen } from '@water/contract/money';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { MembersPage } from './members-page.tsx';

const member: Member = {
  id: 1,
  phone: '138****8000',
  openid: null,
  agentId: null,
  agentName: null,
  orders: 3,
  paidTotal: asFen(250),
  lastOrderTime: '2026-11-23 09:00:00',
  unusedCoupons: 2,
  createTime: '2026-10-01 08:00:00',
};

afterEach(cleanUpPage);

describe('MembersPage', () => {
  it('shows each member masked, with what they paid in money and a dash for what is unknown', async () => {
    serveWith(() => ({ content: [member], totalElements: 1 }));
    renderPage(<MembersPage />, ['member:list']);
    const table = await screen.findByRole('region', { name: 'Members' });
    const row = (await within(table).findByText('138****8000', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.trim())
        .filter(Boolean),
    ).toEqual([
      'Phone',
      'Payment account',
      'Acquired by',
      'Paid orders',
      'Net paid',
      'Unused coupons',
      'Last order',
      'Known since',
    ]);
    expect(within(row).getByText('CN¥2.50')).toBeTruthy();
    expect(within(row).getAllByText('—')).toHaveLength(2);
    expect(within(row).getByText('3')).toBeTruthy();
  });
});
