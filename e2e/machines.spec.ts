import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { notice, pickOption } from './support/system-pages.ts';

test.use({ signedIn: true });

/** A model and an active agent with room for `quota` machines, through the API. */
async function seedBusiness(admin: Api, suffix: string, quota: number) {
  const model = await admin.post('api/machine-models', {
    code: `RO-${suffix}`,
    name: `Reverse osmosis ${suffix}`,
    taps: 2,
    waterTypes: 'COLD,HOT',
    tankLitres: 60,
    outputLph: 60,
    billing: 'FLOW',
    pulsesPerLitre: 450,
  });
  expect(model.status()).toBe(201);
  const agent = await admin.post('api/agents', {
    code: `MA-${suffix}`,
    name: `Machine Agent ${suffix}`,
    level: 'PLATFORM',
    contactName: 'Zhao Lei',
    contactPhone: '139 0000 1111',
    commissionRate: '20',
    machineQuota: quota,
  });
  expect(agent.status()).toBe(201);
  const [created] = (await (await admin.get('api/agents', { blurry: `MA-${suffix}` })).json()).content;
  expect((await admin.put(`api/agents/${created.id}/review`, { action: 'APPROVE' })).status()).toBe(200);
  return {
    agentName: `Machine Agent ${suffix}`,
    agentCode: `MA-${suffix}`,
    modelLabel: `Reverse osmosis ${suffix} (RO-${suffix})`,
  };
}

test('machines: one registered with its secret shown once, two allocated within the quota, the move in its history', async ({
  page,
  admin,
}) => {
  const suffix = uniqueSuffix();
  const { agentName, agentCode, modelLabel } = await seedBusiness(admin, suffix, 2);
  const serials = [`WM${suffix}A`, `WM${suffix}B`];
  await openConsole(page, '/business/machines');
  const table = page.getByRole('region', { name: 'Machines' });

  for (const serial of serials) {
    await table.getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register a machine' });
    await dialog.getByLabel('Serial number').fill(serial);
    await dialog.getByLabel('Model').click();
    await pickOption(page, modelLabel);
    await dialog.getByRole('button', { name: 'Register' }).click();
    const secret = page.getByRole('dialog', { name: `Gateway secret of ${serial}` });
    await expect(secret).toContainText('shown this one time');
    await expect(secret.locator('code')).toHaveText(/^[\w-]{32}$/);
    await secret.getByRole('button', { name: 'I have copied it' }).click();
  }

  await page.getByPlaceholder('Serial number, sticker or IMEI').fill(`WM${suffix}`);
  await page.getByRole('button', { name: 'Search' }).click();
  for (const serial of serials) {
    const row = table.getByRole('row', { name: new RegExp(serial) });
    await expect(row).toContainText('In stock');
    await row.getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Allocate (2)' }).click();
  const move = page.getByRole('dialog', { name: 'Allocate 2 machines to an agent' });
  await move.getByLabel('To agent').click();
  await move.getByLabel('To agent').fill(agentCode);
  await pickOption(page, `${agentName} (${agentCode}) · room for 2`);
  await move.getByLabel('Note').fill('First delivery');
  await move.getByRole('button', { name: 'Allocate' }).click();
  await expect(notice(page, 'Done')).toBeVisible();
  for (const serial of serials) {
    await expect(table.getByRole('row', { name: new RegExp(serial) })).toContainText(agentName);
  }

  await table.getByRole('button', { name: `Allocation history ${serials[0]}` }).click();
  const history = page.getByRole('dialog', { name: `Allocation history of ${serials[0]}` });
  await expect(history).toContainText(`Allocated Company stock → ${agentName}`);
  await expect(history).toContainText('First delivery');
});

for (const language of ['en', 'zh'] as const) {
  test.describe(`machines pages in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'zh-CN' });

    test(`screenshots of the machines and models pages (${language}) @phone`, async ({ page, admin }) => {
      const suffix = uniqueSuffix();
      await seedBusiness(admin, suffix, 10);
      const [model] = (await (await admin.get('api/machine-models', { blurry: `RO-${suffix}` })).json()).content;
      for (const letter of ['A', 'B', 'C']) {
        const registered = await admin.post('api/machines', { serialNo: `SN${suffix}${letter}`, modelId: model.id });
        expect(registered.status()).toBe(201);
      }
      await openConsole(page, '/business/machines', language === 'en' ? 'en' : 'zh-CN');
      const table = page.getByRole('region', { name: language === 'en' ? 'Machines' : '设备列表' });
      await expect(table.getByRole('row', { name: new RegExp(`SN${suffix}A`) })).toBeVisible();
      await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
      await page.screenshot({ path: shot(`machines-${language}`) });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.goto('/business/models');
      const models = page.getByRole('region', { name: language === 'en' ? 'Machine models' : '设备型号' });
      await expect(models.getByRole('row', { name: new RegExp(`RO-${suffix}`) })).toBeVisible();
      await page.screenshot({ path: shot(`machine-models-${language}`) });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
}

test('machines: a sheet of serial numbers is imported with each secret shown once; the same sheet again names its rows and imports none', async ({
  page,
  admin,
}) => {
  const suffix = uniqueSuffix();
  await seedBusiness(admin, suffix, 2);
  const sheet = {
    name: 'machines.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Serial number,Model code,IMEI\nWI${suffix}A,RO-${suffix},861234567890123\nWI${suffix}B,RO-${suffix},\n`,
    ),
  };
  await openConsole(page, '/business/machines');
  const importOnce = async () => {
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import machines from a sheet' });
    await dialog.locator('input[type="file"]').setInputFiles(sheet);
    await dialog.getByRole('button', { name: 'Import' }).click();
    return dialog;
  };
  await importOnce();
  const secrets = page.getByRole('dialog', { name: 'Gateway secrets of 2 machines' });
  await expect(secrets).toContainText(`WI${suffix}A`);
  await expect(secrets).toContainText(`WI${suffix}B`);
  await expect(secrets).toContainText('shown this one time');
  await page.screenshot({ path: shot('machines-import-secrets') });
  await secrets.getByRole('button', { name: 'I have copied it' }).click();

  const again = await importOnce();
  await expect(again).toContainText('Nothing was imported');
  await expect(again).toContainText(`Row 2, Serial number: "WI${suffix}A" is already registered`);
  await expect(again).toContainText(`Row 3, Serial number: "WI${suffix}B" is already registered`);
  await page.screenshot({ path: shot('machines-import-refused') });
  await again.getByRole('button', { name: 'Cancel' }).click();
  await page.getByPlaceholder('Serial number, sticker or IMEI').fill(`WI${suffix}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('region', { name: 'Machines' }).getByRole('row', { name: /WI/ })).toHaveCount(2);
});
