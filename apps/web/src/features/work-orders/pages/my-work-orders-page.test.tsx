// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WorkOrder, WorkOrderDetail } from '@water/contract/work-orders';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { MyWorkOrdersPage } from './my-work-orders-page.tsx';

const order = (overrides: Partial<WorkOrder> = {}): WorkOrder => ({
  id: 5,
  machineId: 9,
  serialNo: 'WM-0009',
  agentId: 2,
  agentName: 'Harbour',
  siteName: 'East Gate',
  siteAddress: '1 Harbour Road',
  latitude: 31.2,
  longitude: 121.5,
  type: 'FILTER_CHANGE',
  priority: 'HIGH',
  state: 'IN_PROGRESS',
  technicianId: 7,
  technicianName: 'Li Gong',
  alarmId: null,
  note: null,
  createBy: 'admin',
  createTime: '2026-11-26 09:00:00',
  doneTime: null,
  confirmed: false,
  ...overrides,
});

const detail = (overrides: Partial<WorkOrder> = {}): WorkOrderDetail => ({
  ...order(overrides),
  timeline: [
    { time: '2026-11-26 09:00:00', actor: 'system', event: 'CREATE', fromState: null, toState: 'CREATED', note: null },
  ],
  alarmIds: [],
  photos: [],
  completion: null,
});

const calls: InternalAxiosRequestConfig[] = [];
const sentTo = (url: string) => calls.find((call) => call.url === url && call.method !== 'get');

function serve(shown: WorkOrderDetail) {
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/workOrders') return { content: [order(shown)], totalElements: 1 };
    if (config.url === `api/workOrders/${shown.id}`) return shown;
    return undefined;
  });
}

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('MyWorkOrdersPage', () => {
  it('lists the technician’s open orders and offers the moves of their own order', async () => {
    useSession.setState({ user: { id: 7, username: 'li' } as never });
    serve(detail({ state: 'ASSIGNED' }));
    renderPage(<MyWorkOrdersPage />, ['workorder:work'], { at: '/#order=5' });
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(sentTo('api/workOrders/5/state')).toBeDefined());
    expect(JSON.parse(sentTo('api/workOrders/5/state')?.data as string)).toEqual({ event: 'ACCEPT' });
    expect(calls.find((call) => call.url === 'api/workOrders')?.params).toMatchObject({ open: true });
    expect(within(drawer).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('asks a filter change for the TDS after before completing it', async () => {
    useSession.setState({ user: { id: 7, username: 'li' } as never });
    serve(detail());
    renderPage(<MyWorkOrdersPage />, ['workorder:work'], { at: '/#order=5' });
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(await within(drawer).findByRole('checkbox', { name: 'Filters replaced' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Complete' }));
    expect(
      await within(drawer).findByText('TDS after (ppm)', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(sentTo('api/workOrders/5/completion')).toBeUndefined();
    fireEvent.change(within(drawer).getByLabelText('TDS after (ppm)'), { target: { value: '8' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(sentTo('api/workOrders/5/completion')).toBeDefined());
    expect(JSON.parse(sentTo('api/workOrders/5/completion')?.data as string)).toMatchObject({
      checks: ['filtersReplaced'],
      tdsAfter: 8,
      photos: [],
      parts: [],
    });
  });

  it('sends the filters a filter change fitted, each stage with its serial and batch number', async () => {
    useSession.setState({ user: { id: 7, username: 'li' } as never });
    serve(detail());
    renderPage(<MyWorkOrdersPage />, ['workorder:work'], { at: '/#order=5' });
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Add a filter' }));
    fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: 'Stage' }));
    fireEvent.click(await screen.findByTitle('RO membrane'));
    fireEvent.change(within(drawer).getByPlaceholderText('Serial no.'), { target: { value: 'RO-77' } });
    fireEvent.change(within(drawer).getByPlaceholderText('Batch no.'), { target: { value: 'B9' } });
    fireEvent.change(within(drawer).getByLabelText('TDS after (ppm)'), { target: { value: '8' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(sentTo('api/workOrders/5/completion')).toBeDefined());
    expect(JSON.parse(sentTo('api/workOrders/5/completion')?.data as string)).toMatchObject({
      filters: [{ stage: 'RO', serialNo: 'RO-77', batchNo: 'B9' }],
    });
  });
});
