import { asFen } from '@water/contract/money';
// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { screen, within } from '@testing-library/react';
import type { BusinessOverview as Overview, SalesFigures } from '@water/contract/overview';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { BusinessOverview, changeOf } from './business-overview.tsx';

const figures = (net: number, orders = 10): SalesFigures => ({
  net: asFen(net),
  paid: asFen(net),
  refunded: asFen(0),
  orders,
  dispensedMl: orders * 5000,
  coupon: asFen(orders * 3),
  averageTicket: asFen(orders > 0 ? Math.round(net / orders) : 0),
});

const overview = (overrides: Partial<Overview> = {}): Overview => ({
  today: figures(1500),
  yesterday: figures(1000),
  month: figures(30_000, 200),
  lastMonth: figures(40_000, 260),
  daily: Array.from({ length: 30 }, (_, index) => ({
    day: `2026-11-${String(index + 1).padStart(2, '0')}`,
    net: asFen(100 * index + 7),
    orders: index,
  })),
  machines: { operating: 12, online: 10, offline: 2, faulty: 1 },
  openAlarms: 3,
  paymentMix: [
    { channel: 'WECHAT', paid: asFen(20_000), orders: 120 },
    { channel: 'CARD', paid: asFen(10_000), orders: 80 },
  ],
  topMachines: [{ id: 1, name: 'WM-0001', net: asFen(9000) }],
  bottomMachines: [{ id: 2, name: 'WM-0002', net: asFen(0) }],
  topSites: [],
  bottomSites: [],
  ...overrides,
});

afterEach(cleanUpPage);

describe('changeOf', () => {
  it('is a signed percentage with one decimal, and nothing when there was nothing before', () => {
    expect(changeOf(1500, 1000)).toBe(50);
    expect(changeOf(30_000, 40_000)).toBe(-25);
    expect(changeOf(1, 3)).toBe(-66.7);
    expect(changeOf(500, 0)).toBeUndefined();
  });
});

describe('BusinessOverview', () => {
  it('shows the day’s and month’s net revenue with their trends, machines, alarms and the payment mix', async () => {
    serveWith(() => overview());
    renderPage(<BusinessOverview />, ['order:list']);
    const section = await screen.findByRole('region', { name: 'Business' }, { timeout: 5000 });
    expect(within(section).getByText('CN¥15.00')).toBeTruthy();
    expect(within(section).getByText('+50% on yesterday')).toBeTruthy();
    expect(within(section).getByText('-25% on the same days last month')).toBeTruthy();
    expect(within(section).getByText('10 / 12')).toBeTruthy();
    expect(within(section).getByText('2 offline, 1 with faults')).toBeTruthy();
    expect(within(section).getByText('WeChat Pay · CN¥200.00')).toBeTruthy();
    expect(within(section).getByText('1. WM-0001')).toBeTruthy();
    expect(within(section).getByText('Coupons took CN¥6.00 off')).toBeTruthy();
    expect(within(section).getAllByText('No sales yet.')).toHaveLength(2);
  });
});
