import { uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { pickOption } from './support/system-pages.ts';

test.use({ signedIn: true });

for (const language of ['en', 'zh'] as const) {
  test.describe(`sites page in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'zh-CN' });

    test(`a site is added for an agent, shown with its type and fee (${language}) @phone`, async ({ page, admin }) => {
      const suffix = uniqueSuffix();
      const created = await admin.post('api/agents', {
        code: `ST-${suffix}`,
        name: `Site Agent ${suffix}`,
        level: 'PLATFORM',
        contactName: 'Sun Li',
        contactPhone: '139 0000 2222',
        commissionRate: '20',
        machineQuota: 10,
      });
      expect(created.status()).toBe(201);
      const [agent] = (await (await admin.get('api/agents', { blurry: `ST-${suffix}` })).json()).content;
      expect((await admin.put(`api/agents/${agent.id}/review`, { action: 'APPROVE' })).status()).toBe(200);

      const en = language === 'en';
      await openConsole(page, '/business/sites', en ? 'en' : 'zh-CN');
      const table = page.getByRole('region', { name: en ? 'Sites' : '点位列表' });
      await table.getByRole('button', { name: en ? 'Add' : '新增' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(en ? 'Agent' : '代理商').click();
      await pickOption(page, `Site Agent ${suffix} (ST-${suffix})`);
      await dialog.getByLabel(en ? 'Name' : '名称').fill(`Sunny Gardens ${suffix}`);
      await dialog.getByLabel(en ? 'Type' : '类型').click();
      await pickOption(page, en ? 'Residential compound' : '住宅小区');
      await dialog.getByLabel(en ? 'City' : '市').fill(en ? 'Shenzhen' : '深圳');
      await dialog.getByLabel(en ? 'Address' : '详细地址').fill(en ? '88 Keyuan Road' : '科苑路 88 号');
      await dialog.getByText(en ? 'Revenue share' : '营收分成').click();
      await dialog.getByLabel(en ? 'Fee' : '费用').fill('12.5');
      expect(await fitsScreenWidth(page, dialog)).toBe(true);
      await page.screenshot({ path: shot(`sites-add-${language}`) });
      await dialog.getByRole('button', { name: en ? 'Save' : '保存' }).click();
      await expect(dialog).toBeHidden();

      const row = table.getByRole('row', { name: new RegExp(`Sunny Gardens ${suffix}`) });
      await expect(row).toContainText(en ? 'Residential compound' : '住宅小区');
      await expect(row).toContainText(en ? '12.5% of revenue' : '营收的 12.5%');
      await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
      await page.screenshot({ path: shot(`sites-${language}`) });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      // A second site with coordinates: the map of this search shows it, and says one lacks them.
      const placed = await admin.post('api/sites', {
        agentId: agent.id,
        name: `Harbour Point ${suffix}`,
        type: 'SHOP',
        address: '1 Harbour Road',
        longitude: '114.057868',
        latitude: '22.543099',
        feeType: 'RENT',
        feeValue: 0,
      });
      expect(placed.status(), await placed.text()).toBe(201);
      await page.getByPlaceholder(en ? 'Name, address or owner' : '名称、地址或业主').fill(suffix);
      await page.getByRole('button', { name: en ? 'Search' : '搜索' }).click();
      await page
        .getByRole('radiogroup', { name: en ? 'View' : '视图' })
        .getByText(en ? 'Map' : '地图', { exact: true })
        .click();
      const map = page.getByRole('region', { name: en ? 'Sites on the map' : '点位地图' });
      await expect(map).toContainText(en ? '1 of 2 sites have coordinates' : '2 个点位中有 1 个填写了坐标');
      await expect(map.getByRole('listitem')).toHaveText(new RegExp(`Harbour Point ${suffix}: 114.057868, 22.543099`));
      await expect(map.locator('svg path').first()).toBeVisible();
      await page.screenshot({ path: shot(`sites-map-${language}`) });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      // Back to the list: a site's details.
      await page
        .getByRole('radiogroup', { name: en ? 'View' : '视图' })
        .getByText(en ? 'List' : '列表', { exact: true })
        .click();
      await table
        .getByRole('button', { name: en ? `Details of Harbour Point ${suffix}` : `查看 Harbour Point ${suffix} 详情` })
        .click();
      const details = page
        .getByRole('dialog')
        .filter({ hasText: en ? `Site Harbour Point ${suffix}` : `点位 Harbour Point ${suffix}` });
      await expect(details).toContainText('114.057868, 22.543099');
      await expect(details).toContainText(en ? 'Machines here (0)' : '此处设备（0）');
      await page.screenshot({ path: shot(`site-detail-${language}`) });
      expect(await fitsScreenWidth(page, details)).toBe(true);
    });
  });
}
