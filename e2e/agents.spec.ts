import { uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { notice, pickOption } from './support/system-pages.ts';

test.use({ signedIn: true });

test('agents: a top-level agent is added and approved, then one beneath it within its rate, then frozen', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const top = `North Springs ${suffix}`;
  const child = `Hebei Water ${suffix}`;
  await openConsole(page, '/business/agents');
  const table = page.getByRole('region', { name: 'Agents' });

  await table.getByRole('button', { name: 'Add' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add agent' });
  await dialog.getByLabel('Code').fill(`NS-${suffix}`);
  await dialog.getByLabel('Name').fill(top);
  await dialog.getByLabel('Level').click();
  await pickOption(page, 'Platform');
  await dialog.getByLabel('Contact person').fill('Zhang Min');
  await dialog.getByLabel('Contact phone').fill('139 1000 2000');
  await dialog.getByLabel('Commission').fill('25');
  await dialog.getByLabel('Machine quota').fill('500');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Created')).toBeVisible();
  const topRow = table.getByRole('row', { name: new RegExp(top) });
  await expect(topRow).toContainText('Pending review');

  await topRow.getByRole('button', { name: `Review ${top}` }).click();
  dialog = page.getByRole('dialog', { name: `Review ${top}` });
  await dialog.getByLabel('Note').fill('Contract signed');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(topRow).toContainText('Active');

  // Beneath it: the levels below Platform, and a rate above its 25% refused on the field.
  await table.getByRole('button', { name: 'Add' }).click();
  dialog = page.getByRole('dialog', { name: 'Add agent' });
  await dialog.getByLabel('Parent agent').click();
  await dialog.getByLabel('Parent agent').fill(`NS-${suffix}`);
  await pickOption(page, `${top} (NS-${suffix})`);
  await expect(dialog.getByText('At most 25%, the parent’s rate')).toBeVisible();
  await dialog.getByLabel('Code').fill(`HB-${suffix}`);
  await dialog.getByLabel('Name').fill(child);
  await dialog.getByLabel('Level').click();
  await expect(page.getByRole('option', { name: 'Platform' })).toHaveCount(0);
  await pickOption(page, 'Province');
  await dialog.getByLabel('Contact person').fill('Wang Fang');
  await dialog.getByLabel('Contact phone').fill('139 1000 3000');
  await dialog.getByLabel('Commission').fill('20');
  await dialog.getByLabel('Machine quota').fill('100');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const childRow = table.getByRole('row', { name: new RegExp(child) });
  await expect(childRow).toContainText(top);
  await expect(childRow).toContainText('20%');

  // The parent's rate cannot drop below its child's.
  await topRow.getByRole('button', { name: `Edit ${top}` }).click();
  dialog = page.getByRole('dialog', { name: `Edit ${top}` });
  await dialog.getByLabel('Commission').fill('15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('At least 20')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await childRow.getByRole('button', { name: `Review ${child}` }).click();
  dialog = page.getByRole('dialog', { name: `Review ${child}` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(childRow).toContainText('Active');
  await childRow.getByRole('button', { name: `Review ${child}` }).click();
  dialog = page.getByRole('dialog', { name: `Review ${child}` });
  await dialog.getByText('Freeze', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(childRow).toContainText('Frozen');
});

for (const language of ['en', 'zh'] as const) {
  test.describe(`agents page in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'zh-CN' });

    test(`screenshots of the agents page (${language}) @phone`, async ({ page, admin }) => {
      const suffix = uniqueSuffix();
      const created = await admin.post('api/agents', {
        code: `SC-${suffix}`,
        name: language === 'en' ? `South China Water ${suffix}` : `华南水务 ${suffix}`,
        level: 'PLATFORM',
        contactName: language === 'en' ? 'Chen Jie' : '陈杰',
        contactPhone: '138 2000 1000',
        region: language === 'en' ? 'Guangdong' : '广东省',
        commissionRate: '28',
        machineQuota: 800,
      });
      expect(created.status()).toBe(201);
      await openConsole(page, '/business/agents', language === 'en' ? 'en' : 'zh-CN');
      const table = page.getByRole('region', { name: language === 'en' ? 'Agents' : '代理商列表' });
      await expect(table.getByRole('row', { name: new RegExp(`SC-${suffix}`) })).toBeVisible();
      await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
      await page.screenshot({ path: shot(`agents-${language}`) });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      // Its details: the terms, and the site it has.
      const [agent] = (await (await admin.get('api/agents', { blurry: `SC-${suffix}` })).json()).content;
      expect((await admin.put(`api/agents/${agent.id}/review`, { action: 'APPROVE' })).status()).toBe(200);
      const site = await admin.post('api/sites', {
        agentId: agent.id,
        name: language === 'en' ? `Pearl Plaza ${suffix}` : `明珠广场 ${suffix}`,
        type: 'SHOP',
        address: language === 'en' ? '9 Pearl Road' : '明珠路 9 号',
        feeType: 'RENT',
        feeValue: 0,
      });
      expect(site.status(), await site.text()).toBe(201);
      await page.reload();
      await table
        .getByRole('button', { name: language === 'en' ? `Details of ${agent.name}` : `查看 ${agent.name} 详情` })
        .click();
      const details = page.getByRole('dialog', {
        name: language === 'en' ? `Agent ${agent.name}` : `代理商 ${agent.name}`,
      });
      await expect(details).toContainText('28.00%');
      await expect(details).toContainText(language === 'en' ? '0 of 800 machines' : '0');
      await details.getByRole('tab', { name: language === 'en' ? 'Sites (1)' : '点位 (1)' }).click();
      await expect(details).toContainText(language === 'en' ? `Pearl Plaza ${suffix}` : `明珠广场 ${suffix}`);
      await page.screenshot({ path: shot(`agent-detail-${language}`) });
      expect(await fitsScreenWidth(page, details)).toBe(true);
      await details.getByRole('button', { name: language === 'en' ? 'Close' : '关闭' }).click();
      await table.getByRole('button', { name: language === 'en' ? 'Add' : '新增' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: shot(`agents-add-${language}`) });
      expect(await fitsScreenWidth(page, dialog)).toBe(true);
    });
  });
}
