// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultSlaTarget, type SlaReportRow, type SlaSettings } from '@water/contract/sla';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { SlaPage } from './sla-page.tsx';

const row: SlaReportRow = {
  id: 5,
  name: 'Wang Wei',
  orders: 12,
  responseMet: '91.67',
  resolutionMet: '75.00',
  avgResponseMinutes: 42,
  avgResolutionMinutes: 310,
  breaches: 3,
};
const settings: SlaSettings = {
  targets: [defaultSlaTarget('REPAIR', 'URGENT'), defaultSlaTarget('REPAIR', 'LOW')],
  businessHours: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' },
};

const calls: InternalAxiosRequestConfig[] = [];

function serve() {
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/sla/report') return [row];
    if (config.url === 'api/sla/targets') return config.method === 'put' ? '' : settings;
    return [];
  });
}

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('SlaPage', () => {
  it('shows attainment per technician, then per agent when asked', async () => {
    serve();
    renderPage(<SlaPage />, ['sla:list']);
    expect(await screen.findByText('Wang Wei', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('91.67%')).toBeTruthy();
    expect(calls.at(-1)?.params).toMatchObject({ by: 'technician' });
    fireEvent.click(screen.getByText('By agent'));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ by: 'agent' }));
  });

  it('saves a changed target with the business hours', async () => {
    serve();
    renderPage(<SlaPage />, ['sla:list', 'sla:edit']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Targets' }, { timeout: 5000 }));
    const response = await screen.findByLabelText('Repair Urgent Response (min)');
    fireEvent.change(response, { target: { value: '45' } });
    fireEvent.blur(response);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'put')).toBeDefined());
    const sent = JSON.parse(String(calls.find((call) => call.method === 'put')?.data)) as SlaSettings;
    expect(sent.targets[0]).toMatchObject({ type: 'REPAIR', priority: 'URGENT', responseMinutes: 45 });
    expect(sent.businessHours).toEqual(settings.businessHours);
    expect(await screen.findByText('SLA targets saved')).toBeTruthy();
  });

  it('takes night hours, which it marks as ending the next day', async () => {
    serve();
    renderPage(<SlaPage />, ['sla:list', 'sla:edit']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Targets' }, { timeout: 5000 }));
    expect(screen.queryByText('(next day)')).toBeNull();
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '06:00' } });
    expect(screen.getByText('(next day)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'put')).toBeDefined());
    const sent = JSON.parse(String(calls.find((call) => call.method === 'put')?.data)) as SlaSettings;
    expect(sent.businessHours).toMatchObject({ from: '22:00', to: '06:00' });
  });

  it('leaves the targets read-only without sla:edit', async () => {
    serve();
    renderPage(<SlaPage />, ['sla:list']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Targets' }, { timeout: 5000 }));
    expect(((await screen.findByLabelText('Repair Urgent Response (min)')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
