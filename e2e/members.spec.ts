import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { pickOption } from './support/system-pages.ts';

test.use({ signedIn: true, locale: 'zh-CN' });

/** A coupon of the platform pushed by staff, started; answers its id. */
async function pushedCoupon(admin: Api, name: string): Promise<number> {
  const created = await admin.post('api/coupons/templates', {
    name,
    type: 'AMOUNT_OFF',
    value: 50,
    minSpend: 0,
    scope: 'ALL',
    issueType: 'PUSH',
    total: 0,
    perMember: 1,
    validType: 'DAYS',
    validDays: 30,
    fundedBy: 'PLATFORM',
  });
  expect(created.status(), await created.text()).toBe(201);
  const [template] = (await (await admin.get('api/coupons/templates', { blurry: name })).json()).content;
  expect((await admin.put(`api/coupons/templates/${template.id}/status`, { status: 'ACTIVE' })).status()).toBe(204);
  return template.id;
}

test('a member’s detail: their coupons and orders, and a coupon issued to them without typing their phone @phone', async ({
  page,
  admin,
}) => {
  const suffix = uniqueSuffix();
  const phone = `1396${String(Date.now()).slice(-7)}`;
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  const welcome = await pushedCoupon(admin, `欢迎礼 ${suffix}`);
  await pushedCoupon(admin, `回馈券 ${suffix}`);
  const pushed = await admin.post(`api/coupons/templates/${welcome}/push`, { phones: [phone] });
  expect(await pushed.json()).toEqual({ issued: 1, refused: [] });

  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('water-console-language', 'zh-CN'));
  await openConsole(page, '/business/members', 'zh-CN');
  await page.getByPlaceholder('完整号码或尾号').fill(phone);
  await page.getByRole('button', { name: '搜索' }).click();
  const members = page.getByRole('region', { name: '会员列表' });
  await members.getByRole('button', { name: `查看 ${masked} 详情` }).click();

  const detail = page.getByRole('dialog', { name: `会员 ${masked}` });
  await expect(detail.getByRole('region', { name: '近 92 天的订单' })).toBeVisible();
  const coupons = detail.getByRole('region', { name: '优惠券' });
  await expect(coupons.getByRole('row', { name: new RegExp(`欢迎礼 ${suffix}`) })).toContainText('未使用');
  expect(await fitsScreenWidth(page, detail)).toBe(true);

  await detail.getByRole('button', { name: '发放优惠券' }).click();
  const issue = page.getByRole('dialog', { name: `向 ${masked} 发放优惠券` });
  // Found by name on the server, however many other coupons are being pushed.
  await issue.getByLabel('优惠券').fill(suffix);
  await pickOption(page, `回馈券 ${suffix}`);
  await page.screenshot({ path: shot('member-issue-zh') });
  await issue.getByRole('button', { name: '发放优惠券' }).click();
  await expect(page.getByRole('alert').getByText('优惠券已发放')).toBeVisible();
  await expect(issue).toBeHidden();
  await expect(coupons.getByRole('row', { name: new RegExp(`回馈券 ${suffix}`) })).toContainText('未使用');
  await page.screenshot({ path: shot('member-detail-zh') });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // The same coupon again: the member already holds as many as allowed, and is told so.
  await detail.getByRole('button', { name: '发放优惠券' }).click();
  // Found by name on the server, however many other coupons are being pushed.
  await issue.getByLabel('优惠券').fill(suffix);
  await pickOption(page, `回馈券 ${suffix}`);
  await issue.getByRole('button', { name: '发放优惠券' }).click();
  await expect(page.getByRole('alert').getByText('已达限领数量')).toBeVisible();
});
