// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Alarm } from '@water/contract/alarms';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { AlarmsPage } from './alarms-page.tsx';

const alarm = (id: number, serialNo: string, overrides: Partial<Alarm> = {}): Alarm => ({
  id,
  machineId: id,
  serialNo,
  agentId: 7,
  agentName: 'Guangdong Water',
  siteName: 'North Campus',
  type: 'OFFLINE',
  state: 'OPEN',
  detail: 'no heartbeat since 2026-11-23 09:00:00',
  count: 1,
  firstTime: '2026-11-23 09:05:00',
  lastTime: '2026-11-23 09:05:00',
  acknowledgedBy: null,
  resolvedTime: null,
  ...overrides,
});

const calls: InternalAxiosRequestConfig[] = [];

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('AlarmsPage', () => {
  it('shows the alarms not resolved, in the console’s words, and acknowledges the chosen open ones', async () => {
    serveWith((config) => {
      calls.push(config);
      if (config.method === 'put') return undefined;
      return {
        content: [
          alarm(1, 'WM-0001'),
          alarm(2, 'WM-0002', { type: 'TDS_HIGH', state: 'ACKNOWLEDGED', detail: 'TDS out 90 ppm' }),
        ],
        totalElements: 2,
      };
    });
    renderPage(<AlarmsPage />, ['alarm:list', 'alarm:edit']);
    const table = await screen.findByRole('region', { name: 'Alarms' });
    await within(table).findByText('WM-0002', {}, { timeout: 5000 });
    expect((calls[0] as InternalAxiosRequestConfig).params.unresolved).toBe(true);
    expect(within(table).getByText('Water quality (TDS) high')).toBeTruthy();
    const row = (serial: string) => within(table).getByText(serial).closest('tr') as HTMLElement;
    fireEvent.click(within(row('WM-0001')).getByRole('checkbox'));
    fireEvent.click(within(row('WM-0002')).getByRole('checkbox'));
    // Only the open one is acknowledged; both can be resolved.
    fireEvent.click(await screen.findByRole('button', { name: /Acknowledge \(1\)/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'put')).toBe(true));
    const sent = calls.find((call) => call.method === 'put') as InternalAxiosRequestConfig;
    expect(JSON.parse(sent.data as string)).toEqual({ action: 'ACKNOWLEDGE', ids: [1] });
  });

  it('offers no handling to those who may only look', async () => {
    serveWith(() => ({ content: [alarm(1, 'WM-0001')], totalElements: 1 }));
    renderPage(<AlarmsPage />, ['alarm:list']);
    const table = await screen.findByRole('region', { name: 'Alarms' });
    await within(table).findByText('WM-0001', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Acknowledge/ })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });
});
