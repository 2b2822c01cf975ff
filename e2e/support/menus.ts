import type { Page } from '@playwright/test';
import type { MenuRoute } from '@water/contract/menus';

const meta = (title: string, noCache: boolean, icon: string | null = null) => ({ title, icon, noCache });
const placeholder = (path: string, title: string, noCache: boolean): MenuRoute => ({
  path,
  name: title.replace(/\s/g, ''),
  hidden: false,
  component: 'common/placeholder/index',
  meta: meta(title, noCache, 'edit'),
});

/**
 * Pages whose content the shell owns (the "being built" placeholder: a text field and a
 * scrollable list), so tab journeys do not depend on the system pages: one cached, three not.
 */
export const WORKBENCH: MenuRoute = {
  path: '/workbench',
  name: 'Workbench',
  hidden: false,
  component: 'Layout',
  alwaysShow: true,
  redirect: 'noredirect',
  meta: meta('Workbench', true, 'tools'),
  children: [
    placeholder('kept', 'Kept draft', false),
    placeholder('plain', 'Plain draft', true),
    placeholder('third', 'Third draft', true),
    placeholder('fourth', 'Fourth draft', true),
  ],
};

/** Serves the signed-in user's real menus plus the given ones. */
export async function withExtraMenus(page: Page, extra: MenuRoute[] = [WORKBENCH]) {
  await page.route('**/api/menus/build', async (route) => {
    const response = await route.fetch();
    const menus = (await response.json()) as unknown;
    // A refusal (signed out meanwhile) goes through as it came.
    if (!response.ok() || !Array.isArray(menus)) return route.fulfill({ response });
    await route.fulfill({ response, json: [...(menus as MenuRoute[]), ...extra] });
  });
}
