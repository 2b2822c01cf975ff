import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaptchaResponse } from '@water/contract/auth';
import { CAPTCHA_TTL_MS } from '@water/contract/constants';
import { apiClient } from '../../../lib/api-client.ts';

export async function getCaptcha(): Promise<CaptchaResponse> {
  const { data } = await apiClient.get<CaptchaResponse>('auth/code');
  return data;
}

export const captchaQuery = queryOptions({
  queryKey: ['auth', 'captcha'],
  queryFn: getCaptcha,
  // Each question is single-use and short-lived: never serve one from the cache, and swap it
  // shortly before the server forgets it so a slow typist does not get "expired".
  staleTime: 0,
  gcTime: 0,
  refetchInterval: CAPTCHA_TTL_MS - 10_000,
  refetchIntervalInBackground: false,
  retry: false,
});

export function useCaptcha() {
  return useQuery(captchaQuery);
}
