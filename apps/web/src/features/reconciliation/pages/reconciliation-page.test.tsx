// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Discrepancy, ReconciliationImport } from '@water/contract/reconciliation';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { ReconciliationPage } from './reconciliation-page.tsx';

const discrepancy = (id: number, overrides: Partial<Discrepancy> = {}): Discrepancy => ({
  id,
  importId: 3,
  channel: 'WECHAT',
  day: '2026-11-24',
  class: 'AMOUNT_DIFFERS',
  kind: 'PAYMENT',
  orderNo: `2026112400000${id}`,
  refundNo: null,
  channelRef: `42000${id}`,
  channelAmount: 251 as Discrepancy['channelAmount'],
  ourAmount: 250 as Discrepancy['ourAmount'],
  channelState: 'PAID',
  ourState: 'COMPLETED',
  line: id + 1,
  state: 'OPEN',
  note: null,
  resolvedBy: null,
  resolvedTime: null,
  ...overrides,
});

const imported: ReconciliationImport = {
  id: 3,
  channel: 'WECHAT',
  day: '2026-11-24',
  fileName: 'All_20261124.csv',
  format: 'WECHAT_TRADE_BILL',
  encoding: 'UTF-8',
  rows: 120,
  matched: 117,
  amountDiffers: 1,
  stateDiffers: 0,
  oursOnly: 1,
  channelOnly: 1,
  open: 3,
  paidTotal: 30000 as ReconciliationImport['paidTotal'],
  refundedTotal: 0 as ReconciliationImport['refundedTotal'],
  fees: 180 as ReconciliationImport['fees'],
  imports: 1,
  importedBy: 'finance',
  importTime: '2026-11-25 10:00:00',
};

const calls: InternalAxiosRequestConfig[] = [];

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

function serveReconciliation() {
  serveWith((config) => {
    calls.push(config);
    if (config.method === 'put') return discrepancy(1, { state: 'RESOLVED', note: 'Refunded the fen' });
    if (config.url?.includes('imports')) return { content: [imported], totalElements: 1 };
    return {
      content: [discrepancy(1), discrepancy(2, { class: 'OURS_ONLY', channelAmount: null, channelState: null })],
      totalElements: 2,
    };
  });
}

describe('ReconciliationPage', () => {
  it('queues the open discrepancies in the console’s words and resolves one with a note', async () => {
    serveReconciliation();
    renderPage(<ReconciliationPage />, ['reconcile:list', 'reconcile:import', 'reconcile:resolve']);
    const table = await screen.findByRole('region', { name: 'Discrepancies' });
    await within(table).findByText('20261124000001', {}, { timeout: 5000 });
    expect((calls[0] as InternalAxiosRequestConfig).params.state).toBe('OPEN');
    expect(within(table).getByText('Amount differs')).toBeTruthy();
    expect(within(table).getByText('Ours only')).toBeTruthy();
    expect(within(table).getByText('CN¥2.51')).toBeTruthy();
    expect(within(table).getAllByText('Completed')).toHaveLength(2);
    expect(screen.getByText('Import a statement')).toBeTruthy();

    const row = within(table).getByText('20261124000001').closest('tr') as HTMLElement;
    fireEvent.click(row.querySelector('button[aria-label="Resolve 20261124000001"]') as HTMLElement);
    const title = await screen.findByText('Resolve the discrepancy of 20261124000001');
    const dialog = title.closest('.ant-modal') as HTMLElement;
    const ok = () => within(dialog).getByText('Resolve').closest('button') as HTMLElement;
    fireEvent.click(ok());
    expect(await within(dialog).findByText('Say what was found and done')).toBeTruthy();
    fireEvent.change(dialog.querySelector('textarea') as HTMLTextAreaElement, {
      target: { value: 'Refunded the fen' },
    });
    fireEvent.click(ok());
    await waitFor(() => expect(calls.some((call) => call.method === 'put')).toBe(true));
    const sent = calls.find((call) => call.method === 'put') as InternalAxiosRequestConfig;
    expect(sent.url).toBe('api/reconciliation/discrepancies/1/resolve');
    expect(JSON.parse(sent.data as string)).toEqual({ note: 'Refunded the fen' });
  });

  it('lists the imports with each class counted and opens one import’s discrepancies', async () => {
    serveReconciliation();
    renderPage(<ReconciliationPage />, ['reconcile:list']);
    fireEvent.click(await screen.findByText('Imported statements'));
    const imports = await screen.findByRole('region', { name: 'Imported statements' });
    await within(imports).findByText('2026-11-24', {}, { timeout: 5000 });
    expect(within(imports).getByText('117')).toBeTruthy();
    expect(within(imports).getByText('CN¥1.80')).toBeTruthy();
    const show = imports.querySelector('button[aria-label="Discrepancies of this import WECHAT 2026-11-24"]');
    fireEvent.click(show as HTMLElement);
    await waitFor(() =>
      expect(calls.some((call) => call.url?.includes('discrepancies') && call.params.importId === 3)).toBe(true),
    );
    expect(await screen.findByText('Import of WeChat Pay 2026-11-24')).toBeTruthy();
    // Looking only: no upload, no resolving.
    expect(screen.queryByText('Import a statement')).toBeNull();
    const queue = screen.getByRole('region', { name: 'Discrepancies' });
    await within(queue).findByText('20261124000001');
    expect(within(queue).queryByText('Resolve')).toBeNull();
  });
});
