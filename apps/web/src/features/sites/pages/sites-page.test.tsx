// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { screen, within } from '@testing-library/react';
import { asFen } from '@water/contract/money';
import type { Site } from '@water/contract/sites';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { SitesPage } from './sites-page.tsx';

const site = (id: number, name: string, overrides: Partial<Site> = {}): Site => ({
  id,
  agentId: 1,
  agentName: 'Guangdong Water',
  name,
  type: 'SCHOOL',
  province: 'Guangdong',
  city: 'Shenzhen',
  district: 'Nanshan',
  address: '1 School Road',
  longitude: null,
  latitude: null,
  ownerName: null,
  ownerPhone: null,
  feeType: 'RENT',
  feeValue: 30000,
  rentFen: asFen(30000),
  sharePercent: null,
  status: 'ACTIVE',
  contractStart: null,
  contractEnd: null,
  machines: 0,
  createTime: '2026-11-23 09:00:00',
  ...overrides,
});

afterEach(cleanUpPage);

describe('SitesPage', () => {
  it('shows each site with its type label, place, fee as money or share, and machines', async () => {
    serveWith((config) => {
      if (config.url === 'api/dictDetail') {
        return { content: [{ id: 1, label: 'School', value: 'SCHOOL', dictSort: 1 }], totalElements: 1 };
      }
      return {
        content: [
          site(1, 'North Campus'),
          site(2, 'Sunny Gardens', {
            feeType: 'SHARE',
            feeValue: 1250,
            rentFen: null,
            sharePercent: '12.50',
            machines: 3,
          }),
        ],
        totalElements: 2,
      };
    });
    renderPage(<SitesPage />, ['site:list', 'site:del']);
    const table = await screen.findByRole('region', { name: 'Sites' });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    await within(table).findByText('Sunny Gardens', {}, { timeout: 5000 });
    expect(within(row('North Campus')).getByText('CN¥300.00 / month')).toBeTruthy();
    expect(within(row('Sunny Gardens')).getByText('12.5% of revenue')).toBeTruthy();
    expect(within(row('North Campus')).getByText(/Shenzhen Nanshan/)).toBeTruthy();
    // A site with machines cannot be chosen for deletion.
    expect((within(row('Sunny Gardens')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect((within(row('North Campus')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(false);
  });
});
