import { expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, CAPTCHA_ANSWER } from './test-server.ts';

export const SCREENSHOTS = 'test-results/screenshots';

/** Fills the English sign-in form the way a person would and submits it with Enter. */
export async function fillSignIn(page: Page, password = ADMIN_PASSWORD, options: { remember?: boolean } = {}) {
  await expect(page.getByAltText('Captcha')).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(ADMIN_USERNAME);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  const code = page.getByLabel('Captcha', { exact: true });
  await code.fill(CAPTCHA_ANSWER);
  await code.press('Enter');
}

export async function signIn(page: Page, options: { remember?: boolean } = {}) {
  await page.goto('/login');
  await fillSignIn(page, ADMIN_PASSWORD, options);
  await expect(page.getByText(`Welcome, ${ADMIN_USERNAME}`)).toBeVisible();
}
