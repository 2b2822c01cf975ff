import { expect, test } from './support/fixtures.ts';
import { openConsole } from './support/sign-in.ts';

test.describe('date pickers in Chinese', () => {
  test.use({ locale: 'zh-CN', signedIn: true });

  test('name the month and the weekdays in Chinese', { tag: '@phone' }, async ({ page }) => {
    await openConsole(page, '/system/job', 'zh-CN');
    // A phone keeps the range among the filters behind one button.
    if (test.info().project.name === 'phone') await page.getByRole('button', { name: '筛选' }).click();
    await page.getByPlaceholder('开始日期').click();
    const panel = page.locator('.ant-picker-dropdown').first();
    await expect(panel).toBeVisible();
    await expect(panel.locator('.ant-picker-month-btn').first()).toHaveText(/^\d{1,2}月$/);
    await expect(panel.locator('thead').first()).toHaveText('一二三四五六日');
    await expect(panel).not.toContainText(/Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mo|Tu/);
  });
});
