import { expect, type Page } from '@playwright/test';
import type { Api } from './api.ts';
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

interface Named {
  id: number;
  username?: string;
  name?: string;
  title?: string;
}

/** Ids of the rows of a list call whose `field` is exactly `value` (the search itself matches parts). */
async function idsNamed(
  api: Api,
  url: string,
  params: Record<string, string | number>,
  field: keyof Named,
  value: string,
) {
  const answer = await api.get(url, params);
  if (!answer.ok()) return [];
  const { content } = (await answer.json()) as { content: Named[] };
  return content.filter((row) => row[field] === value).map((row) => row.id);
}

/** Deletes users, roles and menus (with everything below them) that a journey created, by name. */
export async function removeSeeded(api: Api, names: { usernames?: string[]; roles?: string[]; menus?: string[] }) {
  for (const username of names.usernames ?? []) {
    const ids = await idsNamed(api, 'api/users', { blurry: username, page: 0, size: 50 }, 'username', username);
    if (ids.length > 0) await api.delete('api/users', ids);
  }
  for (const name of names.roles ?? []) {
    const ids = await idsNamed(api, 'api/roles', { blurry: name, page: 0, size: 50 }, 'name', name);
    if (ids.length > 0) await api.delete('api/roles', ids);
  }
  for (const title of names.menus ?? []) {
    const ids = await idsNamed(api, 'api/menus', { blurry: title }, 'title', title);
    if (ids.length > 0) await api.delete('api/menus', ids);
  }
}
