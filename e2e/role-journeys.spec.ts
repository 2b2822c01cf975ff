import type { Browser, Page } from '@playwright/test';
import { uniqueSuffix } from './support/accounts.ts';
import { type Api, apiAs, apiSignIn } from './support/api.ts';
import { expect, signedInState, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { idOf } from './support/system-pages.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/test-server.ts';

test.use({ signedIn: true });

const PASSWORD = 'Journey-pass-1';

/**
 * Words of the Latin alphabet a Chinese console may show: names of products and standards, units,
 * and codes that are codes in every language.
 */
const ALLOWED = new Set(
  [
    'admin',
    'API',
    'CPU',
    'CN',
    'Excel',
    // Service-level agreement: the Chinese console names it so too (SLA 管理).
    'SLA',
    'HTTP',
    'HTTPS',
    'ICCID',
    'ID',
    'IMEI',
    'IP',
    'JSON',
    'KB',
    'MB',
    'GB',
    'TB',
    'MQTT',
    'PDF',
    'PostgreSQL',
    'PGlite',
    'PP',
    'RO',
    'SQL',
    'SHA',
    'ICP',
    'GET',
    'POST',
    'PUT',
    'DELETE',
    'TDS',
    'UV',
    'WeChat',
    'Alipay',
    'eladmin',
    'Node',
    'js',
    'ms',
    'ml',
    'L',
    'h',
  ].map((word) => word.toLowerCase()),
);

/** A user signed in on a page of its own, in Chinese, at the viewport of the test's project. */
async function consoleOf(browser: Browser, baseURL: string, username: string, password: string, page: Page) {
  const viewport = page.viewportSize() ?? { width: 1366, height: 800 };
  const request = (await browser.newContext({ baseURL })).request;
  const token = await apiSignIn(request, username, password);
  const context = await browser.newContext({
    baseURL,
    storageState: signedInState(token),
    viewport,
    locale: 'zh-CN',
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => localStorage.setItem('water-console-language', 'zh-CN'));
  return { context, api: apiAs(request, token) };
}

/** A node of `api/menus/build`, as far as the journey reads it. */
interface RouteNode {
  path: string;
  component?: string;
  hidden?: boolean;
  children?: RouteNode[];
}

/** The in-app pages a user's menus show (hidden entries and external links left out). */
function pagesOf(nodes: readonly RouteNode[], parent = ''): string[] {
  return nodes.flatMap((node) => {
    if (/^https?:\/\//.test(node.path) || node.hidden) return [];
    const url = node.path.startsWith('/') ? node.path : `${parent}/${node.path}`;
    const own = node.component && !['Layout', 'ParentView'].includes(node.component) ? [url] : [];
    return [...own, ...pagesOf(node.children ?? [], url)];
  });
}

/**
 * The interface's own words on the page: headings, labels, buttons, column titles, tags,
 * placeholders, notices (the records' values, typed by people, are left out; their codes shown
 * as tags are not).
 */
function interfaceWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const chrome = [
      'header',
      'aside',
      '[role=tablist]',
      'nav',
      'main h1, main h2, main h3, main h4, main h5',
      'main label',
      'main button',
      'main th',
      'main .ant-tag',
      'main .ant-alert',
      'main .ant-empty',
      'main .ant-descriptions-item-label',
      'main .ant-pagination',
      'main .ant-segmented',
      'main .ant-card-head',
      'main .ant-statistic-title',
    ].join(', ');
    const texts: string[] = [];
    document.querySelectorAll<HTMLElement>(chrome).forEach((element) => {
      // A button or link inside a record's row names the record (its number, its name).
      if (element.matches('button') && element.closest('tbody, .ant-list-item-meta-title')) return;
      // Names of records (an agent's, heading its card) are marked not to be translated.
      let text = element.innerText;
      element.querySelectorAll<HTMLElement>('[translate="no"]').forEach((name) => {
        text = text.replace(name.innerText, '');
      });
      texts.push(text);
    });
    document
      .querySelectorAll<HTMLInputElement>('main input[placeholder], main textarea[placeholder]')
      .forEach((field) => {
        texts.push(field.placeholder);
      });
    return texts.join('\n').match(/[A-Za-z][A-Za-z'’]+/g) ?? [];
  });
}

/** Opens every page of a user's menus and says what is wrong with each. */
async function walk(
  page: Page,
  api: Api,
  allowedNames: readonly string[],
  { noMoney = false }: { noMoney?: boolean } = {},
): Promise<string[]> {
  const built = await api.get('api/menus/build');
  const pages = pagesOf((await built.json()) as RouteNode[]);
  expect(pages.length).toBeGreaterThan(0);
  const problems: string[] = [];
  const allowed = new Set([...ALLOWED, ...allowedNames.flatMap((name) => name.toLowerCase().split(/[^a-z]+/))]);
  for (const url of pages) {
    const refused: string[] = [];
    const watch = (response: { status(): number; url(): string }) => {
      const path = new URL(response.url()).pathname;
      if (response.status() >= 400 && response.status() < 500 && /^\/(api|auth)\//.test(path)) {
        refused.push(`${response.status()} ${path}`);
      }
    };
    page.on('response', watch);
    await page.goto(url);
    // Every page a menu reaches is one this build has: it names itself once its code has loaded.
    await page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor({ timeout: 15_000 });
    if ((await page.getByText('页面不可用').count()) > 0) problems.push(`${url}: no such page in this build`);
    await expect(page.locator('main .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('main .ant-skeleton')).toHaveCount(0, { timeout: 15_000 });
    page.off('response', watch);
    if (refused.length > 0) problems.push(`${url}: its loading was refused: ${refused.join(', ')}`);
    const english = [...new Set((await interfaceWords(page)).filter((word) => !allowed.has(word.toLowerCase())))];
    if (english.length > 0) problems.push(`${url}: English words: ${english.join(' ')}`);
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) problems.push(`${url}: scrolls ${overflow}px sideways`);
    if (noMoney && /[¥￥]|元/.test(await page.locator('body').innerText())) problems.push(`${url}: shows money`);
    // Every row's actions are in view without scrolling the table sideways.
    const width = page.viewportSize()?.width ?? 1366;
    const hidden = await page.evaluate((right) => {
      let out = 0;
      document
        .querySelectorAll<HTMLElement>('main tbody td.ant-table-cell-fix-right, main .row-actions')
        .forEach((cell) => {
          const box = cell.getBoundingClientRect();
          if (box.width > 0 && (box.right > right + 1 || box.left < 0)) out++;
        });
      return out;
    }, width);
    if (hidden > 0) problems.push(`${url}: ${hidden} rows' actions out of view`);
  }
  return problems;
}

/** An approved agent of the platform, for staff to belong to. */
async function agentDept(admin: Api, suffix: string): Promise<number> {
  const created = await admin.post('api/agents', {
    code: `RJ-${suffix}`,
    name: `旅程代理 ${suffix}`,
    level: 'PLATFORM',
    contactName: '王芳',
    contactPhone: '139 0000 5555',
    commissionRate: '20',
    machineQuota: 5,
  });
  expect(created.status(), await created.text()).toBe(201);
  const [agent] = (await (await admin.get('api/agents', { blurry: `RJ-${suffix}` })).json()).content;
  expect((await admin.put(`api/agents/${agent.id}/review`, { action: 'APPROVE' })).status()).toBe(200);
  return agent.deptId;
}

/** A user of a department with roles, by name (seeded roles) or id. */
async function staff(admin: Api, username: string, deptId: number, roleIds: number[]) {
  const created = await admin.post('api/users', {
    username,
    nickName: username,
    dept: { id: deptId },
    roles: roleIds.map((id) => ({ id })),
    password: PASSWORD,
  });
  expect(created.status(), await created.text()).toBe(201);
}

const roleId = async (admin: Api, name: string) =>
  ((await (await admin.get('api/roles/all')).json()) as { id: number; name: string }[]).find(
    (role) => role.name === name,
  )?.id as number;

for (const role of ['administrator', 'agent manager', 'finance', 'user', 'technician', 'field technician'] as const) {
  test(`the ${role}'s every page opens in Chinese, asks nothing refused, speaks no English and fits @phone`, async ({
    admin,
    browser,
    page,
    testServer,
  }) => {
    // Every page of the role, in Chinese and on a phone: the administrator's are more than forty.
    test.setTimeout(420_000);
    const suffix = uniqueSuffix();
    let username = ADMIN_USERNAME;
    let password = ADMIN_PASSWORD;
    if (role !== 'administrator') {
      username = `rj_${role.replace(' ', '_')}_${suffix}`;
      password = PASSWORD;
      const firstDept = ((await (await admin.get('api/dept')).json()).content as { id: number }[])[0]?.id;
      if (role === 'agent manager') {
        await staff(admin, username, await agentDept(admin, suffix), [await roleId(admin, 'Agent manager')]);
      } else if (role === 'finance') {
        await staff(admin, username, firstDept as number, [await roleId(admin, 'Finance')]);
      } else if (role === 'user') {
        await staff(admin, username, firstDept as number, [await roleId(admin, 'User')]);
      } else if (role === 'field technician') {
        // The seeded Technician role: their own work orders, and no money anywhere.
        await staff(admin, username, firstDept as number, [await roleId(admin, 'Technician')]);
      } else {
        // Only the machines: their list and models, and their alarms.
        const menu = (title: string) => idOf(admin, 'api/menus', { blurry: title }, 'title', title);
        const name = `技术员 ${suffix}`;
        expect((await admin.post('api/roles', { name, level: 3, dataScope: '全部' })).status()).toBe(201);
        const id = await idOf(admin, 'api/roles', { blurry: name, page: 0, size: 50 }, 'name', name);
        const menus = await Promise.all(['Business', 'Machines', 'Machine models', 'Alarms'].map(menu));
        expect(
          (await admin.put('api/roles/menu', { id, menus: menus.map((menuId) => ({ id: menuId })) })).status(),
        ).toBe(204);
        await staff(admin, username, firstDept as number, [id]);
      }
    }
    const { context, api } = await consoleOf(browser, testServer.baseURL, username, password, page);
    try {
      const problems = await walk(await context.newPage(), api, [username], {
        noMoney: role === 'field technician',
      });
      expect(problems, `the ${role}'s pages`).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
