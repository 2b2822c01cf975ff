// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Machine } from '@water/contract/machines';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { machine } from './machine-fixture.ts';
import { MachinesPage } from './machines-page.tsx';

const held = { agentId: 7, agentName: 'Guangdong Water' };
const MACHINES: Machine[] = [
  machine(1, 'WM-STOCK'),
  machine(2, 'WM-ALLOC', { ...held, lifecycle: 'ALLOCATED' }),
  machine(3, 'WM-OPER', { ...held, lifecycle: 'OPERATING', siteId: 4, siteName: 'Harbour Point' }),
  machine(4, 'WM-SUSP', { ...held, lifecycle: 'SUSPENDED', siteId: 4, siteName: 'Harbour Point' }),
  machine(5, 'WM-RETD', { ...held, lifecycle: 'RETIRED' }),
  machine(6, 'WM-SCRP', { lifecycle: 'SCRAPPED' }),
];

const calls: InternalAxiosRequestConfig[] = [];
/** The body of the last change sent to `url`. */
const sent = (url: string) => {
  const call = calls.findLast((each) => each.method === 'put' && each.url === url);
  return call && JSON.parse(call.data as string);
};

function refusal(config: InternalAxiosRequestConfig, status: number, data: object) {
  return new AxiosError('refused', String(status), config, undefined, {
    status,
    statusText: 'Refused',
    headers: {},
    config,
    data: { status, timestamp: 1, ...data },
  });
}

function serve(refuse?: (config: InternalAxiosRequestConfig) => AxiosError | undefined) {
  serveWith((config) => {
    calls.push(config);
    const refused = refuse?.(config);
    if (refused) throw refused;
    const lifecycle = config.url?.match(/^api\/machines\/(\d+)\/lifecycle$/);
    if (config.method === 'put' && lifecycle) return MACHINES.find((each) => each.id === Number(lifecycle[1]));
    if (config.method === 'put') return MACHINES[0];
    if (config.url === 'api/machines/2/install-sites') {
      return [{ id: 11, name: 'North Campus', address: '1 School Road' }];
    }
    if (config.url === 'api/machine-models')
      return { content: [{ id: 1, code: 'RO-400', name: 'RO 400' }], totalElements: 1 };
    const status = config.url?.match(/^api\/machines\/(\d+)\/status$/);
    if (status) {
      const shown = MACHINES.find((each) => each.id === Number(status[1]));
      if (!shown) throw refusal(config, 404, { message: 'No machine with id 99', code: 'NOT_FOUND' });
      return {
        machine: shown,
        siteName: shown.siteName,
        runtime: {
          online: false,
          lastHeartbeat: null,
          signal: null,
          temperature: null,
          tdsIn: null,
          tdsOut: null,
          tankLevel: null,
          makingWater: null,
          doorOpen: null,
          faults: [],
        },
        prices: { policyId: 1, WECHAT: 60, ALIPAY: 60, CARD: 50, COIN: 100, memberPrice: null, discountPct: '0.00' },
        today: { label: '2026-11-23', net: 0, orders: 0, dispensedMl: 0 },
        series: [],
      };
    }
    return { content: MACHINES, totalElements: MACHINES.length };
  });
}

/** Shows where the console is, as the address bar would. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{pathname + search}</output>;
}

async function open(roles: string[], { unrestricted = true, at = '/business/machines' } = {}) {
  renderPage(
    <>
      <MachinesPage />
      <Address />
    </>,
    roles,
    { at },
  );
  useSession.setState({ unrestricted });
  // Found by text: role queries over a whole table are slow in jsdom.
  const cell = await screen.findByText('WM-SCRP', {}, { timeout: 5000 });
  return cell.closest('section') as HTMLElement;
}

const rowOf = (table: HTMLElement, serial: string) => within(table).getByText(serial).closest('tr') as HTMLElement;
/** A row's action by its accessible name (`Suspend WM-OPER`). */
const actionOf = (table: HTMLElement, name: string) =>
  table.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement;
/** The actions a row offers, by their accessible names without the serial number. */
const offered = (table: HTMLElement, serial: string) =>
  [...rowOf(table, serial).querySelectorAll('button[aria-label]')].map((button) =>
    button.getAttribute('aria-label')?.replace(` ${serial}`, ''),
  );

const OPERATOR = ['device:list', 'device:operate', 'device:edit'];

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
  useSession.setState({ unrestricted: false });
});

describe('a machine’s actions', () => {
  it('are those its state table allows, for what the user may do', async () => {
    serve();
    const table = await open(OPERATOR);
    expect(offered(table, 'WM-STOCK')).toEqual(['Details', 'Allocation history', 'Edit']);
    expect(offered(table, 'WM-ALLOC')).toEqual(['Details', 'Allocation history', 'Edit', 'Install']);
    expect(offered(table, 'WM-OPER')).toEqual(['Details', 'Allocation history', 'Edit', 'Suspend', 'Retire']);
    expect(offered(table, 'WM-SUSP')).toEqual(['Details', 'Allocation history', 'Edit', 'Resume', 'Retire']);
    expect(offered(table, 'WM-RETD')).toEqual(['Details', 'Allocation history', 'Edit', 'Restock', 'Scrap']);
    expect(offered(table, 'WM-SCRP')).toEqual(['Details', 'Allocation history']);
  });

  it('leave restocking and scrapping to staff who see the whole company, and every move to those who may operate', async () => {
    serve();
    const agentStaff = await open(['device:list', 'device:operate'], { unrestricted: false });
    expect(offered(agentStaff, 'WM-RETD')).toEqual(['Details', 'Allocation history']);
    expect(offered(agentStaff, 'WM-OPER')).toEqual(['Details', 'Allocation history', 'Suspend', 'Retire']);
    cleanUpPage();
    const viewer = await open(['device:list']);
    for (const serial of ['WM-ALLOC', 'WM-OPER', 'WM-RETD']) {
      expect(offered(viewer, serial)).toEqual(['Details', 'Allocation history']);
    }
  });

  it('suspend a machine at once and say so; a refusal says why, in the server’s words', async () => {
    serve((config) =>
      config.url === 'api/machines/4/lifecycle'
        ? refusal(config, 409, {
            code: 'STATE_CONFLICT',
            state: 'OPERATING',
            event: 'RESUME',
            message: '该设备当前为「运营中」，不能执行此操作（可能刚被他人处理）。请刷新后查看最新状态。',
          })
        : undefined,
    );
    const table = await open(OPERATOR);
    fireEvent.click(actionOf(table, 'Suspend WM-OPER'));
    expect(await screen.findByText('WM-OPER is suspended: it takes no orders')).toBeTruthy();
    expect(sent('api/machines/3/lifecycle')).toEqual({ action: 'SUSPEND' });
    // The list is asked again.
    await waitFor(() => expect(calls.filter((call) => call.url === 'api/machines').length).toBeGreaterThan(1));

    fireEvent.click(actionOf(table, 'Resume WM-SUSP'));
    expect(await screen.findByText(/该设备当前为「运营中」/)).toBeTruthy();
  });

  it('retire a machine once confirmed, with the note given', async () => {
    serve();
    const table = await open(OPERATOR);
    fireEvent.click(actionOf(table, 'Retire WM-OPER'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Retire WM-OPER from its site?')).toBeTruthy();
    expect(within(dialog).getByText(/Guangdong Water still holds it/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'put')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: ' Site closed ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('WM-OPER is retired from its site')).toBeTruthy();
    expect(sent('api/machines/3/lifecycle')).toEqual({ action: 'RETIRE', note: 'Site closed' });
  });

  it('install an allocated machine at an open site of its agent, which must be chosen', async () => {
    serve();
    const table = await open(OPERATOR);
    fireEvent.click(actionOf(table, 'Install WM-ALLOC'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install' }));
    expect(await within(dialog).findByText('Please enter Site')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText('Site'));
    fireEvent.click(await screen.findByText('North Campus · 1 School Road'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install' }));
    expect(await screen.findByText('WM-ALLOC is installed and operating')).toBeTruthy();
    expect(sent('api/machines/2/lifecycle')).toEqual({ action: 'INSTALL', siteId: 11 });
  });

  it('correct a machine’s sticker code and numbers, a taken code shown under its field', async () => {
    let first = true;
    serve((config) => {
      if (config.url !== 'api/machines/1' || !first) return undefined;
      first = false;
      return refusal(config, 400, {
        code: 'VALIDATION_FAILED',
        message: 'stickerCode: "WM-OPER" is already registered',
        errors: [{ field: 'stickerCode', code: 'taken', message: '"WM-OPER" is already registered' }],
      });
    });
    const table = await open(OPERATOR);
    fireEvent.click(actionOf(table, 'Edit WM-STOCK'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit WM-STOCK')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Sticker code'), { target: { value: 'WM-OPER' } });
    fireEvent.change(within(dialog).getByLabelText('IMEI'), { target: { value: '861234567890123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Already in use')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Sticker code'), { target: { value: 'QR-0001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent('api/machines/1')).toEqual({
      stickerCode: 'QR-0001',
      modelId: 1,
      imei: '861234567890123',
      iccid: null,
      warrantyEnd: null,
    });
  });
});

describe('a machine’s detail address', () => {
  it('opens the detail it names, offers its actions there, and closes back to the list’s address', async () => {
    serve();
    await open(OPERATOR, { at: '/business/machines?machine=5' });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Machine WM-RETD')).toBeTruthy();
    // A retired machine still shows what it would sell at, and that it takes no orders.
    expect(within(drawer).getAllByText('CN¥0.60')).toHaveLength(2);
    expect(within(drawer).getByText('Now “Retired”: it takes no orders until it operates.')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /Restock/ })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /Scrap/ })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/business/machines'));
  });

  it('is where the list’s Details go, and closing it goes back to the list’s address', async () => {
    serve();
    const table = await open(OPERATOR);
    fireEvent.click(actionOf(table, 'Details WM-OPER'));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/business/machines?machine=3'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Machine WM-OPER')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/business/machines'));
  });

  it('says so when the machine it names is not in the user’s reach', async () => {
    serve();
    await open(OPERATOR, { at: '/business/machines?machine=99' });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('No machine with this number is in your reach.')).toBeTruthy();
  });
});
