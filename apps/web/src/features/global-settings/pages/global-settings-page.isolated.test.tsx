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

vi.mock('@/lib/api-client.ts', () => ({
  apiClient: { get: vi.fn(async () => ({ data: stored })), put: vi.fn(async () => ({})) },
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
});
