// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Agent } from '@water/contract/agents';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { machine, machineStatus, machineTelemetry } from './machine-fixture.ts';
import { MachinesPage } from './machines-page.tsx';

/** The machines page at its address in the console. */
const machinesPage = <MachinesPage />;
const atMachines = { at: '/business/machines' };

const calls: InternalAxiosRequestConfig[] = [];
const agent = { id: 7, code: 'GD', name: 'Guangdong Water', machineQuota: 10, quotaUsed: 4 } as Agent;

function serve() {
  serveWith((config) => {
    calls.push(config);
    if (config.method === 'post' && config.url === 'api/machines/allocate') return { batchNo: 'AL1', machines: 2 };
    if (config.method === 'post' && config.url === 'api/machines') {
      return { machine: machine(9, 'WM-NEW'), secret: 'the-secret-shown-once-0123456789' };
    }
    if (config.url === 'api/agents') return { content: [agent], totalElements: 1 };
    if (config.url === 'api/machine-models')
      return { content: [{ id: 1, code: 'RO-400', name: 'RO 400' }], totalElements: 1 };
    return {
      content: [
        machine(1, 'WM-0001'),
        machine(2, 'WM-0002'),
        machine(3, 'WM-0003', {
          agentId: 7,
          agentName: 'Guangdong Water',
          siteId: 4,
          siteName: 'Harbour Point',
          lifecycle: 'OPERATING',
          online: true,
          lastHeartbeat: '2026-11-23 10:00:00',
        }),
      ],
      totalElements: 3,
    };
  });
}

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('MachinesPage', () => {
  it('allocates the chosen machines in stock to an agent, showing the room left in its quota', async () => {
    serve();
    renderPage(machinesPage, ['device:list', 'device:allocate', 'agent:list'], atMachines);
    const table = await screen.findByRole('region', { name: 'Machines' });
    await within(table).findByText('WM-0003', {}, { timeout: 5000 });
    expect(within(table).getAllByText('Company stock')).toHaveLength(2);
    expect(within(table).getByText('Online')).toBeTruthy();
    // Where each machine stands, and the list as an Excel file.
    expect(within(table).getByText('Site', { selector: 'th' })).toBeTruthy();
    expect(
      within(within(table).getByText('WM-0003').closest('tr') as HTMLElement).getByText('Harbour Point'),
    ).toBeTruthy();
    expect(within(table).getByText('Export', { selector: 'button span' })).toBeTruthy();
    const allocate = screen.getByRole('button', { name: /Allocate/ }) as HTMLButtonElement;
    expect(allocate.disabled).toBe(true);

    const box = (serial: string) =>
      within(within(table).getByText(serial).closest('tr') as HTMLElement).getByRole('checkbox');
    fireEvent.click(box('WM-0001'));
    fireEvent.click(box('WM-0002'));
    await waitFor(() => expect(allocate.disabled).toBe(false));
    // An operating machine cannot be allocated with them.
    fireEvent.click(box('WM-0003'));
    await waitFor(() => expect(allocate.disabled).toBe(true));
    fireEvent.click(box('WM-0003'));
    fireEvent.click(await screen.findByRole('button', { name: /Allocate \(2\)/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('WM-0001, WM-0002')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText('To agent'));
    fireEvent.click(await screen.findByText('Guangdong Water (GD) · room for 6'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    await waitFor(() => expect(calls.some((call) => call.url === 'api/machines/allocate')).toBe(true));
    const sent = calls.find((call) => call.url === 'api/machines/allocate') as InternalAxiosRequestConfig;
    expect(JSON.parse(sent.data as string)).toEqual({ machineIds: [1, 2], agentId: 7 });
  });

  it('shows a registered machine’s secret once, and offers neither registering nor moving without the permissions', async () => {
    serve();
    renderPage(machinesPage, ['device:list', 'device:add'], atMachines);
    expect(screen.queryByRole('button', { name: /Allocate/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Serial number'), { target: { value: ' WM-NEW ' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Model'));
    fireEvent.click(await screen.findByText('RO 400 (RO-400)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('the-secret-shown-once-0123456789')).toBeTruthy();
    expect(screen.getByText(/shown this one time/)).toBeTruthy();
    const sent = calls.find((call) => call.method === 'post') as InternalAxiosRequestConfig;
    expect(JSON.parse(sent.data as string)).toMatchObject({ serialNo: 'WM-NEW', modelId: 1, stickerCode: null });
  });
});

describe('importing machines from a sheet', () => {
  it('lists every row the server refused, in the console’s words, and keeps the dialog open', async () => {
    serveWith((config) => {
      calls.push(config);
      if (config.url === 'api/machines/import') {
        throw new AxiosError('refused', '400', config, undefined, {
          status: 400,
          statusText: 'Bad Request',
          headers: {},
          config,
          data: {
            status: 400,
            message: 'rows.3.serialNo: "WM-1" is also on row 2',
            code: 'VALIDATION_FAILED',
            timestamp: 1,
            errors: [
              { field: 'rows.3.serialNo', code: 'taken', message: '"WM-1" is also on row 2' },
              { field: 'rows.5.modelCode', code: 'unknown_reference', message: 'no machine model has the code "X"' },
            ],
          },
        });
      }
      return { content: [], totalElements: 0 };
    });
    renderPage(machinesPage, ['device:list', 'device:add'], atMachines);
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['Serial number,Model code\n'], 'machines.csv', { type: 'text/csv' })] },
    });
    await within(dialog).findByText('machines.csv');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Nothing was imported: mend these rows and try again.')).toBeTruthy();
    expect(within(dialog).getByText('Row 3, Serial number: "WM-1" is also on row 2')).toBeTruthy();
    expect(within(dialog).getByText('Row 5, Model code: no machine model has the code "X"')).toBeTruthy();
    const sent = calls.find((call) => call.url === 'api/machines/import') as InternalAxiosRequestConfig;
    expect(sent.method).toBe('post');
  });
});

describe('a machine’s details', () => {
  it('show what it reports, its prices now and today’s sales, and change the sales chart’s period', async () => {
    serveWith((config) => {
      calls.push(config);
      if (config.url === 'api/machines/3/status') return machineStatus((config.params as { period: string }).period);
      if (config.url === 'api/machines/3/telemetry') return machineTelemetry('24h', false);
      return { content: [machine(3, 'WM-0003', { lifecycle: 'OPERATING', online: true })], totalElements: 1 };
    });
    renderPage(machinesPage, ['device:list'], atMachines);
    const table = await screen.findByRole('region', { name: 'Machines' });
    await within(table).findByText('WM-0003', {}, { timeout: 5000 });
    fireEvent.click(within(table).getByRole('button', { name: /Details/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Machine WM-0003')).toBeTruthy();
    expect(within(drawer).getByText('North Campus')).toBeTruthy();
    expect(within(drawer).getByText('160 / 9 ppm')).toBeTruthy();
    expect(within(drawer).getByText('PUMP')).toBeTruthy();
    expect(within(drawer).getByText('CN¥0.40')).toBeTruthy();
    expect(within(drawer).getByText('CN¥2.50 net, 2 orders, 7.0 L')).toBeTruthy();
    // The sales chart is beside the readings' charts, on the telemetry tab.
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Telemetry' }));
    fireEvent.click(await within(drawer).findByText('By hour'));
    await waitFor(() =>
      expect(calls.some((call) => (call.params as { period?: string } | undefined)?.period === 'HOUR')).toBe(true),
    );
  });

  it('opens with the filters of its address: the home page’s machines at work that are offline', async () => {
    serve();
    renderPage(<MachinesPage />, ['device:list'], { at: '/business/machines?lifecycle=OPERATING&online=false&page=4' });
    const table = await screen.findByRole('region', { name: 'Machines' });
    await within(table).findByText('WM-0001', {}, { timeout: 5000 });
    const listed = calls.find((call) => call.url === 'api/machines') as InternalAxiosRequestConfig;
    expect(listed.params).toMatchObject({ lifecycle: 'OPERATING', online: false, page: 0 });
    const filters = screen.getByRole('search');
    expect(within(filters).getByTitle('Operating')).toBeTruthy();
    expect(within(filters).getByTitle('Offline')).toBeTruthy();
  });
});
