import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { TOKEN_COOKIE_KEY } from '@water/contract/constants';

export const APP_TITLE = 'Equipment Agent Distribution Management System';
export const APP_TITLE_ZH = '设备代理分销管理系统';

/** The token the browser holds, exactly as the server gave it (`Bearer …`). */
export async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === TOKEN_COOKIE_KEY);
  if (!cookie) throw new Error('not signed in');
  return decodeURIComponent(cookie.value);
}

export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

export function tabBar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Open pages' });
}

export function breadcrumb(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Breadcrumb' });
}

/** Opens a page through the sidebar, opening its directory first when needed, and waits until it shows. */
export async function openFromSidebar(page: Page, directory: string, item: string) {
  await openSidebarOnPhone(page);
  const menu = sidebar(page);
  const link = menu.getByRole('link', { name: item, exact: true });
  if (!(await link.isVisible())) await menu.getByRole('menuitem', { name: directory }).click();
  await link.click();
  await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(item);
}

/** Below this width the sidebar is a drawer (spec: device "mobile"). */
const DRAWER_BELOW_PX = 992;

/** On a phone the sidebar is a drawer behind the "Open menu" button; on a desktop it is always there. */
export async function openSidebarOnPhone(page: Page) {
  if ((page.viewportSize()?.width ?? DRAWER_BELOW_PX) >= DRAWER_BELOW_PX) return;
  await page.getByRole('button', { name: /^(Open menu|打开菜单)$/ }).click();
  await expect(page.getByRole('navigation', { name: /^(Main menu|主菜单)$/ })).toBeVisible();
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

export async function logOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

/** The home page once its figures, chart and recent operations are in. */
export async function homeLoaded(page: Page) {
  await expect(page.getByRole('img', { name: 'Sign-ins in the last 7 days' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Sign in' }).first()).toBeVisible();
  // The business figures (the administrator's) ask for their data last.
  await expect(page.getByText('Net revenue today')).toBeVisible();
}

/** The context menu of a tab (the sidebar is a menu too). */
export function tabMenu(page: Page): Locator {
  return page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'Close others' }) });
}

/**
 * How far the page reaches beyond the screen, in CSS pixels. A phone (`isMobile`) widens its
 * layout viewport to fit the page, so `innerWidth` hides the overflow: compare with the screen.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  const screenWidth = page.viewportSize()?.width ?? 0;
  return (await page.evaluate(() => document.documentElement.scrollWidth)) - screenWidth;
}

/** Whether an element (a dialog, a drawer) lies within the screen's width. */
export async function fitsScreenWidth(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}
