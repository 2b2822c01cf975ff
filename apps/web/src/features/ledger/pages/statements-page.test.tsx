// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AgentBalance, CommissionOrder, Statement } from '@water/contract/ledger';
import { asFen } from '@water/contract/money';
import type { InternalAxiosRequestConfig } from 'axios';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteEntry } from '@/lib/menus-to-routes.ts';
import { publishPagePaths } from '@/lib/page-paths.ts';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { StatementsPage } from './statements-page.tsx';

const north: AgentBalance = {
  agentId: 7,
  agentName: 'North Water',
  code: 'NW',
  status: 'ACTIVE',
  available: asFen(4500),
  held: asFen(0),
};
const south: AgentBalance = { ...north, agentId: 8, agentName: 'South Water', code: 'SW', available: asFen(120) };

const statementOf = (period: string, overrides: Partial<Statement> = {}): Statement => ({
  agentId: 7,
  agentName: 'North Water',
  kind: period.length === 10 ? 'DAY' : 'MONTH',
  period,
  firstDay: period.length === 10 ? period : `${period}-01`,
  lastDay: period.length === 10 ? period : dayjs(`${period}-01`).endOf('month').format('YYYY-MM-DD'),
  closed: false,
  accounts: [
    {
      type: 'COMMISSION_PAYABLE',
      opening: asFen(1000),
      lines: [
        { kind: 'COMMISSION', depth: 0, amount: asFen(3000), items: 2 },
        { kind: 'COMMISSION', depth: 1, amount: asFen(600), items: 3 },
        { kind: 'REVERSAL', depth: 1, amount: asFen(-100), items: 1 },
      ],
      closing: asFen(4500),
    },
    { type: 'COMMISSION_HELD', opening: asFen(0), lines: [], closing: asFen(0) },
  ],
  ...overrides,
});

const order: CommissionOrder = {
  orderNo: '202611230000000001',
  paidTime: '2026-11-23 09:00:05',
  channel: 'WECHAT',
  state: 'PARTIALLY_REFUNDED',
  paid: asFen(200),
  refunded: asFen(50),
  depth: 1,
  rate: '5.00',
  amount: asFen(8),
};

/** The menus of a user who sees the Orders page. */
const ORDERS_PAGE = [{ pageKey: 'business/order/index', fullPath: '/business/orders', external: false } as RouteEntry];

const calls: InternalAxiosRequestConfig[] = [];

function serve(agents: AgentBalance[], statement = statementOf) {
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/statements/agents') return agents;
    if (config.url === 'api/statements') return statement(config.params.period);
    if (config.url === 'api/statements/orders') return { content: [order], totalElements: 1 };
    if (config.url === 'api/statements/download') return new Blob(['statement']);
    throw new Error(`Not served: ${config.url}`);
  });
}

const asked = (url: string) => calls.filter((call) => call.url === url).map((call) => call.params);

afterEach(() => {
  cleanUpPage();
  publishPagePaths([]);
  calls.length = 0;
  vi.restoreAllMocks();
});

describe('StatementsPage', () => {
  it('shows the only agent’s month: balances now, each level’s commission and reversals between opening and closing, and the orders behind it', async () => {
    publishPagePaths(ORDERS_PAGE);
    serve([north]);
    renderPage(<StatementsPage />, ['statement:list']);
    const statement = await screen.findByRole('region', { name: 'Statement' });
    const month = dayjs().format('YYYY-MM');
    expect(within(statement).getByText(`Statement of North Water, ${month}`)).toBeTruthy();
    expect(asked('api/statements')).toContainEqual({ agentId: 7, period: month });
    expect(within(statement).getByText('Open')).toBeTruthy();
    const available = within(statement).getByRole('region', { name: 'Available balance' });
    const line = (name: string) => within(available).getByText(name).closest('tr') as HTMLElement;
    expect(line('Opening balance').textContent).toContain('CN¥10.00');
    expect(line('Commission (own sales)').textContent).toContain('CN¥30.00');
    expect(line('Commission (1 level below)').textContent).toContain('CN¥6.00');
    expect(line('Commission reversed (1 level below)').textContent).toContain('-CN¥1.00');
    expect(line('Closing balance').textContent).toContain('CN¥45.00');
    // Nothing was ever held: that balance is left out.
    expect(within(statement).queryByRole('region', { name: 'Held while frozen' })).toBeNull();
    const figures = screen.getByRole('group', { name: 'North Water' });
    expect(within(figures).getByText('CN¥45.00')).toBeTruthy();

    const orders = await screen.findByRole('region', { name: `Orders paid in ${month}` });
    const row = (await within(orders).findByText('202611230000000001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('1 level below')).toBeTruthy();
    expect(within(row).getByText('5.00%')).toBeTruthy();
    expect(within(row).getByText('CN¥0.08')).toBeTruthy();
    expect(within(row).getByText('WeChat Pay')).toBeTruthy();
    expect(within(row).getByText('Partly refunded')).toBeTruthy();
    // Without the permission to list orders, the order's number is no link.
    expect(within(row).queryByRole('link')).toBeNull();
    expect(asked('api/statements/orders')).toContainEqual({ agentId: 7, period: month, page: 0, size: 10 });
  });

  it('links each order to its detail on the Orders page for users who may list orders', async () => {
    publishPagePaths([
      { pageKey: 'business/order/index', fullPath: '/business/orders', external: false } as RouteEntry,
    ]);
    serve([north]);
    renderPage(<StatementsPage />, ['statement:list', 'order:list']);
    const link = await screen.findByRole('link', { name: '202611230000000001' });
    expect(link.getAttribute('href')).toBe('/business/orders#order=202611230000000001');
  });

  it('turns to a day with the period switch, and says when the period is closed and nothing moved', async () => {
    const today = dayjs().format('YYYY-MM-DD');
    serve([north], (period) =>
      statementOf(period, {
        closed: period.length === 10,
        accounts:
          period.length === 10
            ? [
                { type: 'COMMISSION_PAYABLE', opening: asFen(4500), lines: [], closing: asFen(4500) },
                { type: 'COMMISSION_HELD', opening: asFen(200), lines: [], closing: asFen(200) },
              ]
            : statementOf(period).accounts,
      }),
    );
    renderPage(<StatementsPage />, ['statement:list']);
    await screen.findByRole('region', { name: 'Statement' });
    fireEvent.click(screen.getByText('Day'));
    await screen.findByText(`Statement of North Water, ${today}`);
    expect(asked('api/statements')).toContainEqual({ agentId: 7, period: today });
    const statement = screen.getByRole('region', { name: 'Statement' });
    expect(within(statement).getByText('Final')).toBeTruthy();
    expect(within(statement).getAllByText('Nothing moved in this period.')).toHaveLength(2);
    const held = within(statement).getByRole('region', { name: 'Held while frozen' });
    expect(within(held).getAllByText('CN¥2.00')).toHaveLength(2);
  });

  it('downloads the statement shown as an Excel workbook', async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:statement';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    serve([north]);
    renderPage(<StatementsPage />, ['statement:list']);
    const statement = await screen.findByRole('region', { name: 'Statement' });
    fireEvent.click(within(statement).getByRole('button', { name: /Excel/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const month = dayjs().format('YYYY-MM');
    expect(asked('api/statements/download')).toEqual([{ agentId: 7, period: month, format: 'xlsx' }]);
    expect(saved[0]).toMatch(new RegExp(`^\\d+-statement-7-${month}\\.xlsx$`));
  });

  it('asks finance to choose among several agents, each offered with what it may withdraw', async () => {
    serve([north, south]);
    renderPage(<StatementsPage />, ['statement:list']);
    expect(await screen.findByText('Choose an agent', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(asked('api/statements')).toEqual([]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Agent' }));
    const option = (await screen.findAllByText('South Water')).find((element) =>
      element.closest('.ant-select-item-option'),
    ) as HTMLElement;
    expect(option.closest('.ant-select-item-option')?.textContent).toContain('CN¥1.20');
    fireEvent.click(option);
    await waitFor(() =>
      expect(asked('api/statements')).toContainEqual({ agentId: 8, period: dayjs().format('YYYY-MM') }),
    );
  });

  it('says when no agent is in reach', async () => {
    serve([]);
    renderPage(<StatementsPage />, ['statement:list']);
    expect(await screen.findByText('No agent in your reach.')).toBeTruthy();
  });
});
