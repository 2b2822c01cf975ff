// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { useGlobalSetting } from '@/lib/global-setting-store.ts';
import { useSession } from '@/lib/session.ts';
import { GlobalSettingsPage } from './global-settings-page.tsx';

const stored = {
  title: 'Water Co.',
  footerTxt: '© Water Co.',
  publicity: { title: 'Notice', body: 'Closed on Sunday', images: ['/files/a.png'] },
};

const channels = {
  WECHAT: {
    driver: 'WECHAT_PAY_V3',
    wechatPay: {
      mchId: '1900000109',
      appId: 'wxd678efh567hg6787',
      merchantSerialNo: 'SERIAL1',
      platformKeyId: 'PUB_KEY_ID_1',
      baseUrl: null,
      secretsSet: { merchantPrivateKeyPem: true, apiV3Key: true, platformPublicKeyPem: true },
    },
  },
  ALIPAY: {
    driver: 'NONE',
    alipay: { appId: null, gatewayUrl: null, secretsSet: { appPrivateKeyPem: false, alipayPublicKeyPem: false } },
  },
  sandboxByDemo: false,
};

vi.mock('@/lib/api-client.ts', () => ({
  apiClient: {
    get: vi.fn(async (url: string) => ({ data: url === 'api/payments/channels' ? channels : stored })),
    put: vi.fn(async () => ({})),
  },
}));

function renderPage(roles: string[]) {
  useSession.setState({ roles });
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <GlobalSettingsPage />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('global settings page', () => {
  it('previews every change at once and stores only what was filled in, for the whole console', async () => {
    renderPage(['setting:edit']);
    const footer = await screen.findByLabelText('Footer text');
    expect(footer).toHaveProperty('value', '© Water Co.');
    const preview = screen.getByTestId('footer-preview');
    expect(preview.textContent).toContain('© Water Co.');
    expect(within(screen.getByTestId('publicity-preview')).getByRole('img').getAttribute('src')).toBe('/files/a.png');

    await act(async () => {
      fireEvent.change(footer, { target: { value: '  Hotline 400  ' } });
      fireEvent.change(screen.getByLabelText('Case number (ICP)'), { target: { value: 'ICP 9' } });
      fireEvent.change(screen.getByLabelText('Heading'), { target: { value: '' } });
    });
    expect(preview.textContent).toContain('Hotline 400');
    expect(preview.textContent).toContain('ICP 9');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('Settings saved; every open console shows them now.');
    expect(apiClient.put).toHaveBeenCalledWith(
      'api/global/setting',
      {
        title: 'Water Co.',
        footerTxt: 'Hotline 400',
        caseNumber: 'ICP 9',
        publicity: { body: 'Closed on Sunday', images: ['/files/a.png'] },
      },
      { params: GLOBAL_SETTING_QUERY, errorNotice: 'network' },
    );
    // This console takes the new settings at once (the others hear of them through the push).
    expect(useGlobalSetting.getState().loaded).toBe(true);
  });

  it('shows the settings read-only to a user who may not edit them', async () => {
    renderPage(['setting:list']);
    expect(await screen.findByText(/changing them needs the “Global settings: edit” permission/)).toBeTruthy();
    expect(screen.getByLabelText('Footer text')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('edits the payment channels on their own: keys never shown, an empty key kept, the sandbox chosen per channel', async () => {
    renderPage(['setting:edit']);
    expect(await screen.findByLabelText('Merchant ID (mchid)')).toHaveProperty('value', '1900000109');
    const key = screen.getByLabelText('API v3 key');
    expect(key).toHaveProperty('value', '');
    expect(screen.getAllByText('Stored. Leave empty to keep it.').length).toBe(3);
    const alipay = screen.getByRole('combobox', { name: 'How Alipay is paid' });
    await act(async () => {
      fireEvent.change(key, { target: { value: 'a8f1c2d3e4b5a6978899aabbccddeeff' } });
      fireEvent.mouseDown(alipay);
    });
    await act(async () => {
      fireEvent.click(await screen.findByText('Sandbox (no money moves)'));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save payment channels' }));
    });
    await screen.findByText('Payment channels saved; they apply at once.');
    expect(apiClient.put).toHaveBeenCalledWith(
      'api/payments/channels',
      {
        WECHAT: {
          driver: 'WECHAT_PAY_V3',
          wechatPay: {
            mchId: '1900000109',
            appId: 'wxd678efh567hg6787',
            merchantSerialNo: 'SERIAL1',
            platformKeyId: 'PUB_KEY_ID_1',
            apiV3Key: 'a8f1c2d3e4b5a6978899aabbccddeeff',
          },
        },
        ALIPAY: { driver: 'SANDBOX' },
      },
      { errorNotice: 'network' },
    );
  });
});
