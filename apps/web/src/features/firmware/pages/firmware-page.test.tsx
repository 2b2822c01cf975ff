// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FirmwarePackage, Rollout } from '@water/contract/firmware';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { parseBatchSizes } from '../components/rollout-form.tsx';
import { FirmwarePage } from './firmware-page.tsx';

const rollout = (id: number, overrides: Partial<Rollout> = {}): Rollout => ({
  id,
  packageId: 3,
  modelId: 2,
  modelName: 'Pure 200',
  version: '2.4.0',
  state: 'HALTED',
  haltReason: '2 of 20 finished updates failed (10 %); the limit is 5 %.',
  total: 200,
  currentStage: 1,
  stages: [
    { stage: 1, size: 20, counts: { SUCCEEDED: 18, FAILED: 2 }, started: true },
    { stage: 2, size: 180, counts: { CANCELLED: 180 }, started: false },
  ],
  counts: { SUCCEEDED: 18, FAILED: 2, CANCELLED: 180 },
  rollbackOf: null,
  rolledBackBy: null,
  createBy: 'admin',
  createTime: '2026-11-26 10:00:00',
  finishTime: '2026-11-26 10:20:00',
  ...overrides,
});

const pkg = (id: number, version: string, inUse: boolean): FirmwarePackage => ({
  id,
  modelId: 2,
  modelName: 'Pure 200',
  version,
  sha256: 'a'.repeat(64),
  size: 1_200_000,
  fileName: `water-${version}.bin`,
  notes: 'Fixes the flow meter',
  inUse,
  createBy: 'admin',
  createTime: '2026-11-25 09:00:00',
});

const calls: InternalAxiosRequestConfig[] = [];
const sentTo = (url: string) => calls.find((call) => call.url === url && call.method !== 'get');

function serve() {
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/firmware/rollouts')
      return config.method === 'get'
        ? {
            content: [rollout(1), rollout(2, { state: 'RUNNING', haltReason: null, version: '2.5.0' })],
            totalElements: 2,
          }
        : rollout(3, { state: 'RUNNING', haltReason: null });
    if (config.url?.startsWith('api/firmware/rollouts/')) return rollout(1, { state: 'PAUSED' });
    if (config.url === 'api/firmware/packages')
      return { content: [pkg(3, '2.4.0', true), pkg(4, '2.5.1', false)], totalElements: 2 };
    if (config.url === 'api/machines')
      return {
        content: [
          { id: 11, serialNo: 'WM-0011' },
          { id: 12, serialNo: 'WM-0012' },
        ],
        totalElements: 2,
      };
    return { content: [], totalElements: 0 };
  });
}

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('FirmwarePage', () => {
  it('shows each rollout’s stages, why it stopped, and only the actions its state allows; rollback once confirmed', async () => {
    serve();
    renderPage(<FirmwarePage />, ['device:firmware']);
    const halted = await screen.findByRole('region', { name: 'Pure 200 2.4.0' }, { timeout: 5000 });
    expect(within(halted).getByText('Stopped itself')).toBeTruthy();
    expect(within(halted).getByText('2 of 20 finished updates failed (10 %); the limit is 5 %.')).toBeTruthy();
    expect(within(halted).getByText('Stage 1 of 2 · 20 machines')).toBeTruthy();
    expect(within(halted).getByText('18 succeeded · 2 failed · 0 to go')).toBeTruthy();
    expect(within(halted).queryByRole('button', { name: 'Pause' })).toBeNull();

    const running = screen.getByRole('region', { name: 'Pure 200 2.5.0' });
    fireEvent.click(within(running).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(sentTo('api/firmware/rollouts/2/pause')).toBeDefined());

    fireEvent.click(within(halted).getByRole('button', { name: 'Roll back' }));
    const [asked] = await screen.findAllByText(/back to the previous firmware\?/);
    const question = asked?.closest('.ant-modal') as HTMLElement;
    expect(sentTo('api/firmware/rollouts/1/rollback')).toBeUndefined();
    fireEvent.click(within(question).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(sentTo('api/firmware/rollouts/1/rollback')).toBeDefined());
  });

  it('lists packages, keeps one a rollout takes, and rolls one out to the machines chosen', async () => {
    serve();
    renderPage(<FirmwarePage />, ['device:firmware']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Packages' }));
    const table = await screen.findByRole('region', { name: 'Packages' });
    await within(table).findByText('2.5.1', {}, { timeout: 5000 });
    expect((within(table).getByLabelText('Delete Pure 200 2.4.0') as HTMLButtonElement).disabled).toBe(true);
    expect((within(table).getByLabelText('Delete Pure 200 2.5.1') as HTMLButtonElement).disabled).toBe(false);
    expect(within(table).getAllByText('1.1 MB')).toHaveLength(2);

    fireEvent.click(within(table).getByLabelText('Roll out Pure 200 2.5.1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Roll out 2.5.1')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url === 'api/machines')).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'All' }));
    fireEvent.change(within(dialog).getByLabelText('Machines per stage'), { target: { value: '1, 1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll out' }));
    await waitFor(() => expect(sentTo('api/firmware/rollouts')).toBeDefined());
    expect(JSON.parse(sentTo('api/firmware/rollouts')?.data as string)).toEqual({
      packageId: 4,
      machineIds: [11, 12],
      batchSizes: [1, 1],
    });
  });

  it('reads batch sizes as typed, and none from an empty field', () => {
    expect(parseBatchSizes('20, 100 500')).toEqual([20, 100, 500]);
    expect(parseBatchSizes('  ')).toBeUndefined();
    expect(parseBatchSizes(undefined)).toBeUndefined();
  });
});
