import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import { expect, signedInState, test } from './support/fixtures.ts';
import { APP_TITLE } from './support/shell.ts';
import { openConsole, shot, signIn } from './support/sign-in.ts';

const SETTINGS_PATH = `api/global/setting?sideCode=${GLOBAL_SETTING_QUERY.sideCode}&fromType=${GLOBAL_SETTING_QUERY.fromType}`;

test.describe('global settings', () => {
  test.afterEach(async ({ admin }) => {
    expect((await admin.put(SETTINGS_PATH, {})).status()).toBe(204);
  });

  test('their title, footer text, case number and publicity override the built-in ones', { tag: '@phone' }, async ({
    page,
    admin,
  }) => {
    const stored = await admin.put(SETTINGS_PATH, {
      title: 'Water Co. Console',
      footerTxt: '© Water Co. · service hotline 400-000-0000',
      caseNumber: 'ICP 2026-001',
      publicity: { title: 'Service notice', body: 'Prices change on 1 December.', contact: '400-000-0000' },
    });
    expect(stored.status()).toBe(204);

    await page.goto('/login');
    await expect(page).toHaveTitle('Login - Water Co. Console');
    await signIn(page);
    await expect(page).toHaveTitle('Home - Water Co. Console');
    await expect(page.getByText('© Water Co. · service hotline 400-000-0000')).toBeVisible();
    const caseNumber = page.getByRole('link', { name: 'ICP 2026-001' });
    await expect(caseNumber).toHaveAttribute('target', '_blank');

    await page.goto('/publicity');
    await expect(page.getByRole('heading', { name: 'Service notice' })).toBeVisible();
    await expect(page.getByText('Prices change on 1 December.')).toBeVisible();
    await expect(page.getByText('Contact: 400-000-0000')).toBeVisible();
    await page.screenshot({ path: shot('publicity-en-desktop') });
  });

  test('a failed fetch quietly keeps the built-in texts', async ({ page }) => {
    await page.route('**/api/global/setting**', (route) => route.abort('connectionrefused'));
    await signIn(page);
    await expect(page).toHaveTitle(`Home - ${APP_TITLE}`);
    await expect(page.getByText(`© ${new Date().getFullYear()} ${APP_TITLE}`)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.goto('/publicity');
    await expect(page.getByText('There is no public announcement at the moment.')).toBeVisible();
  });
});

test.describe('the global settings page', () => {
  // Signing in is not the point here: the administrator's console opens with the worker's session.
  test.use({ signedIn: true });
  const uploaded: number[] = [];

  test.afterEach(async ({ admin }) => {
    expect((await admin.put(SETTINGS_PATH, {})).status()).toBe(204);
    if (uploaded.length > 0) expect((await admin.delete('api/file', uploaded.splice(0))).status()).toBeLessThan(300);
  });

  test('settings edited on their page show on the publicity page, in an already-open console and on the login page', {
    tag: '@phone',
  }, async ({ page, browser, adminToken, baseURL }) => {
    test.setTimeout(90_000);
    // A second console, open before anything changes, signed in as the same administrator.
    const otherContext = await browser.newContext({
      baseURL,
      storageState: signedInState(adminToken),
    });
    const other = await otherContext.newPage();
    await openConsole(other);
    await expect(other.getByText(`© ${new Date().getFullYear()} ${APP_TITLE}`)).toBeVisible();

    await openConsole(page, '/sys-tools/settings');
    const preview = page.getByTestId('footer-preview');
    await expect(preview).toContainText(`© ${new Date().getFullYear()} ${APP_TITLE}`);
    await page.getByLabel('Console title').fill('Water Co. Console');
    await page.getByLabel('Footer text').fill('© Water Co. · hotline 400-000-0000');
    await page.getByLabel('Case number (ICP)').fill('ICP 2026-042');
    // The preview follows every key press.
    await expect(preview).toContainText('© Water Co. · hotline 400-000-0000');
    await expect(preview).toContainText('ICP 2026-042');
    await page.getByLabel('Heading', { exact: true }).fill('Water cut on Sunday');
    await page
      .getByLabel('Text', { exact: true })
      .fill('Pipes are renewed in the north district.\nWater returns at 18:00.');
    await page.getByLabel('Contact', { exact: true }).fill('400-000-0000');

    // An image, uploaded to the picture store.
    const picture = await page.getByTestId('footer-preview').screenshot();
    const upload = page.waitForResponse((response) => response.url().endsWith('/api/pictures'));
    await page.locator('input[type=file]').setInputFiles({ name: 'pipes.png', mimeType: 'image/png', buffer: picture });
    const stored = (await (await upload).json()) as { id: number; url: string };
    uploaded.push(stored.id);
    const publicityPreview = page.getByTestId('publicity-preview');
    await expect(publicityPreview.getByRole('img', { name: 'Water cut on Sunday: image 1' })).toBeVisible();
    await expect(publicityPreview.getByRole('heading', { name: 'Water cut on Sunday' })).toBeVisible();
    await page.screenshot({ path: shot('global-settings-en-desktop'), fullPage: true });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Settings saved; every open console shows them now.')).toBeVisible();
    // This console and the one already open elsewhere change at once, without reloading.
    await expect(page.getByText('© Water Co. · hotline 400-000-0000', { exact: true }).last()).toBeVisible();
    await expect(other.getByText('© Water Co. · hotline 400-000-0000')).toBeVisible();
    await expect(other.getByRole('link', { name: 'ICP 2026-042' })).toBeVisible();
    await expect(other).toHaveTitle('Home - Water Co. Console');
    await otherContext.close();

    await page.goto('/publicity');
    await expect(page.getByRole('heading', { name: 'Water cut on Sunday' })).toBeVisible();
    await expect(page.getByText('Water returns at 18:00.')).toBeVisible();
    const image = page.getByRole('img', { name: 'Water cut on Sunday: image 1' });
    await expect(image).toHaveAttribute('src', stored.url);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText('Contact: 400-000-0000')).toBeVisible();
    await page.screenshot({ path: shot('publicity-edited-en-desktop'), fullPage: true });

    // A visitor who has not signed in sees them on the login page.
    const visitorContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/login');
    await expect(visitor).toHaveTitle('Login - Water Co. Console');
    await expect(visitor.getByRole('contentinfo')).toContainText('© Water Co. · hotline 400-000-0000');
    await expect(visitor.getByRole('link', { name: 'ICP 2026-042' })).toHaveAttribute(
      'href',
      'https://beian.miit.gov.cn/',
    );
    await visitor.screenshot({ path: shot('login-with-settings-en-desktop') });
    await visitorContext.close();
  });

  for (const language of ['en', 'zh'] as const) {
    test.describe(`in ${language}`, () => {
      test.use({ locale: language === 'en' ? 'en-US' : 'zh-CN' });

      test(`screenshots of the global settings page (${language})`, { tag: '@phone' }, async ({ page, admin }) => {
        const en = language === 'en';
        const stored = await admin.put(SETTINGS_PATH, {
          title: en ? 'Water Co. Console' : '水务公司控制台',
          footerTxt: en ? '© Water Co. · hotline 400-000-0000' : '© 水务公司 · 热线 400-000-0000',
          caseNumber: 'ICP 2026-042',
          publicity: {
            title: en ? 'Water cut on Sunday' : '周日停水通知',
            body: en ? 'Pipes are renewed in the north district.' : '北区更换管道，18:00 恢复供水。',
            contact: '400-000-0000',
          },
        });
        expect(stored.status()).toBe(204);
        await openConsole(page, '/sys-tools/settings', en ? 'en' : 'zh-CN');
        await expect(page.getByTestId('publicity-preview').getByRole('heading')).toBeVisible();
        // Nothing scrolls sideways, on a phone as on a desktop.
        const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(await sideways()).toBe(false);
        await page.screenshot({ path: shot(`global-settings-${language}`), fullPage: true });
        await page.goto('/findPassword');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await sideways()).toBe(false);
        await page.screenshot({ path: shot(`find-password-${language}`) });
      });
    });
  }
});
