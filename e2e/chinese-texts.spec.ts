import type { Locator } from '@playwright/test';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { beating } from './support/field.ts';
import { expect, test } from './support/fixtures.ts';
import { fillSignIn, shot } from './support/sign-in.ts';
import { cellUnder } from './support/system-pages.ts';
import { ADMIN_PASSWORD } from './support/test-server.ts';

test.use({ locale: 'zh-CN' });

/** English words in what a person reads there, codes (a serial number) and units aside: none may be left. */
async function englishIn(place: Locator, codes: readonly string[] = []): Promise<string[]> {
  const text = codes.reduce((left, code) => left.replaceAll(code, ''), await place.innerText());
  return (text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !['TDS', 'ppm'].includes(word));
}

/** An agent and a site of it named in Chinese, and a machine selling there (registered through the API). */
async function machineAtSite(admin: Api, suffix: string) {
  const ok = async (answer: Awaited<ReturnType<Api['post']>>, status = 201) =>
    expect(answer.status(), await answer.text()).toBe(status);
  await ok(
    await admin.post('api/agents', {
      code: `CN-${suffix}`,
      name: `滨海水务${suffix}`,
      level: 'PLATFORM',
      contactName: '周敏',
      contactPhone: '139 0000 4444',
      commissionRate: '20',
      machineQuota: 5,
    }),
  );
  const [agent] = (await (await admin.get('api/agents', { blurry: `CN-${suffix}` })).json()).content;
  await ok(await admin.put(`api/agents/${agent.id}/review`, { action: 'APPROVE' }), 200);
  const siteName = `海景花园${suffix}`;
  await ok(
    await admin.post('api/sites', {
      agentId: agent.id,
      name: siteName,
      type: 'RESIDENTIAL',
      address: '海滨路 3 号',
      feeType: 'RENT',
      feeValue: 0,
    }),
  );
  const [site] = (await (await admin.get('api/sites', { blurry: siteName })).json()).content;
  await ok(
    await admin.post('api/machine-models', {
      code: `CM-${suffix}`,
      name: `净水机${suffix}`,
      taps: 1,
      waterTypes: 'COLD',
      tankLitres: 40,
      outputLph: 40,
      billing: 'FLOW',
      pulsesPerLitre: 450,
    }),
  );
  const [model] = (await (await admin.get('api/machine-models', { blurry: `CM-${suffix}` })).json()).content;
  const registered = await admin.post('api/machines', { serialNo: `WC${suffix}`, modelId: model.id });
  await ok(registered);
  const { machine, secret } = await registered.json();
  await ok(await admin.post('api/machines/allocate', { machineIds: [machine.id], agentId: agent.id }), 200);
  await ok(await admin.put(`api/machines/${machine.id}/lifecycle`, { action: 'INSTALL', siteId: site.id }), 200);
  return { siteName, serialNo: machine.serialNo as string, secret: secret as string };
}

test('in Chinese, what the server says is Chinese: a refused sign-in, a site that keeps its machines, an alarm’s detail, the seeded menus', async ({
  page,
  admin,
  testServer,
}) => {
  const suffix = uniqueSuffix();
  const { siteName, serialNo, secret } = await machineAtSite(admin, suffix);
  // Beating on, so that however slow the run it never goes offline (a second alarm) before its alarm is read.
  const heart = beating(new VirtualMachine(testServer.baseURL, { serialNo, secret }), { tdsOut: 90, tankLevel: 70 });

  // A wrong password, refused in Chinese; then the right one.
  await page.goto('/login');
  await fillSignIn(page, 'not-the-password', { language: 'zh-CN' });
  const refusal = page.getByRole('alert');
  await expect(refusal).toHaveText('用户名或密码错误');
  await page.screenshot({ path: shot('chinese-texts-sign-in') });
  await fillSignIn(page, ADMIN_PASSWORD, { language: 'zh-CN' });
  await expect(page.getByText('欢迎，admin')).toBeVisible();

  // A site a machine stands at is kept, and the console says why in Chinese.
  await page.goto('/business/sites');
  const sites = page.getByRole('region', { name: '点位列表' });
  await page.getByPlaceholder('名称、地址或业主').fill(siteName);
  await page.getByRole('button', { name: '搜索' }).click();
  await sites.getByRole('button', { name: `删除 ${siteName}` }).click();
  const question = page.getByRole('dialog', { name: `确定删除“${siteName}”吗？` });
  await question.getByRole('button', { name: '删除', exact: true }).click();
  const kept = page.getByRole('alert').filter({ hasText: '仍有设备' });
  await expect(kept).toContainText(`「${siteName}」仍有设备：有设备的点位不能删除`);
  expect(await englishIn(kept, [suffix])).toEqual([]);
  await page.screenshot({ path: shot('chinese-texts-site-kept') });

  // The machine's water-quality alarm says what it measured in Chinese.
  await page.goto('/business/alarms');
  await page.getByPlaceholder('设备编号').fill(serialNo);
  await page.getByRole('button', { name: '搜索' }).click();
  const alarms = page.getByRole('region', { name: '告警列表' });
  const row = alarms.getByRole('row', { name: new RegExp(serialNo) });
  await expect(row).toBeVisible();
  const detail = await cellUnder(alarms, row, '详情');
  await expect(detail).toHaveText('出水 TDS 90 ppm');
  expect(await englishIn(row, [serialNo, suffix])).toEqual([]);
  await page.screenshot({ path: shot('chinese-texts-alarm') });
  await heart.stop();

  // The Menus page names the seeded menus as the sidebar does.
  await page.goto('/system/menu');
  const menus = page.getByRole('region', { name: '菜单列表' });
  await expect(menus.getByRole('row', { name: /系统管理/ })).toBeVisible();
  await expect(menus.getByRole('row', { name: /业务管理/ })).toBeVisible();
  await menus
    .getByRole('row', { name: /系统管理/ })
    .getByRole('button', { name: '展开行' })
    .click();
  await expect(menus.getByRole('row', { name: /用户管理/ })).toBeVisible();
  const titles = await Promise.all(
    (await menus.getByRole('row').all())
      .slice(1)
      .map(async (each) => (await cellUnder(menus, each, '标题')).innerText()),
  );
  expect(titles.length).toBeGreaterThan(3);
  expect(titles.filter((title) => /[A-Za-z]{2,}/.test(title))).toEqual([]);
  await page.screenshot({ path: shot('chinese-texts-menus') });
});
