import { asFen } from '@water/contract/money';
// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserDto } from '@water/contract/auth';
import type { Order, OrderDetail, OrderFilterOptions, OrderTotals, Refund } from '@water/contract/orders';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { setTasksOpened, useLayout } from '@/lib/layout-state.ts';
import { useSession } from '@/lib/session.ts';
import { cleanUpPage, currentAddress, renderPage, serveWith } from '@/test/render-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { RefundsPage } from './refunds-page.tsx';

const order = (orderNo: string, overrides: Partial<Order> = {}): Order => ({
  id: Number(orderNo.slice(-4)),
  orderNo,
  machineOrderNo: `S-${orderNo.slice(-4)}`,
  machineId: 1,
  serialNo: 'WM-0001',
  siteId: 1,
  siteName: 'North Campus',
  agentId: 7,
  agentName: 'Guangdong Water',
  memberPhone: null,
  channel: 'CARD',
  tap: 1,
  waterType: 'COLD',
  unitPrice: asFen(40),
  requestedMl: 5000,
  dispensedMl: 5000,
  listAmount: asFen(200),
  discountAmount: asFen(0),
  couponAmount: asFen(0),
  payable: asFen(200),
  paid: asFen(200),
  refunded: asFen(50),
  state: 'PARTIALLY_REFUNDED',
  commissionRate: '15.00',
  createTime: '2026-11-23 09:00:00',
  paidTime: '2026-11-23 09:00:05',
  dispenseEndTime: '2026-11-23 09:01:00',
  closeTime: null,
  ...overrides,
});

const refund = (overrides: Partial<Refund> = {}): Refund => ({
  id: 3,
  refundNo: 'R20261123000000000101',
  orderNo: '202611230000000001',
  agentId: 7,
  agentName: 'Guangdong Water',
  serialNo: 'WM-0001',
  channel: 'WECHAT',
  amount: asFen(150),
  reason: 'DISPENSE_FAILED',
  note: null,
  status: 'PENDING',
  channelRef: null,
  createBy: null,
  reviewedBy: null,
  createTime: '2026-11-23 09:02:00',
  doneTime: null,
  ...overrides,
});

const calls: InternalAxiosRequestConfig[] = [];

const totals: OrderTotals = {
  orders: 1234,
  payable: asFen(250_000),
  paid: asFen(240_000),
  refunded: asFen(1_500),
  net: asFen(238_500),
};
/** The sums of every order of the filter, as the server answers them. */
const totalsOr = (config: InternalAxiosRequestConfig, answer: () => unknown) =>
  config.url === 'api/orders/totals' ? totals : config.url?.endsWith('/reports') ? [] : answer();

afterEach(() => {
  cleanUpPage();
  setTasksOpened(false);
  calls.length = 0;
});

describe('OrdersPage', () => {
  it('lists the last seven days by default and refunds what is left of a completed order, in fen, with a reason', async () => {
    serveWith((config) => {
      calls.push(config);
      if (config.url === 'api/orders/totals') return totals;
      if (config.method === 'post') return refund({ status: 'PENDING' });
      if (config.url === 'api/orders/202611230000000001') {
        // 2.00 paid, 0.50 refunded, 0.30 waiting for review: 1.20 is left.
        const detail: OrderDetail = {
          ...order('202611230000000001'),
          refunds: [refund({ amount: asFen(30), reason: 'CUSTOMER' })],
          commission: {
            base: asFen(150),
            amount: asFen(23),
            heldAgentIds: [],
            levels: [
              { agentId: 1, agentName: 'East', rate: '5.00', amount: asFen(8), held: false },
              { agentId: 2, agentName: 'Hangzhou', rate: '15.00', amount: asFen(23), held: false },
            ],
          },
          refundable: asFen(120),
        };
        return detail;
      }
      return {
        content: [
          order('202611230000000001'),
          order('202611230000000002', { state: 'CLOSED', paid: asFen(0), refunded: asFen(0) }),
        ],
        totalElements: 2,
      };
    });
    renderPage(<OrdersPage />, ['order:list', 'refund:add']);
    const table = await screen.findByRole('region', { name: 'Orders' });
    await within(table).findByText('202611230000000002', {}, { timeout: 5000 });
    const list = calls.find((call) => call.url === 'api/orders') as InternalAxiosRequestConfig;
    expect(list.params.createTime).toEqual([
      `${dayjs().subtract(6, 'day').format('YYYY-MM-DD')} 00:00:00`,
      `${dayjs().format('YYYY-MM-DD')} 23:59:59`,
    ]);
    const row = (orderNo: string) => within(table).getByText(orderNo).closest('tr') as HTMLElement;
    expect(within(row('202611230000000001')).getByText('Partly refunded')).toBeTruthy();
    expect(within(row('202611230000000001')).getByText('CN¥2.00')).toBeTruthy();
    expect(within(row('202611230000000001')).getByText('Water card')).toBeTruthy();
    const closedRefund = within(row('202611230000000002')).getByRole('button', { name: /Refund/ }) as HTMLButtonElement;
    expect(closedRefund.disabled).toBe(true);

    fireEvent.click(within(row('202611230000000001')).getByRole('button', { name: /Refund/ }));
    expect(await screen.findByText('At most CN¥1.20 can be refunded.', {}, { timeout: 5000 })).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount (yuan)'), { target: { value: '1.2' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: '  Water tasted odd  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'post')).toBe(true));
    const sent = calls.find((call) => call.method === 'post') as InternalAxiosRequestConfig;
    expect(sent.url).toBe('api/orders/202611230000000001/refunds');
    expect(JSON.parse(sent.data as string)).toEqual({
      amount: asFen(120),
      reason: 'CUSTOMER',
      note: 'Water tasted odd',
    });
  });

  it('works for finance staff, who may not list agents, sites or machines: they filter by them all the same', async () => {
    const options: OrderFilterOptions = {
      agents: [{ id: 7, name: 'Guangdong Water' }],
      sites: [
        { id: 1, name: 'North Campus', agentId: 7 },
        { id: 2, name: 'South Gate', agentId: 7 },
      ],
      machines: [{ id: 1, serialNo: 'WM-0001', siteId: 1 }],
    };
    serveWith((config) => {
      calls.push(config);
      if (config.url === 'api/orders/filter-options') return options;
      return totalsOr(config, () => ({ content: [order('202611230000000001')], totalElements: 1 }));
    });
    renderPage(<OrdersPage />, ['order:list', 'refund:list', 'refund:add', 'refund:review', 'coupon:list']);
    const table = await screen.findByRole('region', { name: 'Orders' });
    await within(table).findByText('202611230000000001', {}, { timeout: 5000 });
    // Nothing is asked of the lists finance may not read; the filters' choices come with the orders'.
    expect(calls.map((call) => call.url)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^api\/(agents|sites|machines)/)]),
    );
    for (const label of ['Agent', 'Site', 'Machine', 'Channel']) expect(screen.getByLabelText(label)).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Site'));
    fireEvent.click(await screen.findByText('South Gate', {}, { timeout: 5000 }));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(calls.some((call) => call.url === 'api/orders' && call.params.siteId === 2)).toBe(true));
    const summed = calls.filter((call) => call.url === 'api/orders/totals').at(-1) as InternalAxiosRequestConfig;
    expect(summed.params).toMatchObject({ siteId: 2, createTime: expect.any(Array) });
    expect(summed.params).not.toHaveProperty('page');
    // Under the list: the sums of every order the filter matches, not only of the page shown.
    const sums = await screen.findByRole('region', { name: 'Totals of the search' });
    for (const text of ['1,234', 'CN¥2,500.00', 'CN¥2,400.00', 'CN¥15.00', 'CN¥2,385.00']) {
      expect(within(sums).getByText(text)).toBeTruthy();
    }
  });

  it('opens with the filters of its address, and keeps the order shown in the address to share', async () => {
    const detail: OrderDetail = {
      ...order('202611230000000001'),
      refunds: [],
      commission: {
        base: asFen(150),
        amount: asFen(23),
        heldAgentIds: [],
        levels: [
          { agentId: 1, agentName: 'East', rate: '5.00', amount: asFen(8), held: false },
          { agentId: 2, agentName: 'Hangzhou', rate: '15.00', amount: asFen(23), held: false },
        ],
      },
      refundable: asFen(150),
    };
    serveWith((config) => {
      calls.push(config);
      if (config.url === 'api/orders/filter-options') {
        return { agents: [], sites: [], machines: [{ id: 9, serialNo: 'WM-0009', siteId: null }] };
      }
      if (config.url === 'api/orders/202611230000000001') return detail;
      if (config.url === 'api/orders/202611230000000001/reports') {
        return [{ reportNo: 'R1', alarmId: 7, category: 'TOOK_MONEY', createTime: '2026-11-23 10:05:00' }];
      }
      return totalsOr(config, () => ({ content: [order('202611230000000001')], totalElements: 1 }));
    });
    const list = '/business/orders?machineId=9&state=COMPLETED&createTime=2026-11-01&createTime=2026-11-25';
    renderPage(<OrdersPage />, ['order:list'], { at: `${list}#order=202611230000000001` });
    // The shared address opens the order over the list of its filters.
    const drawer = await screen.findByRole('dialog', { name: 'Order 202611230000000001' }, { timeout: 5000 });
    expect(await within(drawer).findByText('Paid CN¥2.00')).toBeTruthy();
    // A consumer said it took their money: the detail says so, with the alarm, for the refund decision.
    expect(await within(drawer).findByText('It took my money · alarm 7 · 2026-11-23 10:05:00')).toBeTruthy();
    const listed = calls.find((call) => call.url === 'api/orders') as InternalAxiosRequestConfig;
    expect(listed.params).toMatchObject({
      machineId: 9,
      state: 'COMPLETED',
      createTime: ['2026-11-01 00:00:00', '2026-11-25 23:59:59'],
    });
    // The machine's filter names it, not its id.
    expect(await screen.findByTitle('WM-0009', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentAddress()).toBe(list));
    // Opened from the list, an order's address is the list's with the order after it.
    const table = screen.getByRole('region', { name: 'Orders' });
    fireEvent.click(within(table).getByRole('button', { name: '202611230000000001' }));
    await waitFor(() => expect(currentAddress()).toBe(`${list}#order=202611230000000001`));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentAddress()).toBe(list));
  });

  it('says so when an address names an order out of reach', async () => {
    serveWith((config) => {
      if (config.url === 'api/orders/202611230000000009') {
        const answer = { status: 404, message: 'No order 202611230000000009' };
        throw new AxiosError('refused', 'ERR_BAD_REQUEST', config, undefined, {
          data: answer,
          status: 404,
          statusText: 'Not Found',
          headers: {},
          config,
        });
      }
      return totalsOr(config, () => ({ content: [], totalElements: 0 }));
    });
    renderPage(<OrdersPage />, ['order:list'], { at: '/business/orders#order=202611230000000009' });
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(
      await within(drawer).findByText('Order 202611230000000009 is not among the orders you can see.'),
    ).toBeTruthy();
  });

  it('shows an order’s timeline of payment, dispense and refunds', async () => {
    const detail: OrderDetail = {
      ...order('202611230000000001'),
      refunds: [
        refund({
          channel: 'CARD',
          amount: asFen(50),
          reason: 'SHORT_FILL',
          status: 'SUCCESS',
          doneTime: '2026-11-23 09:01:00',
        }),
      ],
      commission: {
        base: asFen(150),
        amount: asFen(23),
        heldAgentIds: [],
        levels: [
          { agentId: 1, agentName: 'East', rate: '5.00', amount: asFen(8), held: false },
          { agentId: 2, agentName: 'Hangzhou', rate: '15.00', amount: asFen(23), held: false },
        ],
      },
      refundable: asFen(150),
    };
    serveWith((config) => {
      if (config.url === 'api/orders/202611230000000001') return detail;
      return totalsOr(config, () => ({ content: [order('202611230000000001')], totalElements: 1 }));
    });
    renderPage(<OrdersPage />, ['order:list']);
    fireEvent.click(await screen.findByRole('button', { name: '202611230000000001' }, { timeout: 5000 }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Paid CN¥2.00')).toBeTruthy();
    expect(within(drawer).getByText('Refund CN¥0.50: Short fill')).toBeTruthy();
    expect(within(drawer).getByText('Dispensing ended')).toBeTruthy();
    expect(within(drawer).getByText('CN¥0.23')).toBeTruthy();
    expect(
      within(drawer).getByText('15.00% of CN¥1.50 (paid less refunded, plus a platform-funded coupon)'),
    ).toBeTruthy();
    // Each level of the path with what it earns: the seller its rate, the agent above the difference.
    const levels = within(drawer).getByRole('list', { name: 'By level' });
    expect(within(levels).getByText('East: CN¥0.08 (5.00%)')).toBeTruthy();
    expect(within(levels).getByText('Hangzhou: CN¥0.23 (15.00%)')).toBeTruthy();
    // Without refund:add there is nothing to refund with.
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('sends a list longer than a download answers to the background export, and opens the jobs drawer, where it shows until it is ready', async () => {
    const job = {
      id: 7,
      kind: 'orders',
      rows: 0,
      size: null,
      error: null,
      createTime: '2026-11-23 10:00:00',
      doneTime: null,
    };
    serveWith((config) => {
      calls.push(config);
      if (config.url === 'api/orders/totals') return totals;
      if (config.url === 'api/orders/exports') return { ...job, status: 'PENDING' };
      return { content: [order('202611230000000001')], totalElements: 60_000 };
    });
    renderPage(<OrdersPage />, ['order:list']);
    const table = await screen.findByRole('region', { name: 'Orders' });
    const start = await within(table).findByRole(
      'button',
      { name: /Export all 60000 in the background/ },
      { timeout: 5000 },
    );
    // The download at once is not offered for so many rows.
    expect(within(table).queryByRole('button', { name: 'Export' })).toBeNull();
    fireEvent.click(start);
    await waitFor(() => expect(calls.some((call) => call.url === 'api/orders/exports')).toBe(true));
    const sent = calls.find((call) => call.url === 'api/orders/exports') as InternalAxiosRequestConfig;
    expect(JSON.parse(sent.data as string)).toMatchObject({ createTime: expect.any(Array) });
    expect(JSON.parse(sent.data as string)).not.toHaveProperty('page');
    // The top bar's jobs drawer (its own test shows it) is opened, where the export shows until it is ready.
    await screen.findByText('The export is being prepared: download it from Background jobs when it is ready.');
    expect(useLayout.getState().tasksOpened).toBe(true);
  }, 20_000);
});

describe('RefundsPage', () => {
  it('shows the review queue first and approves a WeChat refund only with the channel’s reference', async () => {
    serveWith((config) => {
      calls.push(config);
      if (config.method === 'put') return undefined;
      return { content: [refund()], totalElements: 1 };
    });
    renderPage(<RefundsPage />, ['refund:list', 'refund:review']);
    const table = await screen.findByRole('region', { name: 'Refunds' });
    await within(table).findByText('R20261123000000000101', {}, { timeout: 5000 });
    expect((calls[0] as InternalAxiosRequestConfig).params.status).toBe('PENDING');
    expect(within(table).getByText('automatic')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: /Review/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Please enter Channel reference')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Channel reference'), { target: { value: 'wx-4200009' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'put')).toBe(true));
    const sent = calls.find((call) => call.method === 'put') as InternalAxiosRequestConfig;
    expect(sent.url).toBe('api/refunds/3/review');
    expect(JSON.parse(sent.data as string)).toEqual({ action: 'APPROVE', channelRef: 'wx-4200009' });
  });

  it('does not offer to review a refund the signed-in user asked for', async () => {
    serveWith(() => ({
      content: [
        refund({ refundNo: 'R-OWN', createBy: 'finance1' }),
        refund({ id: 4, refundNo: 'R-OTHER', createBy: 'clerk' }),
      ],
      totalElements: 2,
    }));
    renderPage(<RefundsPage />, ['refund:list', 'refund:review']);
    useSession.setState({ user: { username: 'finance1' } as UserDto });
    const table = await screen.findByRole('region', { name: 'Refunds' });
    await within(table).findByText('R-OWN', {}, { timeout: 5000 });
    const review = (refundNo: string) =>
      within(within(table).getByText(refundNo).closest('tr') as HTMLElement).getByRole('button', {
        name: /Review/,
      }) as HTMLButtonElement;
    expect(review('R-OWN').disabled).toBe(true);
    expect(review('R-OTHER').disabled).toBe(false);
  });
});
