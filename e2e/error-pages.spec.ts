import { expect, test } from './support/fixtures.ts';
import { APP_TITLE } from './support/shell.ts';
import { shot } from './support/sign-in.ts';

test.describe('error pages', () => {
  test('/404 and /401 are public and lead home', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/404');
    await expect(page).toHaveTitle(`Page not found - ${APP_TITLE}`);
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await page.screenshot({ path: shot('404-en-desktop') });

    await page.goto('/401');
    await expect(page).toHaveTitle(`No permission - ${APP_TITLE}`);
    await expect(page.getByText('Sorry, you do not have permission to view this page.')).toBeVisible();
    await expect(page.getByText(/ask an administrator to grant it/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    // Home needs a sign-in first.
    await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
  });
});

test.describe('error pages in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('speak Chinese', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
    await page.goto('/401');
    await expect(page.getByText('抱歉，您没有权限访问此页面。')).toBeVisible();
  });
});
