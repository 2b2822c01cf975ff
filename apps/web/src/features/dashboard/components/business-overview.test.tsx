import { asFen } from '@water/contract/money';
// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import type { BusinessRanking, BusinessOverview as Overview, SalesFigures } from '@water/contract/overview';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteEntry } from '@/lib/menus-to-routes.ts';
import { publishPagePaths } from '@/lib/page-paths.ts';
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

const ranking = (period: BusinessRanking['period']): BusinessRanking => ({
  period,
  from: period === 'TODAY' ? '2026-11-30' : '2026-11-24',
  to: '2026-11-30',
  agents: [
    { id: 7, name: 'Guangdong Water', net: asFen(period === 'TODAY' ? 4200 : 31_000), orders: 21, dispensedMl: 84_000 },
  ],
  sites: [{ id: 3, name: 'North Campus', net: asFen(4200), orders: 21, dispensedMl: 84_000 }],
  machines: [],
});

/** The menus of a user who sees the business pages (the home page's cards and rankings link to them). */
const BUSINESS_PAGES = [
  ['business/order/index', '/business/orders'],
  ['business/machine/index', '/business/machines'],
  ['business/alarm/index', '/business/alarms'],
].map(([pageKey, fullPath]) => ({ pageKey, fullPath, external: false }) as RouteEntry);

const calls: InternalAxiosRequestConfig[] = [];

function serveHome() {
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/business/ranking') return ranking(config.params?.period ?? 'TODAY');
    return overview();
  });
}

afterEach(() => {
  publishPagePaths([]);
  calls.length = 0;
});

describe('BusinessOverview', () => {
  it('shows the day’s and month’s net revenue with their trends, machines, alarms and the payment mix', async () => {
    serveHome();
    renderPage(<BusinessOverview />, ['order:list']);
    const section = await screen.findByRole('region', { name: 'Business' }, { timeout: 5000 });
    expect(within(section).getByText('CN¥15.00')).toBeTruthy();
    expect(within(section).getByText('+50% on yesterday')).toBeTruthy();
    expect(within(section).getByText('-25% on the same days last month')).toBeTruthy();
    expect(within(section).getByText('10 / 12')).toBeTruthy();
    expect(within(section).getByText('2 offline, 1 with faults')).toBeTruthy();
    expect(within(section).getByText('WeChat Pay · CN¥200.00')).toBeTruthy();
    expect(within(section).getByText('1. WM-0002')).toBeTruthy();
    expect(within(section).getByText('Coupons took CN¥6.00 off')).toBeTruthy();
    expect(within(section).getAllByText('No sales yet.')).toHaveLength(1);
    // Without the business pages in the user's menus, nothing links to them.
    expect(within(section).queryAllByRole('link')).toEqual([]);
  });

  it('opens from each figure the list behind it: the day’s or month’s orders, the machines offline, the open alarms', async () => {
    publishPagePaths(BUSINESS_PAGES);
    serveHome();
    renderPage(<BusinessOverview />, ['order:list']);
    const section = await screen.findByRole('region', { name: 'Business' }, { timeout: 5000 });
    const hrefOf = (name: RegExp) => within(section).getByRole('link', { name }).getAttribute('href');
    expect(hrefOf(/Net revenue today/)).toBe('/business/orders?createTime=2026-11-30&createTime=2026-11-30');
    expect(hrefOf(/Net revenue this month/)).toBe('/business/orders?createTime=2026-11-01&createTime=2026-11-30');
    expect(hrefOf(/Machines online/)).toBe('/business/machines?lifecycle=OPERATING&online=false');
    expect(hrefOf(/Open alarms/)).toBe('/business/alarms');
    expect(hrefOf(/WM-0002/)).toBe('/business/orders?createTime=2026-11-01&createTime=2026-11-30&machineId=2');
  });

  it('ranks the agents, sites and machines that sold most today, this week or this month, each opening its orders', async () => {
    publishPagePaths(BUSINESS_PAGES);
    serveHome();
    renderPage(<BusinessOverview />, ['order:list']);
    const ranked = await screen.findByRole('region', { name: 'Agents' }, { timeout: 5000 });
    expect(within(ranked).getByText('CN¥42.00')).toBeTruthy();
    expect(within(ranked).getByText('21 orders · 84 L')).toBeTruthy();
    expect(within(ranked).getByRole('link', { name: 'Orders of Guangdong Water' }).getAttribute('href')).toBe(
      '/business/orders?agentId=7&createTime=2026-11-30&createTime=2026-11-30',
    );
    expect(within(screen.getByRole('region', { name: 'Machines' })).getByText('No sales in this period.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'This week' }));
    expect(await within(ranked).findByText('CN¥310.00')).toBeTruthy();
    expect(calls.some((call) => call.url === 'api/business/ranking' && call.params.period === 'WEEK')).toBe(true);
    expect(within(ranked).getByRole('link', { name: 'Orders of Guangdong Water' }).getAttribute('href')).toBe(
      '/business/orders?agentId=7&createTime=2026-11-24&createTime=2026-11-30',
    );
  });
});
