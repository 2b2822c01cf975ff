import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { apiClient } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';

/**
 * A stand-in for the server: answers a request with the data of a 200 answer, or throws (an
 * `AxiosError` for a refusal). Only the network is faked; the page's own code runs as it is.
 */
export type FakeServer = (config: InternalAxiosRequestConfig) => unknown;

/** Answers every call of the console's API client from `server`. */
export function serveWith(server: FakeServer): void {
  apiClient.defaults.adapter = async (config) => ({
    data: await server(config),
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
}

/** The ids a DELETE sent, for the fake servers that record them. */
export const sentIds = (config: InternalAxiosRequestConfig): unknown => JSON.parse(config.data as string);

let address = '';

/** Where the page rendered by renderPage is now: path, query and fragment. */
export const currentAddress = () => address;

function AddressProbe() {
  const location = useLocation();
  address = location.pathname + location.search + location.hash;
  return null;
}

/**
 * Renders a page as the console shows it: signed in with `roles`, with its own query cache, at
 * an address (`at`, a list's filters or a record in it; `/` unless told).
 */
export function renderPage(page: ReactElement, roles: string[], { at = '/' }: { at?: string } = {}): void {
  useSession.setState({ roles });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[at]}>
      <QueryClientProvider client={client}>
        <App>{page}</App>
      </QueryClientProvider>
      <AddressProbe />
    </MemoryRouter>,
  );
}

/** After each test: the page unmounted and nothing left in the document (antd's pop-ups included). */
export function cleanUpPage(): void {
  cleanup();
  document.body.innerHTML = '';
}
