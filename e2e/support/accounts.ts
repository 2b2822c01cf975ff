import { expect, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from './test-server.ts';

/** The server's default for `DEFAULT_USER_PASSWORD`: what users created without a password get. */
export const DEFAULT_USER_PASSWORD = '123456';

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
