import type { Browser, Page } from '@playwright/test';
import { DEFAULT_USER_PASSWORD, signInAs, uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { sidebar } from './support/shell.ts';
import { openConsole, shot, signIn } from './support/sign-in.ts';
import { pickOption, removeNamed } from './support/system-pages.ts';

// Signing in is not the point here: the administrator's console opens with the worker's session.
test.use({ signedIn: true });

async function newPage(browser: Browser, locale = 'en-US'): Promise<Page> {
  // A console of its own: not the worker's session this file's pages share.
  const context = await browser.newContext({ locale, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

test.describe('system management', () => {
  const suffix = uniqueSuffix();
  const directory = `Field service ${suffix}`;
  const machines = `Machines ${suffix}`;
  const role = `Field agent ${suffix}`;
  const username = `agent-${suffix}`;

  test.afterAll(async ({ admin }) => {
    // What the journey made through the pages goes again, so later runs start from the seed.
    await removeNamed(admin, {
      usernames: [username],
      roles: [role],
      menus: [directory],
    });
  });

  test('an administrator builds a menu and a role that sees only it; its holder sees exactly that menu', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await openConsole(page);

    // A directory at the top level, then a page below it.
    await page.goto('/system/menu');
    const menus = page.getByRole('region', { name: 'Menus' });
    await expect(menus.getByRole('row', { name: /System/ })).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Add menu' });
    await expect(dialog.getByRole('radio', { name: 'Directory' })).toBeChecked();
    await expect(dialog.getByLabel('Page')).toHaveCount(0);
    await dialog.getByLabel('Title').fill(directory);
    await dialog.getByLabel('Icon').fill('order');
    await dialog.getByLabel('Icon').press('Enter');
    await dialog.getByLabel('Path').fill(`field-${suffix}`);
    await dialog.getByLabel('Path').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(menus.getByRole('row', { name: new RegExp(directory) })).toBeVisible();

    await page.getByRole('button', { name: `Add below ${directory}` }).click();
    dialog = page.getByRole('dialog', { name: 'Add menu' });
    await dialog.getByRole('radiogroup').getByText('Menu', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Menu', exact: true })).toBeChecked();
    await expect(dialog.getByLabel('Parent')).toBeVisible();
    await expect(dialog.getByText(directory)).toBeVisible();
    await dialog.getByLabel('Title').fill(machines);
    await dialog.getByLabel('Path').fill('machines');
    await dialog.getByLabel('Page', { exact: true }).fill('system/job/index');
    await dialog.getByLabel('Page', { exact: true }).press('Enter');
    await dialog.getByLabel('Component name').fill(`Machines${suffix}`);
    await dialog.getByLabel('Permission').fill('job:list');
    await dialog.screenshot({ path: shot('system-menu-form-en') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await menus
      .getByRole('row', { name: new RegExp(directory) })
      .getByRole('button', { name: /Expand row/ })
      .click();
    await expect(menus.getByRole('row', { name: new RegExp(machines) })).toBeVisible();

    // A role that grants only that page.
    await page.goto('/system/role');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Add role' });
    await dialog.getByLabel('Name').fill(role);
    await dialog.getByLabel('Name').press('Enter');
    await expect(dialog).toBeHidden();
    await page.getByRole('radio', { name: `Choose ${role}` }).check();
    const tree = page.getByRole('tree', { name: `Menus and buttons of ${role}` });
    await tree.getByRole('checkbox', { name: machines }).click();
    await expect(tree.getByRole('checkbox', { name: machines })).toBeChecked();
    const preview = page.getByRole('navigation', { name: 'Sidebar preview' });
    await expect(preview.getByRole('menuitem')).toHaveText(['Home', directory, machines]);
    await tree.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('system-role-menus-en') });
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/roles/menu'));
    await page.getByRole('button', { name: 'Save menus' }).click();
    expect((await saved).status()).toBe(204);

    // A user holding that role, created without a password.
    await page.goto('/system/user');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Nickname').fill(`Agent ${suffix}`);
    await dialog.getByLabel('Phone').fill('12345');
    await dialog.getByLabel('Department').click();
    await pickOption(page, 'Head Office');
    await dialog.getByLabel('Roles').fill(role);
    await dialog.getByLabel('Roles').press('Enter');
    await dialog.getByLabel('Roles').press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Must be 11 digits starting with 1')).toBeVisible();
    await dialog.getByLabel('Phone').fill('13912345678');
    await expect(dialog.getByText('Must be 11 digits starting with 1')).toBeHidden();
    await dialog.screenshot({ path: shot('system-user-form-en') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(username) })).toBeVisible();

    // The new user must choose a password first, then sees exactly the granted menu.
    const agent = await newPage(browser);
    await signInAs(agent, username, DEFAULT_USER_PASSWORD);
    await expect(agent.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(agent).toHaveURL(/\/password-change/);
    await agent.goto('/dashboard');
    await expect(agent.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await agent.screenshot({ path: shot('password-change-required-en') });
    await agent.getByLabel('Current password').fill(DEFAULT_USER_PASSWORD);
    await agent.getByLabel('New password', { exact: true }).fill('Agent-pass-2048');
    await agent.getByLabel('Repeat the new password').fill('Agent-pass-2048');
    await agent.getByLabel('Repeat the new password').press('Enter');
    await expect(agent).toHaveURL(/\/dashboard$/);
    const nav = sidebar(agent);
    await nav.getByRole('menuitem', { name: directory }).click();
    await expect(nav.getByRole('menuitem')).toHaveText(['Home', directory, machines]);
    await nav.getByRole('link', { name: machines }).click();
    await expect(agent).toHaveURL(new RegExp(`/field-${suffix}/machines$`));
    await expect(agent.getByRole('region', { name: 'Jobs' })).toBeVisible();
    // The role grants the list, not its buttons.
    await expect(agent.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
    await expect(agent.getByRole('button', { name: /^Edit / })).toHaveCount(0);

    // Removing the page from the role takes it out of the holder's sidebar without a new sign-in.
    await page.goto('/system/role');
    await page.getByRole('radio', { name: `Choose ${role}` }).check();
    await expect(tree.getByRole('checkbox', { name: machines })).toBeChecked();
    await tree.getByRole('checkbox', { name: machines }).click();
    await expect(preview).toHaveCount(0);
    await page.getByRole('button', { name: 'Save menus' }).click();
    await expect(nav.getByRole('menuitem', { name: directory })).toHaveCount(0);
    await agent.context().close();
  });

  test('an edited dictionary entry shows in a dropdown already open in another console', async ({
    page,
    browser,
    admin: api,
  }) => {
    const details = (await (
      await api.get('api/dictDetail', { dictName: 'user_status', page: 0, size: 9999 })
    ).json()) as {
      content: { id: number; label: string; value: string; dictSort: number; dict: { id: number } }[];
    };
    const active = details.content.find((entry) => entry.value === 'true')!;
    const renamed = `Active ${uniqueSuffix()}`;
    try {
      const other = await newPage(browser);
      await signIn(other);
      await other.goto('/system/user');
      const filters = other.getByRole('search', { name: 'Search filters' });
      await filters.getByLabel('Status').click();
      const dropdown = other.locator('.ant-select-dropdown:visible');
      await expect(dropdown.getByTitle(active.label, { exact: true })).toBeVisible();

      await openConsole(page);
      await page.goto('/system/dict');
      await page.getByRole('radio', { name: 'Show entries of user_status' }).check();
      const entries = page.getByRole('region', { name: 'Entries of user_status' });
      await entries.getByRole('button', { name: `Edit ${active.label}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit entry of user_status' });
      await dialog.getByLabel('Label').fill(renamed);
      await dialog.getByLabel('Label').press('Enter');
      await expect(dialog).toBeHidden();
      await expect(entries.getByRole('cell', { name: renamed, exact: true })).toBeVisible();

      // Still open, never reloaded: the push from the server refreshed the dictionary.
      await expect(dropdown.getByTitle(renamed, { exact: true })).toBeVisible();
      await other.screenshot({ path: shot('dict-pushed-to-open-dropdown-en') });
      await other.context().close();
    } finally {
      await api.put('api/dictDetail', { ...active, label: active.label });
    }
  });
});

test('lists page and sort on the server, remember the chosen columns and export under the server’s name', async ({
  page,
  admin: api,
}) => {
  const prefix = `Driver ${uniqueSuffix()}`;
  for (let index = 1; index <= 12; index++) {
    const created = await api.post('api/job', { name: `${prefix} ${String(index).padStart(2, '0')}`, jobSort: index });
    expect(created.status()).toBe(201);
  }
  try {
    await openConsole(page);
    await page.goto('/system/job');
    const jobs = page.getByRole('region', { name: 'Jobs' });
    const filters = page.getByRole('search', { name: 'Search filters' });
    await filters.getByLabel('Name').fill(prefix);
    await filters.getByLabel('Name').press('Enter');
    await expect(jobs.getByText('12 in total')).toBeVisible();
    await expect(jobs.getByRole('row')).toHaveCount(11);

    const second = page.waitForRequest((call) => call.url().includes('/api/job?') && call.url().includes('page=1'));
    await jobs.getByRole('listitem', { name: '2', exact: true }).click();
    expect(new URL((await second).url()).searchParams.get('name')).toBe(prefix);
    await expect(jobs.getByRole('row')).toHaveCount(3);

    const sorted = page.waitForRequest((call) => new URL(call.url()).searchParams.getAll('sort').includes('name,desc'));
    await jobs.getByRole('columnheader', { name: 'Name' }).click();
    await jobs.getByRole('columnheader', { name: 'Name' }).click();
    await sorted;
    await expect(jobs.getByRole('row').nth(1)).toContainText(`${prefix} 12`);

    await jobs.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Created' }).uncheck();
    await expect(jobs.getByRole('columnheader', { name: 'Created' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Jobs' }).getByRole('columnheader', { name: 'Sort' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Jobs' }).getByRole('columnheader', { name: 'Created' })).toHaveCount(
      0,
    );

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/^\d{13}-jobs\.xlsx$/);

    // Escape closes a form without saving; deleting asks first.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add job' });
    await dialog.getByLabel('Name').fill('Never saved');
    await dialog.getByLabel('Name').press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: `Delete ${prefix} 01` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete “${prefix} 01”?` });
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${prefix} 01`) })).toHaveCount(0);
  } finally {
    const left = (await (await api.get('api/job', { name: prefix, page: 0, size: 100 })).json()) as {
      content: { id: number }[];
    };
    if (left.content.length > 0)
      await api.delete(
        'api/job',
        left.content.map((job) => job.id),
      );
  }
});

/**
 * Each system page, and a seeded name it shows in the console's language (the users page searched
 * for the seeded administrator, since other tests add users ahead of it).
 */
const PAGES = [
  {
    path: '/system/user',
    name: 'users',
    region: { en: 'Users', zh: '用户列表' },
    seeded: { en: 'R&D', zh: '研发部' },
    keyword: 'admin',
  },
  {
    path: '/system/role',
    name: 'roles',
    region: { en: 'Roles', zh: '角色列表' },
    seeded: { en: 'Administrator', zh: '管理员' },
  },
  {
    path: '/system/menu',
    name: 'menus',
    region: { en: 'Menus', zh: '菜单列表' },
    seeded: { en: 'System', zh: '系统管理' },
  },
  {
    path: '/system/dept',
    name: 'depts',
    region: { en: 'Departments', zh: '部门列表' },
    seeded: { en: 'Head Office', zh: '总部' },
  },
  {
    path: '/system/job',
    name: 'jobs',
    region: { en: 'Jobs', zh: '岗位列表' },
    seeded: { en: 'Engineer', zh: '工程师' },
  },
  {
    path: '/system/dict',
    name: 'dicts',
    region: { en: 'Dictionaries', zh: '字典列表' },
    seeded: { en: 'User status', zh: '用户状态' },
  },
] as const;

for (const language of ['en', 'zh'] as const) {
  test(`screenshots of the system pages (${language})`, async ({ browser }) => {
    // Seven pages, each loaded afresh: about 30 s on a quiet machine, and more than twice that on
    // a two-core machine running two browsers and two servers.
    test.setTimeout(150_000);
    const page = await newPage(browser, language === 'en' ? 'en-US' : 'zh-CN');
    await signIn(page, { language: language === 'en' ? 'en' : 'zh-CN' });
    for (const entry of PAGES) {
      await page.goto(entry.path);
      const table = page.getByRole('region', { name: entry.region[language] });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      if ('keyword' in entry) {
        await page.getByRole('textbox', { name: language === 'en' ? 'Keyword' : '关键词' }).fill(entry.keyword);
        await page.getByRole('button', { name: /^(Search|搜\s?索)$/ }).click();
      }
      await expect(table.getByText(entry.seeded[language]).first()).toBeVisible();
      if (entry.name === 'dicts') await table.getByRole('radio').first().check();
      if (entry.name === 'roles') await table.getByRole('radio').first().check();
      if (entry.name === 'roles') await expect(page.getByRole('tree').getByRole('checkbox').first()).toBeVisible();
      if (entry.name === 'depts' || entry.name === 'menus') {
        await table
          .getByRole('button', { name: /Expand row|展开行/ })
          .first()
          .click();
      }
      await page.screenshot({ path: shot(`system-${entry.name}-${language}`) });
      if (entry.name === 'roles') {
        await page.getByRole('tree').scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot(`system-roles-menus-${language}`) });
      }
    }
    await page.goto('/user/center');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await page.screenshot({ path: shot(`personal-center-${language}`) });
    await page.context().close();
  });
}
