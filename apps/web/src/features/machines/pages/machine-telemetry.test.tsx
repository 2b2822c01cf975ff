// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { slotLabels } from '../components/machine-telemetry.tsx';
import { machine, machineStatus, machineTelemetry } from './machine-fixture.ts';
import { MachinesPage } from './machines-page.tsx';

const calls: InternalAxiosRequestConfig[] = [];

/** The machines page with WM-0003's detail open, its readings answered as `reported` says. */
async function openTelemetry(reported: boolean) {
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/machines/3/status') return machineStatus((config.params as { period: string }).period);
    if (config.url === 'api/machines/3/telemetry') {
      return machineTelemetry((config.params as { range: '24h' | '7d' | '90d' }).range, reported);
    }
    return { content: [machine(3, 'WM-0003', { lifecycle: 'OPERATING', online: true })], totalElements: 1 };
  });
  renderPage(<MachinesPage />, ['device:list'], { at: '/business/machines?machine=3' });
  const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
  fireEvent.click(await within(drawer).findByRole('tab', { name: 'Telemetry' }));
  return drawer;
}

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('a machine’s telemetry tab', () => {
  it('charts TDS in and out, temperature, tank level and signal, over 24 hours, then 7 or 90 days', async () => {
    const drawer = await openTelemetry(true);
    for (const chart of ['TDS (ppm)', 'Temperature (°C)', 'Tank level (%)', 'Signal (0–31)']) {
      expect(await within(drawer).findByRole('img', { name: chart })).toBeTruthy();
    }
    expect(within(drawer).getByText('Sales')).toBeTruthy();
    const ranges = () =>
      calls.filter((call) => call.url === 'api/machines/3/telemetry').map((call) => call.params.range);
    expect(ranges()).toEqual(['24h']);
    fireEvent.click(within(drawer).getByText('7 days'));
    await waitFor(() => expect(ranges()).toContain('7d'));
    fireEvent.click(within(drawer).getByText('90 days'));
    await waitFor(() => expect(ranges()).toContain('90d'));
    expect(await within(drawer).findByRole('img', { name: 'TDS (ppm)' })).toBeTruthy();
  });

  it('says so when the machine reported nothing in the period', async () => {
    const drawer = await openTelemetry(false);
    expect(await within(drawer).findByText('No readings in this period: the machine has not reported.')).toBeTruthy();
    expect(within(drawer).queryByRole('img', { name: 'TDS (ppm)' })).toBeNull();
  });

  it('names each slot by its time of day over 24 hours, by day and hour beyond', () => {
    expect(slotLabels({ from: '2026-11-22 23:55:00', stepSeconds: 300, samples: [0, 0, 0] })).toEqual([
      '23:55',
      '00:00',
      '00:05',
    ]);
    expect(slotLabels({ from: '2026-11-22 23:00:00', stepSeconds: 3600, samples: [0, 0] })).toEqual([
      '11-22 23:00',
      '11-23 00:00',
    ]);
  });
});
