import { uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';

test.use({ signedIn: true });

test('coupons: a coupon is added in its form, started, pushed to members by phone, and found among the issued @phone', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const name = `Spring ${suffix}`;
  const phone = `1397${String(Date.now()).slice(-7)}`;
  await openConsole(page, '/business/coupons');
  const templates = page.getByRole('region', { name: 'Coupon templates' });
  await templates.getByRole('button', { name: 'Add' }).click();
  const form = page.getByRole('dialog', { name: 'Add coupon' });
  expect(await fitsScreenWidth(page, form)).toBe(true);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Amount off (yuan)').fill('0.5');
  await form.getByLabel('Minimum spend (yuan)').fill('1');
  await form.getByLabel('Days', { exact: true }).fill('14');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const row = templates.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('CN¥0.50 off');
  await expect(row).toContainText('From CN¥1.00');
  await expect(row).toContainText('14 days after issue');
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: `Start ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Start issuing “${name}”?` });
  await confirm.getByRole('button', { name: 'Start' }).click();
  await expect(row).toContainText('Active');
  // A started coupon is no longer edited or deleted.
  await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeDisabled();

  await row.getByRole('button', { name: `Push ${name}` }).click();
  const push = page.getByRole('dialog', { name: `Push “${name}” to members` });
  await push.getByLabel('Mobile numbers').fill(`${phone}\nnot-a-phone`);
  await push.getByRole('button', { name: 'Push' }).click();
  await expect(push).toContainText('1 issued · 1 not issued');
  await expect(push).toContainText('not-a-phone: Not a mobile number');
  await page.screenshot({ path: shot('coupon-push-en') });
  await push.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('1');

  await page.getByRole('tab', { name: 'Issued coupons' }).click();
  await page.getByPlaceholder('Coupon code or whole phone').fill(phone);
  await page.getByRole('button', { name: 'Search' }).click();
  const issued = page.getByRole('region', { name: 'Issued coupons' });
  const coupon = issued.getByRole('row', { name: new RegExp(name) });
  await expect(coupon).toContainText('Unused');
  await expect(coupon).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
