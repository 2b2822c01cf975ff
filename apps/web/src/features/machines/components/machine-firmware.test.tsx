// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { screen, within } from '@testing-library/react';
import type { FirmwareUpdate } from '@water/contract/firmware';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { MachineFirmware } from './machine-firmware.tsx';

const update = (id: number, overrides: Partial<FirmwareUpdate>): FirmwareUpdate => ({
  id,
  updateId: `00000000-0000-4000-8000-00000000000${id}`,
  rolloutId: id,
  machineId: 3,
  serialNo: 'WM-OPER',
  packageId: 1,
  version: '2.4.0',
  fromVersion: '2.3.1',
  stage: 1,
  state: 'SUCCEEDED',
  percent: 100,
  error: null,
  sentTime: '2026-11-26 09:00:00',
  finishedTime: '2026-11-26 09:05:00',
  updateTime: '2026-11-26 09:05:00',
  ...overrides,
});

afterEach(cleanUpPage);

describe('MachineFirmware', () => {
  it('shows the version the machine runs and its updates with their states and progress', async () => {
    serveWith(() => ({
      content: [
        update(2, { version: '2.5.0', fromVersion: '2.4.0', state: 'DOWNLOADING', percent: 40, finishedTime: null }),
        update(1, {}),
      ],
      totalElements: 2,
    }));
    renderPage(<MachineFirmware machine={{ id: 3, firmware: '2.4.0' }} />, ['device:list']);
    expect(await screen.findByText('Downloading 40%', {}, { timeout: 5000 })).toBeTruthy();
    const latest = screen.getByText('2.5.0').closest('li') as HTMLElement;
    expect(within(latest).getByText(/From 2\.4\.0/)).toBeTruthy();
    expect(screen.getByText('Succeeded')).toBeTruthy();
    expect(screen.getByText('Installed version')).toBeTruthy();
  });

  it('says when the machine has had no update yet', async () => {
    serveWith(() => ({ content: [], totalElements: 0 }));
    renderPage(<MachineFirmware machine={{ id: 3, firmware: null }} />, ['device:list']);
    expect(await screen.findByText('No firmware updates for this machine yet.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Not reported yet')).toBeTruthy();
  });
});
