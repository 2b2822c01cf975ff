import type { Locator, Page } from '@playwright/test';
import type { MenuSeed } from './seed.ts';

/**
 * A directory of real list pages created for tab and navigation journeys: the jobs list kept
 * while another tab shows (cache on), the dictionaries and the departments not (cache off).
 */
export const WORKBENCH: MenuSeed = {
  title: 'Workbench',
  path: 'workbench',
  icon: 'tools',
  children: [
    { title: 'Kept jobs', path: 'kept', component: 'system/job/index', icon: 'edit', cache: true, menuSort: 1 },
    { title: 'Word lists', path: 'words', component: 'system/dict/index', icon: 'edit', cache: false, menuSort: 2 },
    { title: 'Branches', path: 'branches', component: 'system/dept/index', icon: 'edit', cache: false, menuSort: 3 },
  ],
};

/** The name filter of the jobs list. */
export function jobNameFilter(page: Page): Locator {
  return page.getByRole('search', { name: 'Search filters' }).getByLabel('Name');
}

/** The search field of the dictionaries list. */
export function dictSearch(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Name or description' });
}
