import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, CAPTCHA_ANSWER } from './test-server.ts';

export const SCREENSHOTS = 'test-results/screenshots';

/**
 * Where a journey keeps a screenshot for people to look at: `<name>.png`, or `<name>-phone.png`
 * (without a `-desktop` suffix) when the journey runs again on the phone screen.
 */
export function shot(name: string): string {
  const phone = test.info().project.name === 'phone';
  return `${SCREENSHOTS}/${phone ? `${name.replace(/-desktop$/, '')}-phone` : name}.png`;
}

type Language = 'en' | 'zh-CN';

const LABELS = {
  en: { captchaAlt: 'Captcha', username: 'Username', password: 'Password', code: 'Captcha', remember: 'Remember me' },
  'zh-CN': { captchaAlt: '验证码', username: '用户名', password: '密码', code: '验证码', remember: '记住我' },
} as const;

const WELCOME = { en: `Welcome, ${ADMIN_USERNAME}`, 'zh-CN': `欢迎，${ADMIN_USERNAME}` } as const;

/** Fills the sign-in form the way a person would and submits it with Enter. */
export async function fillSignIn(
  page: Page,
  password = ADMIN_PASSWORD,
  options: { remember?: boolean; language?: Language } = {},
) {
  const labels = LABELS[options.language ?? 'en'];
  await expect(page.getByAltText(labels.captchaAlt)).toBeVisible();
  await page.getByLabel(labels.username, { exact: true }).fill(ADMIN_USERNAME);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  if (options.remember) await page.getByRole('checkbox', { name: labels.remember }).check();
  const code = page.getByLabel(labels.code, { exact: true });
  await code.fill(CAPTCHA_ANSWER);
  await code.press('Enter');
}

export async function signIn(page: Page, options: { remember?: boolean; language?: Language } = {}) {
  await page.goto('/login');
  await fillSignIn(page, ADMIN_PASSWORD, options);
  await expect(page.getByText(WELCOME[options.language ?? 'en'])).toBeVisible();
}

/** Opens the console in a test that uses the worker's session (`test.use({ signedIn: true })`). */
export async function openConsole(page: Page, path = '/dashboard') {
  await page.goto(path);
  await expect(page.getByText(WELCOME.en)).toBeVisible();
}
