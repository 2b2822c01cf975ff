import { asFen } from '@water/contract/money';
// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Agent, AgentStatus } from '@water/contract/agents';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { AgentsPage } from './agents-page.tsx';

const agent = (id: number, name: string, status: AgentStatus, overrides: Partial<Agent> = {}): Agent => ({
  id,
  deptId: 100 + id,
  parentId: null,
  parentName: null,
  code: `AG${id}`,
  name,
  level: 'PLATFORM',
  contactName: 'Li Wei',
  contactPhone: '138 0000 0000',
  region: null,
  commissionRate: '30.00',
  machineQuota: 200,
  quotaUsed: 50,
  operating: 40,
  online: 36,
  onlineRate: '90.00',
  todayNet: asFen(4_250),
  todayOrders: 17,
  todayMl: 42_500,
  weekNet: asFen(31_000),
  weekOrders: 120,
  weekMl: 310_000,
  monthNet: asFen(1_234_500),
  monthOrders: 4000,
  monthMl: 12_000_000,
  settlementAccount: null,
  contractStart: null,
  contractEnd: null,
  status,
  reviewNote: null,
  reviewedBy: null,
  reviewTime: null,
  createBy: 'admin',
  createTime: '2026-11-23 09:00:00',
  updateTime: '2026-11-23 09:00:00',
  ...overrides,
});

const calls: InternalAxiosRequestConfig[] = [];
const hq = agent(1, 'Clear Spring HQ', 'ACTIVE');
const pending = agent(2, 'Guangdong Water', 'PENDING_REVIEW', {
  parentId: 1,
  parentName: 'Clear Spring HQ',
  level: 'PROVINCE',
  commissionRate: '20.50',
  quotaUsed: 0,
});

function serve() {
  serveWith((config) => {
    calls.push(config);
    if (config.method === 'put') return { ...pending, status: 'ACTIVE' };
    if (config.method === 'post') return undefined;
    return { content: [hq, pending], totalElements: 2 };
  });
}

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('AgentsPage', () => {
  it('lists agents with their level, parent, rate, machines and status', async () => {
    serve();
    renderPage(<AgentsPage />, ['agent:list']);
    const table = await screen.findByRole('region', { name: 'Agents' });
    const row = (await within(table).findByText('Guangdong Water', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Province')).toBeTruthy();
    expect(within(row).getByText('under Clear Spring HQ')).toBeTruthy();
    expect(within(row).getByText('20.5%')).toBeTruthy();
    expect(within(row).getByText('Pending review')).toBeTruthy();
    expect(within(table).getByText('50 / 200')).toBeTruthy();
    expect(within(table).getAllByText('90% online (36/40)')).toHaveLength(2);
    // Today's sales in sight; the week's and the month's in the column chooser.
    expect(within(table).getByRole('columnheader', { name: 'Net sales today' })).toBeTruthy();
    expect(within(row).getByText('CN¥42.50')).toBeTruthy();
    expect(within(row).getByText('17 orders · 42.5 L')).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Net sales this month' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Parent agent' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Review / })).toBeNull();
  });

  it('reviews a pending agent with the actions its status allows, and a note', async () => {
    serve();
    renderPage(<AgentsPage />, ['agent:list', 'agent:review']);
    fireEvent.click(await screen.findByRole('button', { name: 'Review Guangdong Water' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Review Guangdong Water')).toBeTruthy();
    const choices = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(choices).toEqual(['Approve', 'Reject']);
    fireEvent.click(within(dialog).getByText('Reject'));
    expect(await within(dialog).findByText(/cannot be reactivated/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Approve'));
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: ' Papers checked ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'put')).toBe(true));
    const put = calls.find((call) => call.method === 'put') as InternalAxiosRequestConfig;
    expect(put.url).toBe('api/agents/2/review');
    expect(JSON.parse(put.data as string)).toEqual({ action: 'APPROVE', note: 'Papers checked' });
  });

  it('offers, beneath a parent, only the levels below the parent’s', async () => {
    serve();
    renderPage(<AgentsPage />, ['agent:list', 'agent:add']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add agent')).toBeTruthy();
    expect(within(dialog).getByText(/leave empty for a top-level agent/)).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.params?.status === 'ACTIVE')).toBe(true));
    const level = within(dialog).getByLabelText('Level');
    /** The options the level dropdown shows. */
    const shown = () => {
      const list = document.getElementById(level.getAttribute('aria-controls') ?? '');
      const dropdown = list?.closest('.ant-select-dropdown');
      return [...(dropdown?.querySelectorAll('.ant-select-item-option-content') ?? [])].map(
        (option) => option.textContent,
      );
    };
    // A select's mouse-down toggles its dropdown: open it only when it is closed, whatever the
    // timing of the other dropdown opened meanwhile.
    const open = async (select: HTMLElement) => {
      if (select.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(select);
      await waitFor(() => expect(select.getAttribute('aria-expanded')).toBe('true'));
    };
    await open(level);
    await waitFor(() => expect(shown()).toContain('Platform'));
    await open(within(dialog).getByLabelText('Parent agent'));
    fireEvent.click(await screen.findByText('Clear Spring HQ (AG1)'));
    await open(level);
    await waitFor(() => expect(shown()).toEqual(['Province', 'City', 'District', 'Dealer']));
    expect(within(dialog).getByText(/At most 30%, the parent’s rate/)).toBeTruthy();
  });
});
