import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from './test-server.ts';

/** The server's default for `DEFAULT_USER_PASSWORD`: what users created without a password get. */
export const DEFAULT_USER_PASSWORD = '123456';

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
    get: (url: string, params?: Record<string, string | number>) => request.get(url, { headers, params }),
    post: (url: string, data?: unknown) => request.post(url, { headers, data }),
    put: (url: string, data?: unknown) => request.put(url, { headers, data }),
    delete: (url: string, data?: unknown) => request.delete(url, { headers, data }),
  };
}

/** Fills the English sign-in form for any account and submits it with Enter. */
export async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/login');
  await expect(page.getByAltText('Captcha')).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const code = page.getByLabel('Captcha', { exact: true });
  await code.fill(CAPTCHA_ANSWER);
  await code.press('Enter');
}

/** A suffix that keeps the names of one run apart from earlier runs on the same database. */
export function uniqueSuffix(): string {
  return Date.now().toString(36).slice(-5);
}
