// @vitest-environment jsdom
import { TOKEN_COOKIE_KEY } from '@water/contract/constants';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import * as notifier from './notifier.ts';

const seen: InternalAxiosRequestConfig[] = [];
function answerWith(outcome: (config: InternalAxiosRequestConfig) => Promise<never> | Promise<{ status: number }>) {
  apiClient.defaults.adapter = async (config) => {
    seen.push(config);
    const result = await outcome(config);
    return { data: {}, status: result.status, statusText: 'OK', headers: {}, config };
  };
}

afterEach(() => {
  seen.length = 0;
  Cookies.remove(TOKEN_COOKIE_KEY);
  vi.restoreAllMocks();
});

describe('apiClient', () => {
  it('sends JSON to relative paths, with the stored token verbatim, and waits up to 1,200,000 ms', async () => {
    Cookies.set(TOKEN_COOKIE_KEY, 'Bearer abc.def');
    answerWith(async () => ({ status: 200 }));
    await apiClient.get('api/menus/build');
    const [config] = seen;
    expect(config?.url).toBe('api/menus/build');
    expect(config?.baseURL).toBe('/');
    expect(config?.timeout).toBe(1_200_000);
    expect(config?.headers['Content-Type']).toBe('application/json');
    expect(config?.headers.Authorization).toBe('Bearer abc.def');
  });

  it('hands a request to the network as it is made, looking for no XSRF cookie', async () => {
    answerWith(async () => ({ status: 200 }));
    const answer = apiClient.get('api/menus/build');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.withXSRFToken).toBe(false);
    await answer;
  });

  it('turns a timeout into the catalogue notice and rejects with an ApiError', async () => {
    const report = vi.spyOn(notifier, 'reportApiError').mockImplementation(() => undefined);
    answerWith(async (config) => {
      throw new AxiosError('timeout of 1200000ms exceeded', AxiosError.ECONNABORTED, config);
    });
    const failure = await apiClient.get('api/dashboard/stats').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'timeout' });
    expect(report).toHaveBeenCalledWith(failure, undefined);
  });

  it('passes a per-request opt-out to the notifier', async () => {
    const report = vi.spyOn(notifier, 'reportApiError').mockImplementation(() => undefined);
    answerWith(async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    });
    await apiClient.get('auth/logout', { errorNotice: 'none' }).catch(() => undefined);
    expect(report).toHaveBeenCalledWith(expect.any(ApiError), 'none');
  });
});
