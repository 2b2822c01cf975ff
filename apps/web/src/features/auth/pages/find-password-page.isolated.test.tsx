// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import { FindPasswordPage } from './find-password-page.tsx';

vi.mock('@/lib/api-client.ts', () => ({ apiClient: { post: vi.fn(async () => ({})) } }));

function LoginStandIn() {
  const state = useLocation().state as { passwordReset?: boolean } | null;
  return <p>{state?.passwordReset ? 'login after reset' : 'login'}</p>;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/findPassword']}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <Routes>
            <Route path="/findPassword" element={<FindPasswordPage />} />
            <Route path="/login" element={<LoginStandIn />} />
          </Routes>
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const type = (label: string, value: string) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
const press = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('password recovery page', () => {
  it('asks for a code for the account, sets the new password with it, then leads to login with a notice', async () => {
    renderPage();
    await type('Username or e-mail', '  tess  ');
    await press('Send code');
    expect(apiClient.post).toHaveBeenCalledWith(
      'auth/resetPassword/code',
      { account: 'tess' },
      { errorNotice: 'network' },
    );
    await screen.findByText(/If an account matches “tess” and has an e-mail address/);

    await type('Code from the e-mail', ' 123456 ');
    await type('New password', 'New-pass-1');
    await type('Confirm new password', 'New-pass-1');
    await press('Set new password');
    await screen.findByText('login after reset');
    expect(apiClient.post).toHaveBeenLastCalledWith(
      'auth/resetPassword',
      { account: 'tess', code: '123456', password: 'New-pass-1' },
      { errorNotice: 'network' },
    );
  });

  it('checks the code and the new password before sending anything', async () => {
    renderPage();
    await type('Username or e-mail', 'tess');
    await press('Send code');
    await screen.findByLabelText('Code from the e-mail');
    await type('Code from the e-mail', '12');
    await type('New password', 'abc');
    await type('Confirm new password', 'abd');
    await press('Set new password');
    await screen.findByText('The code has 6 digits');
    expect(screen.getByText('Use 6 to 128 characters')).toBeTruthy();
    expect(screen.getByText('The two passwords do not match')).toBeTruthy();
    expect(apiClient.post).toHaveBeenCalledTimes(1);
  });
});
