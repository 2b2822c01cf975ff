import { type APIRequestContext, expect } from '@playwright/test';
import { CAPTCHA_ANSWER } from './test-server.ts';

/** Signs in through the API and returns the token (`Bearer …`). */
export async function apiSignIn(request: APIRequestContext, username: string, password: string): Promise<string> {
  const { uuid } = (await (await request.get('auth/code')).json()) as { uuid: string };
  const answer = await request.post('auth/login', { data: { username, password, code: CAPTCHA_ANSWER, uuid } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** Calls of one signed-in API session, for seeding and cleaning up what a journey needs. */
export function apiAs(request: APIRequestContext, token: string) {
  const headers = { Authorization: token };
  return {
    token,
    get: (url: string, params?: Record<string, string | number>) => request.get(url, { headers, params }),
    post: (url: string, data?: unknown) => request.post(url, { headers, data }),
    put: (url: string, data?: unknown) => request.put(url, { headers, data }),
    delete: (url: string, data?: unknown) => request.delete(url, { headers, data }),
  };
}

export type Api = ReturnType<typeof apiAs>;
