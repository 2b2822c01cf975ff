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
      // Other journeys add agents: the list of choices is searched, as staff would.
      await dialog.getByLabel(en ? 'Agent' : '代理商').click();
      await dialog.getByLabel(en ? 'Agent' : '代理商').pressSequentially(`ST-${suffix}`);
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

      // A second site, with a machine installed that has not reported: the status view of this
      // search puts it first, with its machine offline; the other has no machines.
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
      const [harbour] = (await (await admin.get('api/sites', { blurry: `Harbour Point ${suffix}` })).json()).content;
      const model = await admin.post('api/machine-models', {
        code: `HM-${suffix}`,
        name: `Harbour model ${suffix}`,
        taps: 1,
        waterTypes: 'COLD',
        tankLitres: 40,
        outputLph: 40,
        billing: 'FLOW',
        pulsesPerLitre: 450,
      });
      expect(model.status(), await model.text()).toBe(201);
      const [modelRow] = (await (await admin.get('api/machine-models', { blurry: `HM-${suffix}` })).json()).content;
      const { machine } = await (
        await admin.post('api/machines', { serialNo: `HP${suffix}`, modelId: modelRow.id })
      ).json();
      expect(
        (await admin.post('api/machines/allocate', { machineIds: [machine.id], agentId: agent.id })).status(),
      ).toBe(200);
      const lifecycle = (action: string) =>
        admin.put(`api/machines/${machine.id}/lifecycle`, {
          action,
          ...(action === 'INSTALL' ? { siteId: harbour.id } : {}),
        });
      expect((await lifecycle('INSTALL')).status()).toBe(200);
      await page.getByPlaceholder(en ? 'Name, address or owner' : '名称、地址或业主').fill(suffix);
      await page.getByRole('button', { name: en ? 'Search' : '搜索' }).click();
      await page
        .getByRole('radiogroup', { name: en ? 'View' : '视图' })
        .getByText(en ? 'Machine status' : '设备状态', { exact: true })
        .click();
      const status = page.getByRole('region', { name: en ? 'Machine status by site' : '各点位设备状态' });
      await expect(status).toContainText(
        en
          ? '2 sites, those with machines offline or alarms open first'
          : '共 2 个点位，有设备离线或告警未处理的排在前面',
      );
      const rows = status.locator('tbody tr.ant-table-row');
      await expect(rows.first()).toContainText(`Harbour Point ${suffix}`);
      await expect(rows.first()).toContainText(en ? '1 offline' : '1 台离线');
      await expect(rows.nth(1)).toContainText(`Sunny Gardens ${suffix}`);
      await expect(rows.nth(1)).toContainText(en ? 'No machines' : '暂无设备');
      await page.screenshot({ path: shot(`sites-status-${language}`) });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      // Taken away again before the offline check raises its alarm in other journeys' consoles.
      expect((await lifecycle('RETIRE')).status()).toBe(200);

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
      await expect(details).toContainText(en ? 'Machines here (1)' : '此处设备（1）');
      await page.screenshot({ path: shot(`site-detail-${language}`) });
      expect(await fitsScreenWidth(page, details)).toBe(true);
    });
  });
}
