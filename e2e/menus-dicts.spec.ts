import { uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { sidebar } from './support/shell.ts';
import { openConsole, signIn } from './support/sign-in.ts';
import { cellUnder, confirmDelete, countNamed, idOf, notice, removeNamed } from './support/system-pages.ts';

// Signing in is not the point here: every journey opens the console with the worker's session.
test.use({ signedIn: true });

test('menus: search, a duplicate title refused on its field, edit in the tree, delete with the subtree', async ({
  page,
  admin: api,
  browser,
}) => {
  const suffix = uniqueSuffix();
  const directory = `Parts ${suffix}`;
  const child = `Gauges ${suffix}`;
  const renamed = `Dials ${suffix}`;
  try {
    const made = await api.post('api/menus', { type: 0, title: directory, path: `parts-${suffix}`, menuSort: 900 });
    expect(made.status(), await made.text()).toBe(201);
    const pid = await idOf(api, 'api/menus', { blurry: directory }, 'title', directory);
    const below = await api.post('api/menus', {
      type: 1,
      pid,
      title: child,
      path: 'gauges',
      component: 'system/job/index',
      componentName: `Gauges${suffix}`,
      menuSort: 1,
    });
    expect(below.status(), await below.text()).toBe(201);

    // Another console, open all along: its sidebar follows the changes without signing in again.
    // A console of its own: not the worker's session this file's pages share.
    const elsewhere = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
    await signIn(elsewhere);
    const otherSidebar = sidebar(elsewhere);
    await otherSidebar.getByRole('menuitem', { name: directory }).click();
    await expect(otherSidebar.getByRole('link', { name: child })).toBeVisible();

    await openConsole(page);
    await page.goto('/system/menu');
    const menus = page.getByRole('region', { name: 'Menus' });
    const filters = page.getByRole('search', { name: 'Search filters' });
    await expect(menus.getByRole('row', { name: /System/ })).toBeVisible();

    // A search lists every match, at any depth.
    await filters.getByRole('textbox', { name: 'Search' }).fill(suffix);
    await filters.getByRole('textbox', { name: 'Search' }).press('Enter');
    await expect(menus.getByRole('row', { name: new RegExp(child) })).toBeVisible();
    await expect(menus.getByRole('row', { name: new RegExp(directory) })).toBeVisible();
    await expect(menus.getByRole('row', { name: /System/ })).toHaveCount(0);
    await filters.getByRole('button', { name: 'Reset' }).click();
    await expect(menus.getByRole('row', { name: /System/ })).toBeVisible();

    // A title already in use: the field says so in the console's language, and nothing is made.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add menu' });
    await add.getByLabel('Title').fill(directory);
    await add.getByLabel('Path').fill(`again-${suffix}`);
    const refused = page.waitForResponse(
      (answer) => answer.url().endsWith('/api/menus') && answer.request().method() === 'POST',
    );
    await add.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(400);
    await expect(add.getByLabel('Title')).toHaveAccessibleDescription('Already in use');
    await add.screenshot({ path: test.info().outputPath('menu-title-taken.png') });
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
    expect(await countNamed(api, 'api/menus', { blurry: directory }, 'title', directory)).toBe(1);

    // Edit the page below the directory: a new title and hidden from the sidebar.
    const directoryRow = menus.getByRole('row', { name: new RegExp(directory) });
    await directoryRow.getByRole('button', { name: /Expand row/ }).click();
    await menus.getByRole('button', { name: `Edit ${child}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit menu' });
    await expect(edit.getByLabel('Title')).toHaveValue(child);
    await edit.getByLabel('Title').fill(renamed);
    await expect(edit.getByRole('switch', { name: 'Hidden' })).not.toBeChecked();
    await edit.getByRole('switch', { name: 'Hidden' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const renamedRow = menus.getByRole('row', { name: new RegExp(renamed) });
    await expect(renamedRow).toBeVisible();
    await expect(menus.getByRole('row', { name: new RegExp(child) })).toHaveCount(0);
    await expect(await cellUnder(menus, renamedRow, 'Hidden')).toHaveText('Yes');
    // Its only page hidden, the directory leaves the other console's sidebar as well.
    await expect(otherSidebar.getByRole('link', { name: child })).toHaveCount(0);
    await expect(otherSidebar.getByRole('menuitem', { name: directory })).toHaveCount(0);
    await elsewhere.context().close();

    // Deleting the directory takes the page below it too.
    await menus.getByRole('button', { name: `Delete ${directory}` }).click();
    await confirmDelete(page, directory, 'Everything below it is deleted too');
    await expect(notice(page, 'Deleted')).toBeVisible();
    await expect(directoryRow).toHaveCount(0);
    await expect(renamedRow).toHaveCount(0);
    await filters.getByRole('textbox', { name: 'Search' }).fill(suffix);
    await filters.getByRole('textbox', { name: 'Search' }).press('Enter');
    await expect(menus.getByText('Nothing matches the search')).toBeVisible();
  } finally {
    await removeNamed(api, { menus: [directory] });
  }
});

test('dictionaries: create one, add entries in sort order, search, delete an entry and the dictionary', async ({
  page,
  admin,
}) => {
  const suffix = uniqueSuffix();
  const name = `parts_${suffix}`;
  try {
    await openConsole(page);
    await page.goto('/system/dict');
    const dicts = page.getByRole('region', { name: 'Dictionaries' });
    await expect(dicts.getByRole('row', { name: /user_status/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add dictionary' });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Description').fill(`Parts kinds ${suffix}`);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(notice(page, 'Created')).toBeVisible();

    // The search narrows the list to the new dictionary.
    const dictSearch = page.getByRole('search').filter({ has: page.getByLabel('Name or description') });
    await dictSearch.getByLabel('Name or description').fill(suffix);
    await dictSearch.getByLabel('Name or description').press('Enter');
    await expect(dicts.getByText('1 in total')).toBeVisible();
    await expect(dicts.getByRole('row', { name: new RegExp(name) })).toContainText(`Parts kinds ${suffix}`);

    await dicts.getByRole('radio', { name: `Show entries of ${name}` }).check();
    const entries = page.getByRole('region', { name: `Entries of ${name}` });
    await expect(entries.getByText('Nothing here yet')).toBeVisible();
    for (const [label, value, sort] of [
      ['Gauge', 'gauge', 20],
      ['Dial', 'dial', 10],
    ] as const) {
      await entries.getByRole('button', { name: 'Add', exact: true }).click();
      const entry = page.getByRole('dialog', { name: `Add entry to ${name}` });
      await entry.getByRole('textbox', { name: 'Label' }).fill(label);
      await entry.getByRole('textbox', { name: 'Value' }).fill(value);
      await entry.getByRole('spinbutton', { name: 'Sort' }).fill(String(sort));
      await entry.getByRole('button', { name: 'Save' }).click();
      await expect(entry).toBeHidden();
      await expect(entries.getByRole('cell', { name: label, exact: true })).toBeVisible();
    }
    // Listed by their sort order, not by when they were added.
    const labels = entries.getByRole('cell', { name: /^(Dial|Gauge)$/ });
    await expect(labels).toHaveText(['Dial', 'Gauge']);
    await page.screenshot({ path: test.info().outputPath('dict-entries.png') });

    const entrySearch = page.getByRole('search').filter({ has: page.getByRole('textbox', { name: 'Label' }) });
    await entrySearch.getByRole('textbox', { name: 'Label' }).fill('Gau');
    await entrySearch.getByRole('textbox', { name: 'Label' }).press('Enter');
    await expect(labels).toHaveText(['Gauge']);
    await entrySearch.getByRole('button', { name: 'Reset' }).click();
    await expect(labels).toHaveText(['Dial', 'Gauge']);

    await entries.getByRole('button', { name: 'Delete Gauge' }).click();
    await confirmDelete(page, 'Gauge', 'Records that store this value will show the bare value.');
    await expect(labels).toHaveText(['Dial']);

    // Deleting the dictionary takes its entries and empties the right-hand side.
    await dicts.getByRole('button', { name: `Delete ${name}` }).click();
    await confirmDelete(page, name, 'All its entries are deleted too');
    await expect(dicts.getByText('Nothing matches the search')).toBeVisible();
    await expect(entries).toHaveCount(0);
    await expect(page.getByText('Choose a dictionary on the left to see and edit its entries.')).toBeVisible();
    const left = await (await admin.get('api/dictDetail', { dictName: name, page: 0, size: 10 })).json();
    expect(left).toMatchObject({ totalElements: 0 });
  } finally {
    await removeNamed(admin, { dicts: [name] });
  }
});

test('menus and departments are ordered by their sort field until the user sorts otherwise', async ({ page }) => {
  await openConsole(page, '/system/menu');
  const menus = page.getByRole('main').getByRole('table');
  await expect(menus.getByRole('columnheader', { name: 'Sort' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(menus.getByRole('row').nth(1)).toContainText('System');
  await menus.getByRole('columnheader', { name: 'Title' }).click();
  await expect(menus.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(menus.getByRole('columnheader', { name: 'Sort' })).not.toHaveAttribute('aria-sort', 'ascending');

  await page.goto('/system/dept');
  const depts = page.getByRole('main').getByRole('table');
  await expect(depts.getByRole('columnheader', { name: 'Sort' })).toHaveAttribute('aria-sort', 'ascending');
});
