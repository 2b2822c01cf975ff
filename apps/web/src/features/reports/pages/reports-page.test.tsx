// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asFen } from '@water/contract/money';
import type { OrderFilterOptions } from '@water/contract/orders';
import type { Report, ReportFigures, ReportQuery, ReportSchedule } from '@water/contract/reports';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n.ts';
import { useLayout } from '@/lib/layout-state.ts';
import { cleanUpPage, renderPage, sentIds, serveWith } from '@/test/render-page.tsx';
import { ReportsPage } from './reports-page.tsx';

const figures = (revenue: number, orders: number, overrides: Partial<ReportFigures> = {}): ReportFigures => ({
  revenue: asFen(revenue),
  refunded: asFen(0),
  net: asFen(revenue),
  orders,
  dispensedMl: orders * 5000,
  averageTicket: asFen(orders === 0 ? 0 : Math.round(revenue / orders)),
  coupon: asFen(0),
  commission: null,
  channelFees: null,
  cardLiabilities: null,
  slaResponseMet: null,
  slaResolutionMet: null,
  ...overrides,
});

/** The report the fake server answers for a query: two groups named after the grouping. */
const reportFor = (query: ReportQuery): Report => ({
  ...query,
  rows:
    query.agentId === 8
      ? [{ key: '8', name: 'Shenzhen Water', ...figures(4_000, 2) }]
      : [
          { key: '7', name: `${query.by} Guangzhou`, ...figures(12_345, 5, { commission: asFen(1_852) }) },
          { key: '8', name: `${query.by} Shenzhen`, ...figures(4_000, 2) },
        ],
  series: [{ period: query.from, ...figures(16_345, 7) }],
  totals: figures(16_345, 7, { commission: asFen(1_852) }),
});

const schedule = (overrides: Partial<ReportSchedule> = {}): ReportSchedule => ({
  id: 4,
  name: 'Daily by agent',
  period: 'DAY',
  by: 'agent',
  format: 'XLSX',
  recipients: ['boss@example.com'],
  enabled: true,
  language: 'en',
  createBy: 'admin',
  lastPeriod: '2026-11-22',
  lastSentTime: '2026-11-23 00:10:00',
  lastError: null,
  ...overrides,
});

const agents: OrderFilterOptions = {
  agents: [
    { id: 7, name: 'Guangzhou Water' },
    { id: 8, name: 'Shenzhen Water' },
  ],
  sites: [],
  machines: [],
} as unknown as OrderFilterOptions;

const calls: InternalAxiosRequestConfig[] = [];
let schedules: ReportSchedule[] = [];

function serve(options: { empty?: boolean; unanswered?: boolean } = {}) {
  serveWith((config) => {
    calls.push(config);
    const method = config.method?.toUpperCase();
    if (config.url === 'api/reports' && options.unanswered) return new Promise(() => undefined);
    if (config.url === 'api/reports') {
      const report = reportFor(config.params as ReportQuery);
      return options.empty ? { ...report, rows: [], series: [] } : report;
    }
    if (config.url === 'api/reports/files') {
      return { id: 11, format: 'XLSX', status: 'PENDING', size: null, createTime: '2026-11-23 10:00:00' };
    }
    if (config.url === 'api/orders/filter-options') return agents;
    if (config.url === 'api/reports/schedules') {
      if (method === 'GET') return schedules;
      if (method === 'POST') {
        const added = { ...schedule(), ...JSON.parse(config.data as string), id: 5, lastSentTime: null };
        schedules = [...schedules, added];
        return added;
      }
      if (method === 'PUT') {
        const changed = JSON.parse(config.data as string) as ReportSchedule;
        schedules = schedules.map((row) => (row.id === changed.id ? { ...row, ...changed } : row));
        return undefined;
      }
      if (method === 'DELETE') {
        const ids = sentIds(config) as number[];
        schedules = schedules.filter((row) => !ids.includes(row.id));
        return undefined;
      }
    }
    throw new Error(`unexpected ${method} ${config.url}`);
  });
}

const reportCalls = () => calls.filter((call) => call.url === 'api/reports').map((call) => call.params as ReportQuery);
const figuresTable = (name = 'Figures') => screen.getByRole('table', { name });

beforeEach(() => {
  schedules = [schedule()];
  useLayout.setState({ tasksOpened: false });
});
afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});
afterAll(() => changeLanguage('en'));

describe('the reports page', () => {
  it('shows each group’s figures, the totals and the charts, and asks again when the grouping changes', async () => {
    serve();
    renderPage(<ReportsPage />, ['report:list', 'order:list']);
    const guangzhou = await screen.findByRole('row', { name: /agent Guangzhou/ });
    // Revenue and net (no refunds).
    expect(within(guangzhou).getAllByText('123.45')).toHaveLength(2);
    expect(within(guangzhou).getByText('18.52')).toBeTruthy();
    const totals = within(figuresTable()).getByRole('row', { name: /Totals/ });
    expect(within(totals).getAllByText('163.45')).toHaveLength(2);
    expect(within(totals).getByText('7')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Revenue and orders over time' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Revenue by Agent, top 10' })).toBeTruthy();
    expect(reportCalls().at(-1)).toMatchObject({ period: 'DAY', by: 'agent' });

    fireEvent.click(screen.getByText('Site'));
    expect(await screen.findByRole('row', { name: /site Guangzhou/ })).toBeTruthy();
    expect(reportCalls().at(-1)).toMatchObject({ by: 'site' });
    expect(screen.getByRole('img', { name: 'Revenue by Site, top 10' })).toBeTruthy();

    fireEvent.click(screen.getByText('Monthly'));
    await waitFor(() => expect(reportCalls().at(-1)).toMatchObject({ period: 'MONTH', by: 'site' }));
  });

  it('narrows the report to one agent for a user who sees several', async () => {
    serve();
    renderPage(<ReportsPage />, ['report:list', 'order:list']);
    const agent = await screen.findByRole('combobox', { name: 'Agent' });
    fireEvent.mouseDown(agent);
    fireEvent.click(await screen.findByTitle('Shenzhen Water'));
    await waitFor(() => expect(reportCalls().at(-1)).toMatchObject({ agentId: 8 }));
    await waitFor(() => expect(within(figuresTable()).queryByText(/agent Guangzhou/)).toBeNull());
  });

  it('shows that it is loading, and no empty table, until the figures come', async () => {
    serve({ unanswered: true });
    renderPage(<ReportsPage />, ['report:list']);
    expect(await screen.findByText('Loading the report…')).toBeTruthy();
    expect(screen.queryByText('No sales in this range')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Figures' })).toBeNull();
  });

  it('says so when the range holds no sales', async () => {
    serve({ empty: true });
    renderPage(<ReportsPage />, ['report:list']);
    expect(await screen.findByText('No sales in this range')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Revenue and orders over time' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Agent' })).toBeNull();
  });

  it('queues an Excel or PDF file of the report shown and opens the jobs drawer', async () => {
    serve();
    renderPage(<ReportsPage />, ['report:list']);
    await screen.findByRole('row', { name: /agent Guangzhou/ });
    fireEvent.click(screen.getByRole('button', { name: /Excel/ }));
    await waitFor(() => expect(useLayout.getState().tasksOpened).toBe(true));
    const asked = calls.find((call) => call.url === 'api/reports/files');
    expect(JSON.parse(asked?.data as string)).toMatchObject({ format: 'XLSX', period: 'DAY', by: 'agent' });
    expect(await screen.findByText(/download it from the jobs drawer/)).toBeTruthy();
  });

  it('lists the scheduled reports, adds one and deletes one once confirmed', async () => {
    serve();
    renderPage(<ReportsPage />, ['report:list']);
    const list = await screen.findByRole('table', { name: 'Scheduled reports' });
    expect(await within(list).findByText('Daily by agent')).toBeTruthy();
    expect(within(list).getByText('boss@example.com')).toBeTruthy();
    expect(within(list).getByText('2026-11-22, sent 2026-11-23 00:10:00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Schedule a report/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Monthly by site' } });
    const recipients = within(dialog).getByLabelText('Recipients');
    fireEvent.change(recipients, { target: { value: 'not-an-address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Not an e-mail address: not-an-address')).toBeTruthy();
    fireEvent.change(recipients, { target: { value: 'a@example.com, b@example.com\na@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Monthly by site')).toBeTruthy();
    const added = calls.find((call) => call.url === 'api/reports/schedules' && call.method === 'post');
    expect(JSON.parse(added?.data as string)).toMatchObject({
      name: 'Monthly by site',
      period: 'DAY',
      by: 'agent',
      format: 'XLSX',
      recipients: ['a@example.com', 'b@example.com'],
      enabled: true,
    });

    fireEvent.click(within(list).getByRole('button', { name: 'Delete Daily by agent' }));
    const question = 'Delete the scheduled report “Daily by agent”?';
    await waitFor(() =>
      expect(screen.getAllByRole('dialog').some((dialog) => dialog.textContent?.includes(question))).toBe(true),
    );
    const confirm = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(question));
    expect(calls.some((call) => call.method === 'delete')).toBe(false);
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByText('Daily by agent')).toBeNull());
    const deleted = calls.find((call) => call.url === 'api/reports/schedules' && call.method === 'delete');
    expect(sentIds(deleted as InternalAxiosRequestConfig)).toEqual([4]);
  });

  it('switches a scheduled report off, keeping the rest of it', async () => {
    serve();
    renderPage(<ReportsPage />, ['report:list']);
    fireEvent.click(await screen.findByRole('switch', { name: 'Send “Daily by agent”' }));
    await waitFor(() => expect(schedules[0]?.enabled).toBe(false));
    const put = calls.find((call) => call.url === 'api/reports/schedules' && call.method === 'put');
    expect(JSON.parse(put?.data as string)).toEqual({
      id: 4,
      name: 'Daily by agent',
      period: 'DAY',
      by: 'agent',
      format: 'XLSX',
      recipients: ['boss@example.com'],
      enabled: false,
    });
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    serve();
    renderPage(<ReportsPage />, ['report:list']);
    expect(await screen.findByRole('row', { name: /agent Guangzhou/ })).toBeTruthy();
    expect(within(figuresTable('数据')).getByText('合计')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '收入（元）' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '收入与订单趋势' })).toBeTruthy();
    expect(screen.getByText('定时报表', { selector: '.ant-card-head-title' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /新增定时报表/ })).toBeTruthy();
    await changeLanguage('en');
  });
});
