import { expect, test } from './support/fixtures.ts';
import { openConsole } from './support/sign-in.ts';

/** A node of `api/menus/build`, as far as this check reads it. */
interface RouteNode {
  path: string;
  component?: string;
  hidden?: boolean;
  meta?: { title?: string };
  children?: RouteNode[];
}

/** Every page the administrator's sidebar reaches: its address and its page key (external links left out). */
function pagesOf(nodes: readonly RouteNode[], parent = ''): { url: string; component: string; title: string }[] {
  return nodes.flatMap((node) => {
    if (/^https?:\/\//.test(node.path)) return [];
    const url = node.path.startsWith('/') ? node.path : `${parent}/${node.path}`;
    const own =
      node.component && node.component !== 'Layout' && node.component !== 'ParentView'
        ? [{ url, component: node.component, title: node.meta?.title ?? url }]
        : [];
    return [...own, ...pagesOf(node.children ?? [], url)];
  });
}

test.use({ signedIn: true });

// Every page of the seed is finished: each menu opens a page this build has, which loads and
// names itself (the console has no placeholder page to fall back on).
test('every page reached from a seeded menu loads a page this build has', async ({ page, admin }) => {
  test.setTimeout(120_000);
  const answer = await admin.get('api/menus/build');
  expect(answer.status()).toBe(200);
  const pages = pagesOf((await answer.json()) as RouteNode[]);
  expect(pages.length).toBeGreaterThan(10);

  await openConsole(page);
  const unfinished: string[] = [];
  for (const entry of pages) {
    await page.goto(entry.url);
    // A page, finished or not, names itself with a level-two heading once its code has loaded.
    const loaded = await page
      .getByRole('main')
      .getByRole('heading', { level: 2 })
      .first()
      .waitFor({ state: 'attached', timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    const unavailable = (await page.getByText('Page not available').count()) > 0;
    if (!loaded || unavailable) {
      unfinished.push(`${entry.title} (${entry.url}, ${entry.component})${loaded ? '' : ': did not load'}`);
    }
  }
  expect(unfinished, 'seeded menus without a finished page').toEqual([]);
});
