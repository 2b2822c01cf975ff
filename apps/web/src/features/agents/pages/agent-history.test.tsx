// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Agent } from '@water/contract/agents';
import type { ChangeRecord } from '@water/contract/audit';
import { asFen } from '@water/contract/money';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { AgentsPage } from './agents-page.tsx';

const north = {
  id: 7,
  deptId: 107,
  parentId: null,
  parentName: null,
  code: 'AG7',
  name: 'North Water',
  level: 'PLATFORM',
  contactName: 'Li Wei',
  contactPhone: '138 0000 0000',
  region: null,
  commissionRate: '15.50',
  machineQuota: 30,
  quotaUsed: 0,
  operating: 0,
  online: 0,
  onlineRate: '0.00',
  todayNet: asFen(0),
  todayOrders: 0,
  todayMl: 0,
  weekNet: asFen(0),
  weekOrders: 0,
  weekMl: 0,
  monthNet: asFen(0),
  monthOrders: 0,
  monthMl: 0,
  settlementAccount: null,
  contractStart: null,
  contractEnd: null,
  status: 'ACTIVE',
  reviewNote: null,
  reviewedBy: null,
  reviewTime: null,
  createBy: 'admin',
  createTime: '2026-11-23 09:00:00',
  updateTime: '2026-11-24 10:00:00',
} satisfies Agent;

const edit: ChangeRecord = {
  id: 1,
  at: '2026-11-24 10:00:00',
  userId: 1,
  username: 'finance-lee',
  requestId: 'req-1',
  ip: '10.0.0.8',
  recordType: 'agent',
  recordId: '7',
  action: 'update',
  before: { name: 'North Water', commissionRate: '20.00', machineQuota: 20 },
  after: { name: 'North Water', commissionRate: '15.50', machineQuota: 30 },
};

const calls: InternalAxiosRequestConfig[] = [];

function serve() {
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/audit') return { content: [edit], totalElements: 1 };
    return { content: config.params?.parentId ? [] : [north], totalElements: 1 };
  });
}

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('an agent’s History tab', () => {
  it('shows when, who and what changed, each field before and after', async () => {
    serve();
    renderPage(<AgentsPage />, ['agent:list', 'audit:list']);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of North Water' }, { timeout: 5000 }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('tab', { name: 'History' }));
    const history = await within(drawer).findByRole('region', { name: 'History' });
    expect(await within(history).findByText('Edited', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(history).getByText(/finance-lee/)).toBeTruthy();
    expect(within(history).getByText('2026-11-24 10:00:00')).toBeTruthy();
    const rate = within(history).getByText('Commission rate (%)').closest('tr') as HTMLElement;
    expect(within(rate).getByText('20.00')).toBeTruthy();
    expect(within(rate).getByText('15.50')).toBeTruthy();
    const quota = within(history).getByText('Machine quota').closest('tr') as HTMLElement;
    expect([...quota.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Machine quota', '20', '30']);
    const asked = calls.find((call) => call.url === 'api/audit');
    expect(asked?.params).toMatchObject({ recordType: 'agent', recordId: '7' });
  });

  it('is not offered to staff who may not read the change records', async () => {
    serve();
    renderPage(<AgentsPage />, ['agent:list']);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of North Water' }, { timeout: 5000 }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByRole('tab', { name: 'History' })).toBeNull();
    expect(calls.some((call) => call.url === 'api/audit')).toBe(false);
  });
});
