import type { Locator, Page } from '@playwright/test';
import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow, tabBar } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { notice, pickOption } from './support/system-pages.ts';

test.use({ signedIn: true });

/**
 * A machine allocated to an approved agent that has an open site and its own price policy, all
 * through the API: what a distributor has when a machine arrives at an agent to be installed.
 */
async function allocatedMachine(admin: Api, suffix: string) {
  const model = await admin.post('api/machine-models', {
    code: `LC-${suffix}`,
    name: `Lifecycle ${suffix}`,
    taps: 1,
    waterTypes: 'COLD',
    tankLitres: 50,
    outputLph: 50,
    billing: 'FLOW',
    pulsesPerLitre: 450,
  });
  expect(model.status()).toBe(201);
  const [{ id: modelId }] = (await (await admin.get('api/machine-models', { blurry: `LC-${suffix}` })).json()).content;
  const created = await admin.post('api/agents', {
    code: `LA-${suffix}`,
    name: `华南水务 ${suffix}`,
    level: 'PLATFORM',
    contactName: '赵磊',
    contactPhone: '139 0000 1111',
    commissionRate: '20',
    machineQuota: 5,
  });
  expect(created.status()).toBe(201);
  const [agent] = (await (await admin.get('api/agents', { blurry: `LA-${suffix}` })).json()).content;
  expect((await admin.put(`api/agents/${agent.id}/review`, { action: 'APPROVE' })).status()).toBe(200);
  const siteName = `滨江花园 ${suffix}`;
  const site = await admin.post('api/sites', {
    agentId: agent.id,
    name: siteName,
    type: 'RESIDENTIAL',
    address: '滨江路 8 号',
    feeType: 'RENT',
    feeValue: 0,
  });
  expect(site.status()).toBe(201);
  const policy = await admin.post('api/price-policies', {
    name: `代理商价格 ${suffix}`,
    scope: 'AGENT',
    scopeId: agent.id,
    priceWechat: 60,
    priceAlipay: 60,
    priceCard: 50,
    priceCoin: 100,
    memberPrice: null,
    discountPct: '0',
    effectiveFrom: '2020-01-01 00:00:00',
  });
  expect(policy.status()).toBe(201);
  const serial = `LC${suffix}`;
  const registered = await admin.post('api/machines', { serialNo: serial, modelId });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()).machine;
  expect((await admin.post('api/machines/allocate', { machineIds: [id], agentId: agent.id })).status()).toBe(200);
  return { id: id as number, serial, agentName: agent.name as string, siteLabel: `${siteName} · 滨江路 8 号` };
}

/** The actions a row offers, by the names people and screen readers know them by. */
async function offered(row: Locator, serial: string): Promise<string[]> {
  const names = await row
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return names.filter((name) => name.endsWith(serial)).map((name) => name.slice(0, -serial.length - 1));
}

/** Searches the list for one machine and answers its row. */
async function findMachine(page: Page, table: Locator, serial: string, placeholder: string, search: string) {
  await page.getByPlaceholder(placeholder).fill(serial);
  await page.getByRole('button', { name: search, exact: true }).click();
  const row = table.getByRole('row', { name: new RegExp(serial) });
  await expect(row).toBeVisible();
  return row;
}

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('a machine is installed, suspended, resumed, retired and restocked from the console, each step offering only what its state allows @phone', async ({
    page,
    admin,
  }) => {
    const suffix = uniqueSuffix();
    const { serial, agentName, siteLabel } = await allocatedMachine(admin, suffix);
    await openConsole(page, '/business/machines', 'zh-CN');
    const table = page.getByRole('region', { name: '设备列表' });
    const row = await findMachine(page, table, serial, '序列号、贴码或 IMEI', '搜索');
    const expectState = async (state: string, actions: string[]) => {
      await expect(row).toContainText(state);
      await expect.poll(() => offered(row, serial)).toEqual(['详情', '分配记录', '编辑', ...actions]);
      // The action column stays in view at the right, whatever the table's width.
      await expect(row.getByRole('button', { name: `详情 ${serial}` })).toBeInViewport();
    };

    await expectState('已分配', ['安装']);
    // An allocated machine's detail shows the prices its agent's policy sets (it sells at them once installed).
    await row.getByRole('button', { name: `详情 ${serial}` }).click();
    const drawer = page.getByRole('dialog', { name: `设备 ${serial}` });
    await expect(drawer.getByText('¥0.60').first()).toBeVisible();
    await expect(drawer).toContainText('当前为「已分配」：运营后才会接单。');
    await expect(drawer).not.toContainText('没有适用于此设备的价格策略');
    await expect(drawer.getByRole('button', { name: '安装' })).toBeVisible();
    await page.screenshot({ path: shot('machine-detail-zh') });
    await drawer.getByRole('button', { name: '关闭' }).click();
    await expect(drawer).toBeHidden();

    await row.getByRole('button', { name: `安装 ${serial}` }).click();
    const install = page.getByRole('dialog', { name: `将 ${serial} 安装到点位` });
    await expect(install).toContainText(`持有该设备的 ${agentName} 名下启用中的点位。`);
    await install.getByRole('button', { name: '安装' }).click();
    await expect(install).toContainText('请输入点位');
    await install.getByLabel('点位').click();
    await pickOption(page, siteLabel);
    await page.screenshot({ path: shot('machine-install-zh') });
    await install.getByRole('button', { name: '安装' }).click();
    await expect(notice(page, `${serial} 已安装，开始运营`)).toBeVisible();
    await expectState('运营中', ['暂停', '撤机']);
    await expect(row).toContainText(siteLabel.split(' · ')[0] as string);

    await row.getByRole('button', { name: `暂停 ${serial}` }).click();
    await expect(notice(page, `${serial} 已暂停：不再接单`)).toBeVisible();
    await expectState('已暂停', ['恢复', '撤机']);

    await row.getByRole('button', { name: `恢复 ${serial}` }).click();
    await expect(notice(page, `${serial} 已恢复运营`)).toBeVisible();
    await expectState('运营中', ['暂停', '撤机']);

    await row.getByRole('button', { name: `撤机 ${serial}` }).click();
    const retire = page.getByRole('dialog', { name: `确定将 ${serial} 从点位撤机吗？` });
    await expect(retire).toContainText(`撤机后停止接单并离开点位；设备仍归 ${agentName} 所有。`);
    await retire.getByLabel('备注（选填）').fill('点位装修');
    await page.screenshot({ path: shot('machine-retire-zh') });
    await retire.getByRole('button', { name: '撤机' }).click();
    await expect(notice(page, `${serial} 已从点位撤机`)).toBeVisible();
    await expectState('已撤机', ['回库', '报废']);

    await row.getByRole('button', { name: `回库 ${serial}` }).click();
    const restock = page.getByRole('dialog', { name: `确定将 ${serial} 回收到公司库存吗？` });
    await restock.getByLabel('备注（选填）').fill('返厂检修');
    await restock.getByRole('button', { name: '回库' }).click();
    await expect(notice(page, `${serial} 已回到公司库存`)).toBeVisible();
    await expectState('库存', []);
    await expect(row).toContainText('公司库存');
    await page.screenshot({ path: shot('machines-after-restock-zh') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await row.getByRole('button', { name: `分配记录 ${serial}` }).click();
    const history = page.getByRole('dialog', { name: `${serial} 的分配记录` });
    await expect(history).toContainText('返厂检修');
  });
});

test('a machine’s detail has its own address: shared, bookmarked, and closed back to the list as it was, on one tab', async ({
  page,
  admin,
}) => {
  const suffix = uniqueSuffix();
  const { id, serial, siteLabel } = await allocatedMachine(admin, suffix);
  await openConsole(page, '/business/machines');
  const table = page.getByRole('region', { name: 'Machines' });
  const row = await findMachine(page, table, serial, 'Serial number, sticker or IMEI', 'Search');

  await row.getByRole('button', { name: `Details ${serial}` }).click();
  await expect(page).toHaveURL(new RegExp(`/business/machines\\?machine=${id}$`));
  const drawer = page.getByRole('dialog', { name: `Machine ${serial}` });
  await expect(drawer).toContainText('CN¥0.60');
  await expect(drawer.getByRole('button', { name: 'Install' })).toBeVisible();
  await page.screenshot({ path: shot('machine-detail-en') });
  const link = page.url();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/business\/machines$/);
  // The list is as it was left: still searched for the one machine.
  await expect(page.getByPlaceholder('Serial number, sticker or IMEI')).toHaveValue(serial);
  await expect(table.getByRole('row')).toHaveCount(2);

  // The address opens the detail on its own, as a bookmark or a colleague's link would.
  await page.goto(link);
  const opened = page.getByRole('dialog', { name: `Machine ${serial}` });
  await expect(opened).toBeVisible();
  await expect(tabBar(page).getByRole('link', { name: 'Machines', exact: true })).toHaveCount(1);
  // Its actions work from the detail too, which then shows the machine as it now is.
  await opened.getByRole('button', { name: 'Install' }).click();
  const install = page.getByRole('dialog', { name: `Install ${serial} at a site` });
  await install.getByLabel('Site').click();
  await pickOption(page, siteLabel);
  await install.getByRole('button', { name: 'Install' }).click();
  await expect(notice(page, `${serial} is installed and operating`)).toBeVisible();
  await expect(opened).toContainText('Operating');
  await expect(opened.getByRole('button', { name: 'Suspend' })).toBeVisible();
  await expect(opened.getByRole('button', { name: 'Install' })).toHaveCount(0);
  await expect(opened).not.toContainText('it takes no orders');
  await opened.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/business\/machines$/);
  await expect(tabBar(page).getByRole('link', { name: 'Machines', exact: true })).toHaveCount(1);

  // Corrected from the console: its sticker code and modem number.
  const sticker = `QR${suffix}`;
  await page.getByPlaceholder('Serial number, sticker or IMEI').fill(serial);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await row.getByRole('button', { name: `Edit ${serial}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${serial}` });
  await edit.getByLabel('Sticker code').fill(sticker);
  await edit.getByLabel('IMEI').fill('861234567890123');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Saved')).toBeVisible();
  const saved = await (await admin.get(`api/machines/${id}`)).json();
  expect(saved).toMatchObject({ stickerCode: sticker, imei: '861234567890123' });
  await page.getByPlaceholder('Serial number, sticker or IMEI').fill(sticker);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row', { name: new RegExp(serial) })).toBeVisible();

  // A number no machine in reach has says so in the drawer.
  await page.goto('/business/machines?machine=999999');
  await expect(page.getByRole('dialog')).toContainText('No machine with this number is in your reach.');
});
