// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { screen, within } from '@testing-library/react';
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
});
