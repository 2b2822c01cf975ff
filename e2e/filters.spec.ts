import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';

test.use({ signedIn: true });

/**
 * Through the API: an agent with a site, a model whose PP stage lasts one day (so a machine
 * installed today is due soon) and whose RO membrane lasts two years, and a machine installed.
 */
async function machineWithFilters(admin: Api, suffix: string) {
  const ok = async (answer: Awaited<ReturnType<Api['post']>>, status = 201) =>
    expect(answer.status(), await answer.text()).toBe(status);
  await ok(
    await admin.post('api/agents', {
      code: `FLA-${suffix}`,
      name: `Filter Agent ${suffix}`,
      level: 'PLATFORM',
      contactName: 'Zhao Lan',
      contactPhone: '139 0000 5555',
      commissionRate: '20',
      machineQuota: 10,
    }),
  );
  const [agent] = (await (await admin.get('api/agents', { blurry: `FLA-${suffix}` })).json()).content;
  await ok(await admin.put(`api/agents/${agent.id}/review`, { action: 'APPROVE' }), 200);
  await ok(
    await admin.post('api/sites', {
      agentId: agent.id,
      name: `Filter Court ${suffix}`,
      type: 'RESIDENTIAL',
      address: '9 Filter Road',
      feeType: 'RENT',
      feeValue: 0,
    }),
  );
  const [site] = (await (await admin.get('api/sites', { blurry: `Filter Court ${suffix}` })).json()).content;
  await ok(
    await admin.post('api/machine-models', {
      code: `FLM-${suffix}`,
      name: `Filter model ${suffix}`,
      taps: 1,
      waterTypes: 'COLD',
      tankLitres: 40,
      outputLph: 40,
      billing: 'FLOW',
      pulsesPerLitre: 450,
    }),
  );
  const [model] = (await (await admin.get('api/machine-models', { blurry: `FLM-${suffix}` })).json()).content;
  await ok(
    await admin.put(`api/filters/models/${model.id}/stages`, {
      stages: [
        { code: 'PP', lifeDays: 1, lifeLitres: 10_000 },
        { code: 'RO', lifeDays: 730, lifeLitres: 60_000, tdsOutMax: 50 },
      ],
    }),
    204,
  );
  const serialNo = `FL${suffix}`;
  const registered = await admin.post('api/machines', { serialNo, modelId: model.id });
  await ok(registered);
  const { machine } = await registered.json();
  await ok(await admin.post('api/machines/allocate', { machineIds: [machine.id], agentId: agent.id }), 200);
  await ok(await admin.put(`api/machines/${machine.id}/lifecycle`, { action: 'INSTALL', siteId: site.id }), 200);
  return { serialNo, id: machine.id as number };
}

test('filters: run now lists the due stage; the machine’s detail shows each stage’s remaining life @phone', async ({
  page,
  admin,
}) => {
  const machine = await machineWithFilters(admin, uniqueSuffix());
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
