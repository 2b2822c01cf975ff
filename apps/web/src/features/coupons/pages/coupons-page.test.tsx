// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Coupon, CouponCounts, CouponTemplate } from '@water/contract/coupons';
import { asFen } from '@water/contract/money';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { CouponsPage } from './coupons-page.tsx';

const counts: CouponCounts = {
  issued: 4,
  unused: 1,
  locked: 0,
  used: 2,
  expired: 1,
  revoked: 0,
  discountCost: asFen(100),
};

const template = (id: number, overrides: Partial<CouponTemplate> = {}): CouponTemplate => ({
  id,
  name: `Welcome ${id}`,
  type: 'AMOUNT_OFF',
  value: 50,
  amountOff: asFen(50),
  percentOff: null,
  freeMl: null,
  minSpend: asFen(100),
  maxDiscount: null,
  scope: 'SITE',
  scopeIds: [3, 4],
  scopeNames: ['North Campus', 'South Gate'],
  scopeNamesText: 'North Campus, South Gate',
  issueType: 'PUSH',
  claimCode: null,
  total: 100,
  perMember: 1,
  validType: 'DAYS',
  validFrom: null,
  validTo: null,
  validDays: 14,
  fundedBy: 'PLATFORM',
  agentId: null,
  agentName: null,
  status: 'ACTIVE',
  counts,
  issuedCount: counts.issued,
  usedCount: counts.used,
  expiredCount: counts.expired,
  discountCost: counts.discountCost,
  createBy: 'admin',
  createTime: '2026-11-23 09:00:00',
  ...overrides,
});

const coupon: Coupon = {
  id: 9,
  code: 'K7QX2M',
  templateId: 2,
  templateName: 'Summer',
  type: 'PERCENT_OFF',
  value: 20,
  amountOff: null,
  percentOff: 20,
  freeMl: null,
  memberPhone: '138****8000',
  issueType: 'CODE',
  status: 'USED',
  validFrom: '2026-11-01 00:00:00',
  validTo: '2026-12-01 00:00:00',
  orderNo: '202611230000000001',
  discountAmount: asFen(40),
  createTime: '2026-11-02 10:00:00',
  usedTime: '2026-11-23 09:00:00',
};

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.trim())
    .filter(Boolean);

afterEach(cleanUpPage);

describe('CouponsPage', () => {
  it('shows each template’s terms in one cell each, and each issued coupon’s value in words', async () => {
    serveWith((config) => {
      if (config.url === 'api/coupons/stats') return { total: counts, platform: counts, agent: counts };
      if (config.url === 'api/coupons') return { content: [coupon], totalElements: 1 };
      return {
        content: [
          template(1),
          template(2, { type: 'PERCENT_OFF', value: 20, amountOff: null, percentOff: 20, maxDiscount: asFen(200) }),
        ],
        totalElements: 2,
      };
    });
    renderPage(<CouponsPage />, ['coupon:list']);
    const templates = await screen.findByRole('region', { name: 'Coupon templates' });
    await within(templates).findByText('Welcome 2', {}, { timeout: 5000 });
    expect(headers(templates)).toEqual([
      'Name',
      'Value',
      'Good at',
      'Members get it',
      'Valid',
      'Status',
      'Issued',
      'Redemption',
      'Discount cost',
    ]);
    const row = (name: string) => within(templates).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('Welcome 1')).getByText('CN¥0.50 off')).toBeTruthy();
    expect(within(row('Welcome 1')).getByText('From CN¥1.00')).toBeTruthy();
    expect(within(row('Welcome 1')).getByText('Sites: North Campus, South Gate')).toBeTruthy();
    expect(within(row('Welcome 1')).getByText('14 days after issue')).toBeTruthy();
    expect(within(row('Welcome 1')).getByText('4 / 100')).toBeTruthy();
    expect(within(row('Welcome 1')).getByText('CN¥1.00')).toBeTruthy();
    expect(within(row('Welcome 2')).getByText('20 % off, at most CN¥2.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Issued coupons' }));
    const issued = await screen.findByRole('region', { name: 'Issued coupons' });
    await within(issued).findByText('K7QX2M', {}, { timeout: 5000 });
    expect(headers(issued)).toEqual([
      'Code',
      'Coupon',
      'Value',
      'Member',
      'Status',
      'Valid to',
      'Order',
      'Took off',
      'Members get it',
      'Issued at',
    ]);
    const used = within(issued).getByText('K7QX2M').closest('tr') as HTMLElement;
    expect(within(used).getByText('20 % off')).toBeTruthy();
    expect(within(used).getByText('Used')).toBeTruthy();
    expect(within(used).getByText('CN¥0.40')).toBeTruthy();
    expect(within(used).getByText('Code')).toBeTruthy();
  });
});
