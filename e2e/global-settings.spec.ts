import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import { expect, test } from './support/fixtures.ts';
import { APP_TITLE } from './support/shell.ts';
import { shot, signIn } from './support/sign-in.ts';

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
