import type { Locator, Page } from '@playwright/test';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { sellingMachine } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';

test.use({ signedIn: true });

/** A machine installed and heartbeating through the real gateway, twice, with readings to chart. */
async function reportingMachine(admin: Api, baseURL: string) {
  const suffix = uniqueSuffix();
  const { id, serialNo, secret } = await sellingMachine(admin, suffix);
  const machine = new VirtualMachine(baseURL, { serialNo, secret });
  await machine.heartbeat({ tdsIn: 160, tdsOut: 9, temperature: 21.5, tankLevel: 70, signal: 22 });
  await machine.heartbeat({ tdsIn: 160, tdsOut: 9, temperature: 21.5, tankLevel: 70, signal: 22 });
  return { id, serialNo };
}

/**
 * What a chart's tooltip says about its latest slots, where the heartbeats just sent are: the
 * pointer goes left from the chart's right edge until the tooltip names their reading.
 */
async function expectLatestReading(page: Page, chart: Locator, reading: string) {
  await expect(chart.locator('svg')).toBeVisible();
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart is not on the screen');
  const tooltip = chart.locator('div').filter({ hasText: reading });
  await expect(async () => {
    // The grid ends 20 px before the chart's edge; the last slots lie within a few pixels of it.
    for (let offset = 19; offset <= 48; offset++) {
      await page.mouse.move(box.x + box.width - offset, box.y + box.height / 2);
      if (await tooltip.first().isVisible()) return;
    }
    throw new Error(`no tooltip says ${reading}`);
  }).toPass({ timeout: 15_000 });
}

test('telemetry: a machine’s heartbeats through the gateway are charted on its Telemetry tab, in English', async ({
  page,
  admin,
  testServer,
}) => {
  const { id, serialNo } = await reportingMachine(admin, testServer.baseURL);
  await openConsole(page, `/business/machines?machine=${id}`);
  const drawer = page.getByRole('dialog', { name: `Machine ${serialNo}` });
  await drawer.getByRole('tab', { name: 'Telemetry' }).click();
  const tds = drawer.getByRole('img', { name: 'TDS (ppm)' });
  for (const chart of ['TDS (ppm)', 'Temperature (°C)', 'Tank level (%)', 'Signal (0–31)']) {
    await expect(drawer.getByRole('img', { name: chart })).toBeVisible();
  }
  await expectLatestReading(page, tds, 'TDS out: 9 (lowest 9, highest 9)');
  await expect(tds.getByText('TDS in: 160 (lowest 160, highest 160)')).toBeVisible();
  await page.screenshot({ path: shot('machine-telemetry-en') });
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('telemetry: the Telemetry tab in Chinese, on a phone without sideways scrolling @phone', async ({
    page,
    admin,
    testServer,
  }) => {
    const { id, serialNo } = await reportingMachine(admin, testServer.baseURL);
    await openConsole(page, `/business/machines?machine=${id}`, 'zh-CN');
    const drawer = page.getByRole('dialog', { name: `设备 ${serialNo}` });
    await drawer.getByRole('tab', { name: '运行数据' }).click();
    for (const chart of ['TDS（ppm）', '水温（°C）', '水箱水位（%）', '信号（0–31）']) {
      await expect(drawer.getByRole('img', { name: chart })).toBeVisible();
    }
    await expectLatestReading(page, drawer.getByRole('img', { name: 'TDS（ppm）' }), '出水 TDS：9（最低 9，最高 9）');
    await expect(drawer.getByText('7 天', { exact: true })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('machine-telemetry-zh'), fullPage: true });
  });
});
