// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ChangeRecord } from '@water/contract/audit';
import { asFen } from '@water/contract/money';
import type { PricePolicy } from '@water/contract/price-policies';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { PricePoliciesPage } from './price-policies-page.tsx';

const policy: PricePolicy = {
  id: 1,
  name: 'Campus price',
  scope: 'AGENT',
  scopeId: 7,
  scopeName: 'Guangdong Water',
  priceWechat: asFen(55),
  priceAlipay: asFen(56),
  priceCard: asFen(50),
  priceCoin: asFen(100),
  memberPrice: null,
  discountPct: '12.50',
  effectiveFrom: '2026-11-01 00:00:00',
  status: 'DISABLED',
  createTime: '2026-10-30 09:00:00',
};

const change: ChangeRecord = {
  id: 3,
  at: '2026-11-24 10:00:00',
  userId: 1,
  username: 'finance-lee',
  requestId: 'req-3',
  ip: '10.0.0.8',
  recordType: 'price-policy',
  recordId: '1',
  action: 'update',
  before: { name: 'Campus price', priceCard: 60 },
  after: { name: 'Campus price', priceCard: 50 },
};

afterEach(cleanUpPage);

describe('PricePoliciesPage', () => {
  it('shows each policy’s scope, its prices per channel and its discount as they were', async () => {
    serveWith(() => ({ content: [policy], totalElements: 1 }));
    renderPage(<PricePoliciesPage />, ['policy:list']);
    const table = await screen.findByRole('region', { name: 'Price policies' });
    const row = (await within(table).findByText('Campus price', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.trim())
        .filter(Boolean),
    ).toEqual([
      'Name',
      'Applies to',
      'WeChat Pay',
      'Alipay',
      'Water card',
      'Coins',
      'Discount %',
      'In effect from',
      'Status',
    ]);
    expect(within(row).getByText('Agent: Guangdong Water')).toBeTruthy();
    expect(within(row).getByText('CN¥0.55')).toBeTruthy();
    expect(within(row).getByText('CN¥1.00')).toBeTruthy();
    expect(within(row).getByText('12.50')).toBeTruthy();
    expect(within(row).getByText('Disabled')).toBeTruthy();
  });

  it('opens a policy’s History from its row: who changed what, before and after', async () => {
    const asked: unknown[] = [];
    serveWith((config) => {
      if (config.url !== 'api/audit') return { content: [policy], totalElements: 1 };
      asked.push(config.params);
      return { content: [change], totalElements: 1 };
    });
    renderPage(<PricePoliciesPage />, ['policy:list', 'audit:list']);
    fireEvent.click(await screen.findByRole('button', { name: 'History Campus price' }, { timeout: 5000 }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('History: Campus price')).toBeTruthy();
    const history = await within(drawer).findByRole('region', { name: 'History' }, { timeout: 5000 });
    expect(await within(history).findByText('Edited', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(history).getByText(/finance-lee/)).toBeTruthy();
    const price = within(history).getByText('Water card price (fen)').closest('tr') as HTMLElement;
    expect([...price.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Water card price (fen)',
      '60',
      '50',
    ]);
    expect(asked).toContainEqual(expect.objectContaining({ recordType: 'price-policy', recordId: '1' }));
    // The page, then the History's list loading after it: longer than one render on a loaded machine.
  }, 60_000);

  it('offers no History to staff who may not read the change records', async () => {
    serveWith(() => ({ content: [policy], totalElements: 1 }));
    renderPage(<PricePoliciesPage />, ['policy:list', 'policy:edit']);
    await screen.findByRole('button', { name: 'Edit Campus price' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'History Campus price' })).toBeNull();
  });
});
