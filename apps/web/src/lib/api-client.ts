import { CONSOLE_CLIENT_HEADER } from '@water/contract/constants';
import axios from 'axios';
import i18n from 'i18next';
import { toApiError } from './api-error.ts';
import type { ErrorNotice } from './error-notice.ts';
import { reportApiError } from './notifier.ts';
import { readToken } from './session.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** What the central notifier reports if this call fails; 'all' when absent. */
    errorNotice?: ErrorNotice;
  }
}

/** The one HTTP client: paths are relative (`auth/login`, `api/menus`), every failure rejects with an ApiError. */
export const apiClient = axios.create({
  baseURL: '/',
  timeout: 1_200_000,
  headers: { 'Content-Type': 'application/json' },
  // Repeatable parameters go as `sort=a&sort=b`, the form the server (and eladmin) reads.
  paramsSerializer: { indexes: null },
  // The session travels in the Authorization header and the server sets no XSRF cookie: looking
  // for one would hold every request until the browser's cookie store answers.
  withXSRFToken: false,
});

// Synchronous: the request leaves as it is made, not after the microtasks queued meanwhile (a
// render React starts as the sign-in's answer lands would otherwise hold the menus' request back).
apiClient.interceptors.request.use(
  (config) => {
    const token = readToken();
    if (token) config.headers.Authorization = token;
    config.headers[CONSOLE_CLIENT_HEADER] = 'water-console';
    // What the server writes (its files, its messages) comes in the console's language.
    if (i18n.language) config.headers['Accept-Language'] = i18n.language;
    return config;
  },
  undefined,
  { synchronous: true },
);

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  const apiError = toApiError(error);
  const mode = axios.isAxiosError(error) ? error.config?.errorNotice : undefined;
  reportApiError(apiError, mode);
  return Promise.reject(apiError);
});
