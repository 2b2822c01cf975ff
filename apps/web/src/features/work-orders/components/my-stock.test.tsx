// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { screen } from '@testing-library/react';
import { workOrdersLocales } from '@water/contract/texts/work-orders';
import { afterEach, describe, expect, it } from 'vitest';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { MyStock } from './my-stock.tsx';

addPageTexts('workOrders', workOrdersLocales);

afterEach(cleanUpPage);

describe('MyStock', () => {
  it('shows each part the technician holds with how many', async () => {
    serveWith((config) =>
      config.url === 'api/stock/mine'
        ? [
            {
              partId: 3,
              code: 'RO-400',
              name: 'RO membrane 400G',
              unit: 'pc',
              holderKind: 'TECHNICIAN',
              holderId: 7,
              holderName: 'Li Gong',
              quantity: 2,
            },
          ]
        : undefined,
    );
    renderPage(<MyStock />, ['workorder:work']);
    expect(await screen.findByText('RO membrane 400G')).toBeTruthy();
    expect(screen.getByText('RO-400')).toBeTruthy();
    expect(screen.getByText('2 pc')).toBeTruthy();
  });

  it('says so when the technician holds nothing', async () => {
    serveWith((config) => (config.url === 'api/stock/mine' ? [] : undefined));
    renderPage(<MyStock />, ['workorder:work']);
    expect(await screen.findByText('You hold no parts')).toBeTruthy();
  });
});
