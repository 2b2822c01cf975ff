import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { sellingMachine } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { pickOption } from './support/system-pages.ts';

test.use({ signedIn: true });

/**
 * Through the API: a machine installed at a site of an agent (`sellingMachine`), whose model's PP
 * stage lasts one day (so the machine is due soon today) and RO membrane two years.
 */
async function machineWithFilters(admin: Api, suffix: string) {
  const machine = await sellingMachine(admin, suffix);
  const [model] = (await (await admin.get('api/machine-models', { blurry: `SM-${suffix}` })).json()).content;
  const stages = await admin.put(`api/filters/models/${model.id}/stages`, {
    stages: [
      { code: 'PP', lifeDays: 1, lifeLitres: 10_000 },
      { code: 'RO', lifeDays: 730, lifeLitres: 60_000, tdsOutMax: 50 },
    ],
  });
  expect(stages.status(), await stages.text()).toBe(204);
  return machine;
}

test('filters: run now lists the due stage; the machine’s detail shows each stage’s remaining life @phone', async ({
  page,
  admin,
}) => {
  const suffix = uniqueSuffix();
  const machine = await machineWithFilters(admin, suffix);
  await openConsole(page, '/field/filters');
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(/Schedule computed: \d+ stages/)).toBeVisible();
  await page.getByPlaceholder('Machine serial').fill(machine.serialNo);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('row').filter({ hasText: machine.serialNo });
  await expect(rows).toHaveCount(2);
  // Due first: the PP cotton of one day, then the RO membrane of two years.
  await expect(rows.first()).toContainText('PP cotton');
  await expect(rows.first()).toContainText('Due soon');
  await expect(rows.nth(1)).toContainText('RO membrane');
  await expect(rows.nth(1)).toContainText('OK');
  await page.screenshot({ path: shot('filters-schedule-en') });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // The model's stages, as set through the API, in the editor.
  await page.getByRole('tab', { name: 'Stages by model' }).click();
  await page.getByRole('combobox', { name: 'Machine model' }).click();
  await pickOption(page, `SM-${suffix} · Harbour model ${suffix}`);
  await expect(page.getByRole('button', { name: 'Save stages' })).toBeVisible();
  await expect(page.getByTitle('RO membrane')).toBeVisible();
  await page.screenshot({ path: shot('filters-stages-en') });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // The due stage made its filter-change order.
  const orders = await (await admin.get('api/workOrders', { machineId: machine.id, type: 'FILTER_CHANGE' })).json();
  expect(orders.content).toHaveLength(1);

  await openConsole(page, `/business/machines?machine=${machine.id}`);
  const detail = page.getByRole('dialog').filter({ hasText: machine.serialNo });
  await detail.getByRole('tab', { name: 'Filters' }).click();
  const stages = detail.getByRole('tabpanel', { name: 'Filters' });
  await expect(stages.getByRole('progressbar', { name: 'PP cotton' })).toBeVisible();
  await expect(stages).toContainText('RO membrane');
  await expect(stages).toContainText('730 d · 60000 L left');
  await expect(stages).toContainText('Fitted filter not recorded');
  await page.screenshot({ path: shot('filters-machine-en') });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test.describe('filters in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('filters: the schedule and the machine’s filters in Chinese @phone', async ({ page, admin }) => {
    const machine = await machineWithFilters(admin, uniqueSuffix());
    expect((await admin.post('api/filters/schedule/run')).status()).toBe(200);
    await openConsole(page, '/field/filters', 'zh-CN');
    await page.getByPlaceholder('设备序列号').fill(machine.serialNo);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const rows = page.getByRole('row').filter({ hasText: machine.serialNo });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('PP 棉');
    await expect(rows.first()).toContainText('即将到期');
    await page.screenshot({ path: shot('filters-schedule-zh') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await openConsole(page, `/business/machines?machine=${machine.id}`, 'zh-CN');
    const detail = page.getByRole('dialog').filter({ hasText: machine.serialNo });
    await detail.getByRole('tab', { name: '滤芯' }).click();
    await expect(detail.getByRole('tabpanel', { name: '滤芯' })).toContainText('RO 反渗透膜');
    await page.screenshot({ path: shot('filters-machine-zh') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
